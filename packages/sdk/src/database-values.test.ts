import { describe, expect, it } from 'vitest';
import { convertValue, valueMatches, valueText } from './database-values';

describe('a cell value by column type (as the database converts it)', () => {
  it('reads what a person types into each type', () => {
    expect(convertValue('42', 'number')).toEqual({ ok: true, value: 42 });
    expect(convertValue(' -1.5e2 ', 'number')).toEqual({ ok: true, value: -150 });
    expect(convertValue('Yes', 'boolean')).toEqual({ ok: true, value: true });
    expect(convertValue('0', 'boolean')).toEqual({ ok: true, value: false });
    expect(convertValue('2024-02-29', 'date')).toEqual({ ok: true, value: '2024-02-29' });
    expect(convertValue('{"a":1}', 'json')).toEqual({ ok: true, value: { a: 1 } });
    expect(convertValue(12, 'text')).toEqual({ ok: true, value: '12' });
    expect(convertValue('', 'number')).toEqual({ ok: true, value: null });
  });

  it('refuses what does not fit, saying why', () => {
    expect(convertValue('twelve', 'number')).toEqual({ ok: false, message: '“twelve” is not a number.' });
    expect(convertValue('maybe', 'boolean')).toEqual({ ok: false, message: '“maybe” is not a yes/no value.' });
    expect(convertValue('2023-02-29', 'date')).toEqual({ ok: false, message: '“2023-02-29” is not a date (yyyy-mm-dd).' });
    expect(convertValue('row 7', 'link').ok).toBe(false);
  });

  it('compares numbers as numbers, dates by day, and absent values only match “not equal”', () => {
    expect(valueMatches('9', 'lt', '10', 'number')).toBe(true);
    expect(valueMatches('9', 'lt', '10', 'text')).toBe(false);
    expect(valueMatches('2024-01-05T10:00:00Z', 'eq', '2024-01-05', 'date')).toBe(true);
    expect(valueMatches(null, 'neq', 'x', 'text')).toBe(true);
    expect(valueMatches(null, 'eq', 'x', 'text')).toBe(false);
    expect(valueMatches('Dune', 'contains', 'UN', 'text')).toBe(true);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
