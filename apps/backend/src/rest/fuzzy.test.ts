import { describe, expect, it } from 'vitest';
import { closestMatch } from './fuzzy.js';

describe("PostgREST's fuzzy hints", () => {
  // The examples of PostgREST's own noRpcHint documentation.
  const lists = ['(name, param, val)', '(attr, id)'];
  it('finds the closest parameter list', () => {
    expect(closestMatch('(nam, pqaram, vall)', lists)).toBe('(name, param, val)');
    expect(closestMatch('(param, val)', lists)).toBe('(name, param, val)');
    expect(closestMatch('(attrs, id)', lists)).toBe('(attr, id)');
    expect(closestMatch('(id)', lists)).toBe('(attr, id)');
  });

  it('answers nothing when nothing is close', () => {
    expect(closestMatch('(noclosealternative)', lists)).toBeUndefined();
    expect(closestMatch('zzz', ['add', 'greet'])).toBeUndefined();
    expect(closestMatch('anything', [])).toBeUndefined();
  });

  it('finds a misspelt function name', () => {
    expect(closestMatch('with_default', ['with_defaults', 'add', 'greet', 'numbers'])).toBe('with_defaults');
    expect(closestMatch('gret', ['with_defaults', 'add', 'greet', 'numbers'])).toBe('greet');
  });
});
