import { storageErrors } from './errors.js';

export const MAX_KEY_LENGTH = 1024;
const MAX_BUCKET_NAME_LENGTH = 100;

// C0 and C1 control characters, DEL, and the backslash (a path separator on some systems).
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const FORBIDDEN_KEY_CHARS = /[\u0000-\u001f\u007f-\u009f\\]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Supabase's bucket-name alphabet (storage `isValidBucketName`), without the path separator.
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]+$/;

/**
 * Validates and normalises an object key ("folder/photo.png"). Refuses what could escape a
 * folder or confuse a file system or policy: empty, `.`/`..` and empty segments (so no leading
 * or trailing `/`), control characters, backslashes, lone surrogates, over 1024 characters.
 * Keys are stored in Unicode NFC so the same name typed on two systems is one object.
 */
export function normaliseObjectKey(raw: string): string {
  if (typeof raw !== 'string' || raw.length === 0) throw storageErrors.invalidKey(String(raw ?? ''));
  const shown = JSON.stringify(raw).slice(1, -1);
  if (LONE_SURROGATE.test(raw)) throw storageErrors.invalidKey(shown);
  const key = raw.normalize('NFC');
  if (key.length > MAX_KEY_LENGTH || FORBIDDEN_KEY_CHARS.test(key)) {
    throw storageErrors.invalidKey(shown);
  }
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw storageErrors.invalidKey(shown);
  }
  return key;
}

/** A bucket id as Supabase accepts it: 1–100 characters of its alphabet, never `.` or `..`. */
export function assertBucketName(name: unknown): string {
  if (
    typeof name !== 'string' ||
    name.length === 0 ||
    name.length > MAX_BUCKET_NAME_LENGTH ||
    !BUCKET_NAME.test(name) ||
    name === '.' ||
    name === '..'
  ) {
    throw storageErrors.invalidBucketName();
  }
  return name;
}

/**
 * A list prefix: like a key but may be empty and may end with `/` ("photos/"). Returned without
 * the trailing slash handling; callers add it as Storage does.
 */
export function normaliseListPrefix(raw: string): string {
  if (raw === '') return '';
  const trimmed = raw.endsWith('/') ? raw.slice(0, -1) : raw;
  return normaliseObjectKey(trimmed);
}
