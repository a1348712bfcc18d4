import { describe, expect, it } from 'vitest';

import { SAFE_REGEX_LIMITS, compileSafeRegex } from './safe-regex';

function matcher(pattern: string, flags = '') {
  const compiled = compileSafeRegex(pattern, flags);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.value;
}

describe('compileSafeRegex', () => {
  it.each([
    ['hello', 'say hello world', true],
    ['^hello', 'say hello', false],
    ['world$', 'hello world', true],
    ['\\d{3}-\\d{4}', 'call 555-1234 now', true],
    ['\\d{3}-\\d{4}', 'call 55-1234 now', false],
    ['^(cat|dog)s?$', 'dogs', true],
    ['^(cat|dog)s?$', 'cats!', false],
    ['[A-Z][a-z]+ [A-Z][a-z]+', 'by Ada Lovelace.', true],
    ['[^0-9]+', '12345', false],
    ['\\w+@\\w+\\.\\w+', 'mail ada@example.org', true],
    ['a{2,3}', 'a', false],
    ['a{2,}b', 'aaaab', true],
    ['colou?r', 'color', true],
    ['\\$\\d+', 'costs $40', true],
    ['(?:ab)+c', 'ababc', true],
  ])('%s on %j → %s (like RegExp)', (pattern, input, expected) => {
    expect(matcher(pattern).test(input)).toBe(expected);
    expect(new RegExp(pattern).test(input)).toBe(expected);
  });

  it('ignores case with the i flag', () => {
    expect(matcher('HELLO', 'i').test('say hello')).toBe(true);
    expect(matcher('[a-c]+x', 'i').test('ABCX')).toBe(true);
    expect(matcher('HELLO').test('say hello')).toBe(false);
  });

  it('finishes catastrophic-backtracking patterns that would hang RegExp', () => {
    const hostile = `${'a'.repeat(50_000)}!`;
    expect(matcher('^(a+)+$').test(hostile)).toBe(false);
    expect(matcher('(a|a)*b').test(hostile)).toBe(false);
    expect(matcher('(.*a){20}$').test(hostile)).toBe(false);
    expect(matcher('(\\w+\\s?)*$').test(hostile)).toBe(true);
  });

  it.each([
    ['(a', 'never closed'],
    ['a)', 'closes no group'],
    ['*a', 'repeats nothing'],
    ['(a)\\1', 'Back-references'],
    ['(?=a)b', 'Look-arounds'],
    ['\\bword', 'Word boundaries'],
    ['a{5,2}', 'out of order'],
    ['a{5000}', 'at most'],
    ['(a{1000}){1000}', 'too large'],
    ['[z-a]', 'out of order'],
    ['', 'empty'],
    ['a'.repeat(SAFE_REGEX_LIMITS.patternLength + 1), 'at most'],
  ])('refuses %j with a message', (pattern, message) => {
    const compiled = compileSafeRegex(pattern);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error).toContain(message);
  });

  it('refuses flags other than i', () => {
    expect(compileSafeRegex('a', 'g')).toEqual({ ok: false, error: 'The only flag supported is i (ignore case).' });
  });
});
