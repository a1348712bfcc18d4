import { parseFileValue } from './file-value';
import type { InputField } from '../spec/input-fields';
import type { FieldError, JsonValue } from './run-state';

/** Lengths that apply when a text field sets none. */
export const DEFAULT_MAX_LENGTH = { text: 1_000, long_text: 20_000 } as const;

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} kB`;
  return `${bytes} bytes`;
}

function acceptMatches(accept: readonly string[], name: string, mimeType: string): boolean {
  const lowerName = name.toLowerCase();
  const lowerType = mimeType.toLowerCase();
  return accept.some((rule) => {
    const r = rule.toLowerCase();
    if (r.startsWith('.')) return lowerName.endsWith(r);
    if (r.endsWith('/*')) return lowerType.startsWith(r.slice(0, -1));
    return lowerType === r;
  });
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Checks a visitor's answers against an input step's fields. Returns the values to store (typed:
 * numbers as numbers, yes/no as booleans, optional fields left empty as '' / null / false) or
 * every field's error in words.
 */
export function validateInputs(
  fields: readonly InputField[],
  input: unknown,
): { ok: true; values: Record<string, JsonValue> } | { ok: false; errors: FieldError[] } {
  const source = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const values = Object.create(null) as Record<string, JsonValue>;
  const errors: FieldError[] = [];
  for (const field of fields) {
    const label = `“${field.label}”`;
    const raw = hasOwn(source, field.name) ? source[field.name] : undefined;
    const fail = (code: FieldError['code'], message: string): void => {
      errors.push({ field: field.name, code, message });
    };
    if (field.type !== 'yes_no' && isBlank(raw)) {
      if (field.required) fail('required', `${label} is required.`);
      else values[field.name] = field.type === 'number' || field.type === 'file' ? null : '';
      continue;
    }
    switch (field.type) {
      case 'text':
      case 'long_text': {
        if (typeof raw !== 'string') {
          fail('wrong_type', `${label} must be text.`);
          break;
        }
        const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
        if (raw.length > max) fail('too_long', `${label} can be at most ${max} characters (it has ${raw.length}).`);
        else if (field.minLength !== undefined && raw.trim().length < field.minLength) {
          fail('too_short', `${label} needs at least ${field.minLength} characters.`);
        } else values[field.name] = raw;
        break;
      }
      case 'number': {
        const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
        if (!Number.isFinite(number)) fail('wrong_type', `${label} must be a number.`);
        else if (field.integer && !Number.isInteger(number)) fail('not_integer', `${label} must be a whole number.`);
        else if (field.min !== undefined && number < field.min) fail('too_small', `${label} must be at least ${field.min}.`);
        else if (field.max !== undefined && number > field.max) fail('too_large', `${label} must be at most ${field.max}.`);
        else values[field.name] = number;
        break;
      }
      case 'choice': {
        const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
        const option = text === null ? undefined : field.options.find((o) => o === text) ?? field.options.find((o) => o.toLowerCase() === text.toLowerCase());
        if (option === undefined) fail('not_an_option', `${label} must be one of: ${field.options.join(', ')}.`);
        else values[field.name] = option;
        break;
      }
      case 'yes_no': {
        if (raw === undefined || raw === null || raw === '') {
          if (field.required) fail('required', `${label} needs a yes or a no.`);
          else values[field.name] = false;
          break;
        }
        const text = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
        if (text === true || text === 'yes' || text === 'true') values[field.name] = true;
        else if (text === false || text === 'no' || text === 'false') values[field.name] = false;
        else fail('wrong_type', `${label} must be yes or no.`);
        break;
      }
      case 'file': {
        const file = parseFileValue(raw);
        if (file === null) {
          fail('wrong_type', `${label} must be an uploaded file.`);
          break;
        }
        if (file.size > field.maxBytes) fail('too_large', `${label} is ${formatBytes(file.size)}; the limit is ${formatBytes(field.maxBytes)}.`);
        else if (field.accept && field.accept.length > 0 && !acceptMatches(field.accept, file.name, file.mimeType)) {
          fail('file_type', `${label} must be a ${field.accept.join(' or ')} file.`);
        } else {
          const stored: Record<string, JsonValue> = { name: file.name, mimeType: file.mimeType, size: file.size };
          if (file.text !== undefined) stored.text = file.text;
          if (file.url !== undefined) stored.url = file.url;
          values[field.name] = stored;
        }
        break;
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}
