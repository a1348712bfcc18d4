/** Example descriptions the visitor can pick on /create-new-app; each fills the box. */
export interface ExampleDescription {
  /** The chip's short label. */
  readonly label: string;
  /** The text it puts in the box. */
  readonly text: string;
}

export const EXAMPLE_DESCRIPTIONS: readonly ExampleDescription[] = [
  {
    label: 'Lesson planner',
    text: 'A lesson planner for teachers: I give the subject, the topic, the age of my students and the lesson length, and it writes a lesson plan with objectives, activities and a short homework.',
  },
  {
    label: 'Quiz maker',
    text: 'A quiz maker: I paste a text or name a topic, choose how many questions and the difficulty, and it writes a multiple-choice quiz with the answers at the end.',
  },
  {
    label: 'Essay feedback',
    text: 'An essay feedback app for students: they paste their essay and the assignment, and it gives kind, specific feedback on structure, arguments and language, with three things to improve.',
  },
  {
    label: 'Summariser',
    text: 'A summariser: I paste a long article or report and choose the length, and it writes a clear summary with the key points as a bullet list.',
  },
  {
    label: 'Email writer',
    text: 'An email writer: I say who the email is for, what I want to say and the tone (friendly, formal, firm), and it writes a ready-to-send email with a subject line.',
  },
  {
    label: 'Interview coach',
    text: 'An interview coach: I give the job title and my experience, it asks me interview questions one at a time and gives feedback on each answer.',
  },
  {
    label: 'Recipe helper',
    text: 'A recipe helper: I list the ingredients I have and any diet restrictions, and it suggests a recipe with steps and cooking times.',
  },
  {
    label: 'Translator',
    text: 'A translator that keeps the tone: I paste a text and pick the target language and the audience, and it translates it and explains any idioms it changed.',
  },
];
