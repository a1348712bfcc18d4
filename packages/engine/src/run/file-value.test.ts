import { describe, expect, it } from 'vitest';
import { fileValueSchema } from '../spec/input-fields';
import { LIMITS } from '../spec/limits';
import { parseFileValue } from './file-value';

const cases: unknown[] = [
  { name: 'a.txt', mimeType: 'text/plain', size: 3, text: 'abc' },
  { name: 'a.png', mimeType: 'image/png', size: 0, url: 'https://x.example/a.png', extra: '<script>' },
  { name: '', mimeType: 'text/plain', size: 1 },
  { name: 'x'.repeat(256), mimeType: 'text/plain', size: 1 },
  { name: 'a', mimeType: 'm'.repeat(201), size: 1 },
  { name: 'a', mimeType: 'text/plain', size: -1 },
  { name: 'a', mimeType: 'text/plain', size: 1.5 },
  { name: 'a', mimeType: 'text/plain', size: Number.NaN },
  { name: 'a', mimeType: 'text/plain', size: Number.POSITIVE_INFINITY },
  { name: 'a', mimeType: 'text/plain', size: '1' },
  { name: 'a', mimeType: 'text/plain', size: 1, text: 't'.repeat(LIMITS.textMaxLength + 1) },
  { name: 'a', mimeType: 'text/plain', size: 1, url: 'u'.repeat(2_001) },
  { name: 'a', mimeType: 'text/plain', size: 1, text: 42 },
  ['a', 'text/plain', 1],
  null,
  'a.txt',
];

describe('parseFileValue', () => {
  it.each(cases.map((value, index) => [index, value]))('accepts and drops the same as fileValueSchema (case %i)', (_index, value) => {
    const parsed = fileValueSchema.safeParse(value);
    expect(parseFileValue(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
