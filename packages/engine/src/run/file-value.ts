import { LIMITS } from '../spec/limits';
import type { FileValue } from '../spec/input-fields';

const isString = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/**
 * The same check as fileValueSchema (spec/input-fields.ts), without zod: the light visitor entry
 * (issue 28) validates answers and drafts with it and must not download zod. Returns the file's
 * known fields only (unknown ones are dropped, as the schema does), or null when it is not a file.
 */
export function parseFileValue(value: unknown): FileValue | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { name, mimeType, size, text, url } = value as Record<string, unknown>;
  if (!isString(name, 1, 255) || !isString(mimeType, 0, 200)) return null;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return null;
  if (text !== undefined && !isString(text, 0, LIMITS.textMaxLength)) return null;
  if (url !== undefined && !isString(url, 0, 2_000)) return null;
  const file: FileValue = { name, mimeType, size };
  if (text !== undefined) file.text = text;
  if (url !== undefined) file.url = url;
  return file;
}
