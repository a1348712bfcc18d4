import { describe, expect, it } from 'vitest';
import { toColumnValue, toFilterValue } from './app-database.ts';
import type { DatabaseColumnType } from '@appforge/engine';

const column = (type: DatabaseColumnType, name = 'Field') => ({ name, type });

describe('values written to a column', () => {
  it('keeps text as text, turning numbers, flags and objects into their text', () => {
    expect(toColumnValue(column('text'), 'Dune')).toEqual({ ok: true, value: 'Dune' });
    expect(toColumnValue(column('text'), 42)).toEqual({ ok: true, value: '42' });
    expect(toColumnValue(column('text'), { a: 1 })).toEqual({ ok: true, value: '{"a":1}' });
    expect(toColumnValue(column('text'), null)).toEqual({ ok: true, value: null });
  });

  it('refuses text longer than 10 000 characters, saying how long it was', () => {
    expect(toColumnValue(column('text'), 'x'.repeat(10_000)).ok).toBe(true);
    expect(toColumnValue(column('text', 'Notes'), 'x'.repeat(10_001))).toEqual({
      ok: false,
      message: 'Column "Notes" holds at most 10,000 characters (this value has 10,001).',
    });
  });

  it('stores numbers as numbers and refuses anything that does not parse', () => {
    expect(toColumnValue(column('number'), ' 12.5 ')).toEqual({ ok: true, value: 12.5 });
    expect(toColumnValue(column('number'), '-3e2')).toEqual({ ok: true, value: -300 });
    expect(toColumnValue(column('number'), 7)).toEqual({ ok: true, value: 7 });
    expect(toColumnValue(column('number'), '')).toEqual({ ok: true, value: null });
    for (const bad of ['12 apples', '0x10', 'Infinity', 'NaN', '1,000', true, [1]]) {
      expect(toColumnValue(column('number', 'Pages'), bad)).toMatchObject({ ok: false, message: expect.stringMatching(/^Column "Pages" needs a number, not /) as unknown });
    }
    expect(toColumnValue(column('number'), Number.POSITIVE_INFINITY).ok).toBe(false);
    expect(toColumnValue(column('number'), '1e999').ok).toBe(false);
  });

  it('reads true/false/yes/no in any case as flags, and nothing else', () => {
    expect(toColumnValue(column('boolean'), 'Yes')).toEqual({ ok: true, value: true });
    expect(toColumnValue(column('boolean'), 'no')).toEqual({ ok: true, value: false });
    expect(toColumnValue(column('boolean'), false)).toEqual({ ok: true, value: false });
    expect(toColumnValue(column('boolean', 'Read'), 'maybe')).toEqual({
      ok: false,
      message: 'Column "Read" needs true or false (or yes or no), not "maybe".',
    });
    expect(toColumnValue(column('boolean'), 1).ok).toBe(false);
  });

  it('takes dates only as real yyyy-mm-dd days', () => {
    expect(toColumnValue(column('date'), '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    for (const bad of ['2023-02-29', '2024-13-01', '29/02/2024', 'tomorrow', '2024-2-9', 20240229]) {
      expect(toColumnValue(column('date', 'Due'), bad)).toMatchObject({ ok: false, message: expect.stringMatching(/^Column "Due" needs a date written yyyy-mm-dd/) as unknown });
    }
  });

  it('parses JSON text and keeps structured values; refuses broken JSON', () => {
    expect(toColumnValue(column('json'), '{"tags":["a"]}')).toEqual({ ok: true, value: { tags: ['a'] } });
    expect(toColumnValue(column('json'), { tags: ['a'] })).toEqual({ ok: true, value: { tags: ['a'] } });
    expect(toColumnValue(column('json', 'Extra'), '{tags:')).toEqual({ ok: false, message: 'Column "Extra" needs valid JSON, not "{tags:".' });
  });

  it('links hold a row id', () => {
    expect(toColumnValue(column('link'), '7B0D8F38-3B7E-4C59-9D7A-0D7F1B0C2A11')).toEqual({ ok: true, value: '7b0d8f38-3b7e-4c59-9d7a-0d7f1b0c2a11' });
    expect(toColumnValue(column('link'), "1' or '1'='1").ok).toBe(false);
  });
});

describe('values a filter compares with', () => {
  it('compares numbers, dates and flags in their own form, and refuses what does not fit', () => {
    expect(toFilterValue(column('number'), 'gt', '010')).toEqual({ ok: true, value: '10' });
    expect(toFilterValue(column('date'), 'lt', '2024-01-31')).toEqual({ ok: true, value: '2024-01-31' });
    expect(toFilterValue(column('boolean'), 'eq', 'YES')).toEqual({ ok: true, value: 'true' });
    expect(toFilterValue(column('number', 'Pages'), 'gt', 'lots')).toEqual({ ok: false, message: 'The filter on "Pages" needs a number, not "lots".' });
    expect(toFilterValue(column('date'), 'eq', 'soon').ok).toBe(false);
  });

  it('contains always searches the text, whatever the column type', () => {
    expect(toFilterValue(column('number'), 'contains', 'lots')).toEqual({ ok: true, value: 'lots' });
    expect(toFilterValue(column('text'), 'eq', 5)).toEqual({ ok: true, value: '5' });
  });
});
