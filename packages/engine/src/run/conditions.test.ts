import { describe, expect, it } from 'vitest';

import type { Condition } from '../spec/next';
import { evaluateCondition } from './conditions';

const vars = { n: 12, s: ' Yes ', list: ['a', 'B'], empty: '', off: false, nested: { score: '7' } };
const check = (variable: string, op: Condition['op'], value?: Condition['value']): boolean =>
  evaluateCondition({ variable, op, ...(value !== undefined ? { value } : {}) }, vars);

describe('evaluateCondition', () => {
  it('compares numbers, text without case or spaces, and booleans', () => {
    expect(check('n', 'eq', '12')).toBe(true);
    expect(check('n', 'gt', 11)).toBe(true);
    expect(check('n', 'lte', 11)).toBe(false);
    expect(check('nested.score', 'gte', 7)).toBe(true);
    expect(check('s', 'eq', 'yes')).toBe(true);
    expect(check('s', 'eq', true)).toBe(true);
    expect(check('off', 'eq', 'no')).toBe(true);
    expect(check('s', 'neq', 'no')).toBe(true);
  });

  it('looks into lists and text with contains', () => {
    expect(check('list', 'contains', 'b')).toBe(true);
    expect(check('s', 'contains', 'ES')).toBe(true);
    expect(check('list', 'contains', 'c')).toBe(false);
  });

  it('treats missing variables as empty and never as equal', () => {
    expect(check('missing', 'empty')).toBe(true);
    expect(check('empty', 'empty')).toBe(true);
    expect(check('n', 'not_empty')).toBe(true);
    expect(check('missing', 'eq', '')).toBe(false);
    expect(check('constructor', 'not_empty')).toBe(false);
    expect(check('s', 'gt', 'abc')).toBe(false);
  });
});
