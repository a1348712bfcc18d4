// The starting points the empty /databases page offers: a name, a sentence on what it is for,
// and the first table with typed columns.
import type { CreateDatabaseInput } from '@appforge/sdk';

export interface DatabaseTemplate {
  id: string;
  title: string;
  summary: string;
  input: CreateDatabaseInput;
}

export const DATABASE_TEMPLATES: readonly DatabaseTemplate[] = [
  {
    id: 'quiz-results',
    title: 'Quiz results',
    summary: 'Each pupil’s score on each quiz, written by your quiz app after every attempt.',
    input: {
      name: 'Quiz results',
      description: 'Scores written by a quiz app after each attempt.',
      tables: [
        {
          name: 'Results',
          columns: [
            { name: 'Pupil', type: 'text' },
            { name: 'Quiz', type: 'text' },
            { name: 'Score', type: 'number' },
            { name: 'Passed', type: 'boolean' },
            { name: 'Taken on', type: 'date' },
          ],
        },
      ],
    },
  },
  {
    id: 'reading-log',
    title: 'Reading log',
    summary: 'Books read, pages and a short review — for a class or for yourself.',
    input: {
      name: 'Reading log',
      description: 'Books, pages and reviews.',
      tables: [
        {
          name: 'Books',
          columns: [
            { name: 'Title', type: 'text' },
            { name: 'Author', type: 'text' },
            { name: 'Pages', type: 'number' },
            { name: 'Finished', type: 'date' },
            { name: 'Review', type: 'text' },
          ],
        },
      ],
    },
  },
  {
    id: 'contacts',
    title: 'Contacts',
    summary: 'Names, e-mail addresses and notes your apps can look up or add to.',
    input: {
      name: 'Contacts',
      description: 'People and how to reach them.',
      tables: [
        {
          name: 'People',
          columns: [
            { name: 'Name', type: 'text' },
            { name: 'Email', type: 'text' },
            { name: 'Phone', type: 'text' },
            { name: 'Notes', type: 'text' },
          ],
        },
      ],
    },
  },
];
