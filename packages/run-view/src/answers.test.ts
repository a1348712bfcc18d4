import { LIMITS } from '@appforge/engine';
import { describe, expect, it } from 'vitest';
import { field } from '../test/field';
import { ANSWERS_MAX_BYTES, checkAnswers, emptyDraft, isTextFile, readFileValue } from './answers';

const topic = field({ type: 'text', name: 'topic', label: 'Topic', required: true, maxLength: 100 });
const minutes = field({ type: 'number', name: 'minutes', label: 'Minutes', integer: true, min: 5 });
const homework = field({ type: 'yes_no', name: 'homework', label: 'Homework' });
const level = field({ type: 'choice', name: 'level', label: 'Level', options: ['Beginner', 'Advanced'] });
const essay = field({ type: 'long_text', name: 'essay', label: 'Essay' });

describe('checkAnswers', () => {
  it('gives typed values for valid answers, as the engine stores them', () => {
    const result = checkAnswers([topic, minutes, homework, level], { topic: 'Fractions', minutes: '45', homework: 'yes', level: 'advanced' });
    expect(result).toEqual({ ok: true, values: { topic: 'Fractions', minutes: 45, homework: true, level: 'Advanced' } });
  });

  it('leaves optional answers empty and an unanswered yes/no as no', () => {
    const result = checkAnswers([minutes, homework], emptyDraft([minutes, homework]));
    expect(result).toEqual({ ok: true, values: { minutes: null, homework: false } });
  });

  it('names every wrong answer with the engine’s words', () => {
    const result = checkAnswers([topic, minutes], { topic: '   ', minutes: '4.5' });
    expect(result).toEqual({
      ok: false,
      formError: null,
      fieldErrors: { topic: '“Topic” is required.', minutes: '“Minutes” must be a whole number.' },
    });
  });

  it('refuses an overlong answer and names the limit', () => {
    const result = checkAnswers([topic], { topic: 'x'.repeat(101) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.topic).toBe('“Topic” can be at most 100 characters (it has 101).');
  });

  it('refuses answers too big to send in one request, naming the size limit', () => {
    const big = field({ type: 'long_text', name: 'essay', label: 'Essay', maxLength: 100_000 });
    const result = checkAnswers([big], { essay: 'é'.repeat(40_000) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.formError).toBe(`Your answers come to 79 KB; an app accepts at most ${ANSWERS_MAX_BYTES / 1024} KB at once. Shorten the longest answer or pick a smaller file.`);
  });

  it('refuses a text file longer than any text the engine takes', () => {
    const upload = field({ type: 'file', name: 'doc', label: 'Document' });
    const text = 'a'.repeat(LIMITS.textMaxLength + 1);
    const result = checkAnswers([upload], { doc: { name: 'a.txt', mimeType: 'text/plain', size: text.length, text } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.doc).toBe(`“Document” holds ${LIMITS.textMaxLength + 1} characters of text; the limit is ${LIMITS.textMaxLength}.`);
  });

  it('ignores answers to questions the step does not ask, even hostile keys', () => {
    const draft = JSON.parse('{"__proto__": {"polluted": true}, "essay": "Hi"}') as Record<string, string>;
    const result = checkAnswers([essay], draft);
    expect(result).toEqual({ ok: true, values: { essay: 'Hi' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('readFileValue', () => {
  it('sends a text file’s content and only the name, type and size of other files', async () => {
    const text = await readFileValue(new File(['hello'], 'notes.md', { type: '' }), 1000);
    expect(text).toEqual({ name: 'notes.md', mimeType: 'application/octet-stream', size: 5, text: 'hello' });
    const image = await readFileValue(new File([new Uint8Array(3)], 'cat.png', { type: 'image/png' }), 1000);
    expect(image).toEqual({ name: 'cat.png', mimeType: 'image/png', size: 3 });
  });

  it('does not read a file over the field’s limit (the engine refuses it by size)', async () => {
    const value = await readFileValue(new File(['0123456789'], 'big.txt', { type: 'text/plain' }), 5);
    expect(value.text).toBeUndefined();
    const upload = field({ type: 'file', name: 'doc', label: 'Document', maxBytes: 5 });
    const result = checkAnswers([upload], { doc: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.doc).toBe('“Document” is 10 bytes; the limit is 5 bytes.');
  });

  it('recognises text files by type or extension', () => {
    expect(isTextFile({ name: 'a.csv', type: '' })).toBe(true);
    expect(isTextFile({ name: 'a', type: 'application/json' })).toBe(true);
    expect(isTextFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
  });
});
