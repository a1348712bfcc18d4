import { describe, expect, it } from 'vitest';
import { problemWords } from './problem-words';

describe('problemWords', () => {
  it('tells a rate limit with the server’s wait time', () => {
    expect(problemWords({ code: 'rate_limited', message: 'Too many runs; try again in 12 s' }, 'Quiz')).toEqual({
      title: 'Too many runs right now',
      detail: 'Too many runs; try again in 12 s.',
      action: 'retry',
    });
  });

  it('asks to sign in, naming the app', () => {
    expect(problemWords({ code: 'sign_in_required', message: 'Sign in to use Quiz' }, 'Quiz')).toMatchObject({ title: 'Sign in to use Quiz', action: 'sign_in' });
  });

  it('says who may use an invite-only app', () => {
    expect(problemWords({ code: 'not_allowed', message: 'x' }, 'Quiz').detail).toBe('Quiz is open only to the people its owner chose.');
  });

  it('explains a model failure and keeps an unknown code’s message', () => {
    expect(problemWords({ code: 'model_error', message: 'Lesson plan: the model failed (HTTP 500)' }, 'Quiz')).toMatchObject({
      title: 'The AI model failed',
      detail: 'Lesson plan: the model failed (HTTP 500).',
    });
    expect(problemWords({ code: 'weird', message: 'Odd thing happened.' }, 'Quiz').detail).toBe('Odd thing happened.');
  });
});
