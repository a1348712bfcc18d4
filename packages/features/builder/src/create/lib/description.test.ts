import { describe, expect, it } from 'vitest';
import { checkDescription, DESCRIPTION_MAX_LENGTH } from './description';

describe('checkDescription', () => {
  it('accepts a description and trims the spaces around it', () => {
    expect(checkDescription('  A quiz maker for my class \n')).toEqual({ ok: true, text: 'A quiz maker for my class' });
  });

  it('refuses an empty or blank description', () => {
    for (const text of ['', '   ', '\n\t']) {
      const result = checkDescription(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/cannot be empty/);
    }
  });

  it('accepts exactly the limit and refuses one character more, naming the limit', () => {
    expect(checkDescription('a'.repeat(DESCRIPTION_MAX_LENGTH)).ok).toBe(true);
    const over = checkDescription('a'.repeat(DESCRIPTION_MAX_LENGTH + 1));
    expect(over).toEqual({ ok: false, message: 'A description has at most 4,000 characters; this one has 4,001. Shorten it by 1.' });
  });
});
