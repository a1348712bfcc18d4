/** How many leading bytes of an upload the sniffer looks at. */
export const SNIFF_BYTES = 4096;

export type SniffedType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'application/pdf'
  | 'image/svg+xml'
  | 'application/xml'
  | 'text/html'
  | 'text/plain'
  | 'application/octet-stream';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

// Tags that make a browser treat a document as HTML (WHATWG MIME sniffing, "text/html" patterns).
const HTML_TAGS = new Set([
  '!doctype html',
  'html',
  'head',
  'script',
  'iframe',
  'h1',
  'div',
  'font',
  'table',
  'a',
  'style',
  'title',
  'b',
  'body',
  'br',
  'p',
]);

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes the head as UTF-8, tolerating a multi-byte character cut at the end; undefined if binary. */
function decodeText(head: Uint8Array, complete: boolean): string | undefined {
  const bytes = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
  for (let cut = 0; cut <= (complete ? 0 : 3); cut += 1) {
    try {
      const text = decoder.decode(bytes.subarray(0, bytes.length - cut));
      // NUL and most C0 controls never appear in text files; tab, LF, FF, CR and ESC do.
      // eslint-disable-next-line no-control-regex -- control characters are what marks binary data
      return /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/.test(text) ? undefined : text;
    } catch {
      // try again without a possibly truncated trailing character
    }
  }
  return undefined;
}

/** Classifies markup: skips XML declarations, comments and doctypes to the first element. */
function sniffMarkup(text: string): SniffedType {
  let rest = text.trimStart();
  let sawXmlDeclaration = false;
  let sawComment = false;
  for (;;) {
    const lower = rest.toLowerCase();
    if (lower.startsWith('<?xml')) {
      sawXmlDeclaration = true;
      const end = rest.indexOf('?>');
      if (end < 0) return 'application/xml';
      rest = rest.slice(end + 2).trimStart();
    } else if (lower.startsWith('<!--')) {
      sawComment = true;
      const end = rest.indexOf('-->');
      if (end < 0) return sawXmlDeclaration ? 'application/xml' : 'text/html';
      rest = rest.slice(end + 3).trimStart();
    } else if (lower.startsWith('<!doctype')) {
      if (/^<!doctype\s+html[\s>]/.test(lower)) return 'text/html';
      if (/^<!doctype\s+svg[\s>]/.test(lower)) return 'image/svg+xml';
      const end = rest.indexOf('>');
      if (end < 0) return sawXmlDeclaration ? 'application/xml' : 'text/plain';
      rest = rest.slice(end + 1).trimStart();
    } else {
      break;
    }
  }
  const tag = /^<([a-z][a-z0-9]*)[\s/>]/i.exec(rest)?.[1]?.toLowerCase();
  if (tag === 'svg') return 'image/svg+xml';
  if (tag && HTML_TAGS.has(tag)) return 'text/html';
  if (sawXmlDeclaration) return 'application/xml';
  if (sawComment && rest === '') return 'text/html';
  return 'text/plain';
}

/**
 * The type an upload's first bytes show, from magic numbers (PNG, JPEG, GIF, WebP, PDF) and, for
 * text, its markup (SVG, XML, HTML); undefined for an empty file.
 * `complete` says the head is the whole file (so a cut UTF-8 sequence is really invalid).
 */
export function sniffContentType(head: Uint8Array, complete = false): SniffedType | undefined {
  if (head.length === 0) return undefined;
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'image/gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  const text = decodeText(head, complete);
  if (text === undefined) return 'application/octet-stream';
  return text.trimStart().startsWith('<') ? sniffMarkup(text) : 'text/plain';
}
