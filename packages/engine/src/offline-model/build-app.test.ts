import { describe, expect, it } from 'vitest';

import { validateApp } from '../validate/validate-app';
import { buildAppFromDescription } from './build-app';

describe('buildAppFromDescription', () => {
  it.each([
    ['Help me plan lessons for my year 5 science class', 'lesson-planner'],
    ['A trivia quiz generator for pub nights', 'quiz-maker'],
    ['Give students feedback on their essays before they hand them in', 'essay-feedback'],
    ['Summarize long articles into a few bullet points', 'summariser'],
    ['Translate my product descriptions into Spanish and French', 'translator'],
    ['Write polite emails to customers who are late paying', 'email-writer'],
    ['Practise for job interviews with a mock interviewer', 'interview-coach'],
    ['What can I cook for dinner with what is in my fridge?', 'recipe-helper'],
  ])('“%s” → %s', (description, templateId) => {
    const built = buildAppFromDescription(description);
    expect(built.templateId).toBe(templateId);
    expect(built.matchedBy.kind).toBe('keywords');
    expect(built.description).toBe(description);
    expect(validateApp(built.spec)).toEqual([]);
    expect(built.changeSummary).toMatch(/^Built by the offline model from the “.+” template \(it matched: .+\)\.$/);
  });

  it('falls back to the general assistant when nothing matches, and says so', () => {
    const built = buildAppFromDescription('zzz qqq');
    expect(built).toMatchObject({ templateId: 'assistant', name: 'AI assistant', matchedBy: { kind: 'default' } });
    expect(built.changeSummary).toContain('no template matched');
    expect(buildAppFromDescription('   ').description).toBe('Answers a request with the context you give it.');
  });

  it('lists the words it matched and is deterministic', () => {
    const a = buildAppFromDescription('A QUIZ with exam questions');
    expect(a.matchedBy).toEqual({ kind: 'keywords', keywords: ['quiz', 'exam', 'questions'], score: 6 });
    expect(buildAppFromDescription('A QUIZ with exam questions')).toEqual(a);
  });

  it('returns a fresh spec each time, so editing one app never changes another', () => {
    const a = buildAppFromDescription('quiz');
    const first = a.spec.steps[0];
    if (first) first.title = 'Changed';
    expect(buildAppFromDescription('quiz').spec.steps[0]?.title).toBe('Quiz settings');
  });
});
