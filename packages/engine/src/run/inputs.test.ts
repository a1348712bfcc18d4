import { describe, expect, it } from 'vitest';

import { inputFieldSchema } from '../spec/input-fields';
import type { InputField } from '../spec/input-fields';
import { validateInputs } from './inputs';

const fields: InputField[] = [
  { type: 'text', name: 'name', label: 'Name', required: true, minLength: 2 },
  { type: 'long_text', name: 'bio', label: 'Bio', required: false },
  { type: 'number', name: 'age', label: 'Age', required: false, min: 1, max: 120, integer: true },
  { type: 'choice', name: 'level', label: 'Level', required: true, options: ['Easy', 'Hard'] },
  { type: 'yes_no', name: 'agree', label: 'Agree', required: true },
  { type: 'file', name: 'doc', label: 'Document', required: false, accept: ['.pdf', 'image/*'], maxBytes: 1024 },
].map((f) => inputFieldSchema.parse(f));

describe('validateInputs', () => {
  it('accepts good answers and stores them typed, with empty optional fields set', () => {
    const result = validateInputs(fields, { name: 'Ada', age: '36', level: 'hard', agree: 'yes' });
    expect(result).toEqual({ ok: true, values: expect.objectContaining({ name: 'Ada', bio: '', age: 36, level: 'Hard', agree: true, doc: null }) });
  });

  it('reports every wrong field at once, in words', () => {
    const result = validateInputs(fields, {
      name: 'A',
      bio: 'x'.repeat(20_001),
      age: 2.5,
      level: 'Medium',
      agree: 'maybe',
      doc: { name: 'virus.exe', mimeType: 'application/x-msdownload', size: 10 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.field, e.code, e.message])).toEqual([
      ['name', 'too_short', '“Name” needs at least 2 characters.'],
      ['bio', 'too_long', '“Bio” can be at most 20000 characters (it has 20001).'],
      ['age', 'not_integer', '“Age” must be a whole number.'],
      ['level', 'not_an_option', '“Level” must be one of: Easy, Hard.'],
      ['agree', 'wrong_type', '“Agree” must be yes or no.'],
      ['doc', 'file_type', '“Document” must be a .pdf or image/* file.'],
    ]);
  });

  it('refuses wrong types, missing required answers and oversized files', () => {
    const result = validateInputs(fields, { name: ['Ada'], age: 'NaN', doc: { name: 'a.pdf', mimeType: 'application/pdf', size: 5000 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.field, e.code])).toEqual([
      ['name', 'wrong_type'],
      ['age', 'wrong_type'],
      ['level', 'required'],
      ['agree', 'required'],
      ['doc', 'too_large'],
    ]);
    expect(result.errors.find((e) => e.field === 'doc')?.message).toBe('“Document” is 4.9 kB; the limit is 1 kB.');
  });

  it('ignores inherited properties: an empty object does not answer “constructor”', () => {
    const proto = [inputFieldSchema.parse({ type: 'text', name: 'constructor', label: 'C', required: true })];
    const result = validateInputs(proto, {});
    expect(result.ok).toBe(false);
    expect(validateInputs(proto, 'not an object').ok).toBe(false);
  });
});
