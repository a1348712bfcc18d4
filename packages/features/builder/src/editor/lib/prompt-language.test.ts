import { describe, expect, it } from 'vitest';
import { completeVariable, findReferences } from './prompt-language';
import type { CompletionVariable } from './spec-ops';

const variables: CompletionVariable[] = [
  { reference: 'topic', description: 'Topic', earlier: true },
  { reference: 'tone', description: 'Tone', earlier: true },
  { reference: 'quiz', description: 'Quiz', earlier: false },
  { reference: 'quiz.title', description: 'title of quiz', earlier: false },
];

describe('completeVariable', () => {
  it('offers every variable right after {{ and closes the braces', () => {
    const text = 'Write about {{';
    const at = completeVariable(text, text.length, variables);
    expect(at?.from).toBe(text.length);
    expect(at?.options.map((option) => option.apply)).toEqual(['topic}}', 'tone}}', 'quiz}}', 'quiz.title}}']);
    expect(at?.options[2]?.detail).toBe('set by a later step');
  });

  it('narrows to what was typed and does not add braces that are already there', () => {
    const text = 'About {{ to}} now';
    const pos = text.indexOf('}}');
    const at = completeVariable(text, pos, variables);
    expect(at?.typed).toBe('to');
    expect(at?.options.map((option) => option.apply)).toEqual(['topic', 'tone']);
  });

  it('offers nothing outside braces or after a closed reference', () => {
    expect(completeVariable('plain text', 5, variables)).toBeNull();
    expect(completeVariable('{{topic}} and', 13, variables)).toBeNull();
  });
});

describe('findReferences', () => {
  it('marks references to variables the app has, and the ones it does not', () => {
    const text = 'A {{topic}}, {{ quiz.title }}, {{quiz.nope}} and {{missing}} but not {{ two words }}';
    expect(findReferences(text, variables).map((range) => [range.reference, range.known])).toEqual([
      ['topic', true],
      ['quiz.title', true],
      ['quiz.nope', false],
      ['missing', false],
    ]);
    const first = findReferences(text, variables)[0];
    expect(text.slice(first?.from, first?.to)).toBe('{{topic}}');
  });

  it('accepts any field of a variable whose fields are not listed (API responses, rows)', () => {
    expect(findReferences('{{weather.temp}}', [{ reference: 'weather', description: '', earlier: true }])[0]?.known).toBe(true);
  });
});
