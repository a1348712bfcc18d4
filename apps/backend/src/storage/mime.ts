import type { SniffedType } from './sniff.js';
import { storageErrors } from './errors.js';

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/;

/** Formats whose files always start with a signature the sniffer knows. */
const SIGNED_FORMATS = new Set<string>(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);

// Names some clients send for the same formats.
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
};

/** `Image/PNG; charset=x` → `image/png`; undefined when it is not `type/subtype`. */
export function baseMimeType(contentType: string): string | undefined {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME.test(base) ? base : undefined;
}

/** Validates a bucket's allow-list entries (`image/png`, `image/*`). */
export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw storageErrors.invalidRequest('allowed_mime_types must be an array of strings');
  }
  const entries = value.map((entry) => entry.trim().toLowerCase());
  for (const entry of entries) {
    if (!MIME_PATTERN.test(entry)) throw storageErrors.invalidMimeType(`mime type ${entry} is not supported`);
  }
  return entries.length > 0 ? entries : null;
}

/** Does the declared type pass the bucket's allow-list (exact or `type/*`)? */
export function isMimeTypeAllowed(base: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type] = base.split('/');
  return allowed.some((entry) => entry === base || entry === `${type}/*`);
}

/** storage-js's `DEFAULT_FILE_OPTIONS.contentType`: what it sends when the caller names no type. */
export const CLIENT_DEFAULT_CONTENT_TYPE = 'text/plain;charset=UTF-8';

/** Is this header storage-js's default (`text/plain;charset=UTF-8`, any case or spacing)? */
export function isClientDefaultType(contentType: string): boolean {
  return contentType.replace(/\s+/g, '').toLowerCase() === CLIENT_DEFAULT_CONTENT_TYPE.toLowerCase();
}

/**
 * The type to store for an upload. As Supabase Storage, the declared type; but when it is only
 * the client's default and the bytes are clearly something else (a signed format such as PNG or
 * PDF, or binary data), the detected type, so the object is served as what it is. Markup sent with
 * the default stays text/plain (served inert, with nosniff).
 */
export function effectiveContentType(declared: string, sniffed: SniffedType | undefined): string {
  if (!isClientDefaultType(declared) || sniffed === undefined) return declared;
  if (SIGNED_FORMATS.has(sniffed) || sniffed === 'application/octet-stream') return sniffed;
  return declared;
}

/** Types a browser would render as active documents (scripts may run): HTML, SVG, any XML. */
export function isActiveContentType(base: string | undefined): boolean {
  if (!base) return false;
  return base === 'text/html' || base === 'application/xhtml+xml' || base.endsWith('/xml') || base.endsWith('+xml');
}

/**
 * Refuses an upload whose declared type and content disagree in a way that matters: a PNG sent as
 * text/plain, HTML or SVG sent as an image, anything sent as PNG/JPEG/GIF/WebP/PDF that lacks that
 * format's signature. Returns a reason, or undefined when the upload is consistent.
 */
export function contentMismatch(declaredType: string, sniffed: SniffedType | undefined): string | undefined {
  const declared = ALIASES[declaredType] ?? declaredType;
  const detected = sniffed ?? 'an empty file';
  if (sniffed && SIGNED_FORMATS.has(sniffed) && declared !== sniffed && declared !== 'application/octet-stream') {
    return `mime type ${declaredType} does not match the file content (${detected})`;
  }
  if (SIGNED_FORMATS.has(declared) && sniffed !== declared) {
    return `mime type ${declaredType} does not match the file content (${detected})`;
  }
  if (declared === 'image/svg+xml' && sniffed !== 'image/svg+xml') {
    return `mime type ${declaredType} does not match the file content (${detected})`;
  }
  if (
    declared.startsWith('image/') &&
    (sniffed === 'text/html' || sniffed === 'image/svg+xml' || sniffed === 'application/xml' || sniffed === 'text/plain') &&
    declared !== sniffed
  ) {
    return `mime type ${declaredType} does not match the file content (${detected})`;
  }
  return undefined;
}

const SIZE = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i;
const UNIT: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 };

/** A bucket's file_size_limit: bytes as a number or Supabase's "20MB" / "30KB" / "3B" strings. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalidSize();
    return value === 0 ? null : value;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^[0-9]+$/.test(trimmed)) return parseFileSizeLimit(Number(trimmed));
    const match = SIZE.exec(trimmed);
    const unit = match?.[2]?.toLowerCase();
    if (!match?.[1] || !unit) throw invalidSize();
    return parseFileSizeLimit(Math.round(Number(match[1]) * (UNIT[unit] ?? 1)));
  }
  throw invalidSize();
}

function invalidSize(): Error {
  return storageErrors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}
