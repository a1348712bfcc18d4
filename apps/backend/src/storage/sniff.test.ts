import { describe, expect, it } from 'vitest';
import {
  contentMismatch,
  effectiveContentType,
  isActiveContentType,
  isMimeTypeAllowed,
  parseAllowedMimeTypes,
  parseFileSizeLimit,
} from './mime.js';
import { sniffContentType } from './sniff.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('content sniffing', () => {
  it('recognises image and document signatures', () => {
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(text('GIF89a....'))).toBe('image/gif');
    expect(sniffContentType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(text('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('tells markup apart: HTML, SVG (also after an XML declaration or comment), other XML', () => {
    expect(sniffContentType(text('  <!DOCTYPE html><html></html>'))).toBe('text/html');
    expect(sniffContentType(text('<script>alert(1)</script>'))).toBe('text/html');
    expect(sniffContentType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(sniffContentType(text('<?xml version="1.0"?>\n<!-- Generator: x -->\n<svg></svg>'))).toBe('image/svg+xml');
    expect(sniffContentType(text('<?xml version="1.0"?><feed></feed>'))).toBe('application/xml');
    expect(sniffContentType(text('\ufeff<html>'))).toBe('text/html');
  });

  it('calls UTF-8 text text, and anything with NUL bytes or invalid UTF-8 binary', () => {
    expect(sniffContentType(text('name,age\nAda,36\n'))).toBe('text/plain');
    expect(sniffContentType(text('{"a": 1}'))).toBe('text/plain');
    expect(sniffContentType(text('héllo wörld'), true)).toBe('text/plain');
    // A multi-byte character cut at the end of the sniffed head is still text.
    expect(sniffContentType(text('héllo').subarray(0, 2))).toBe('text/plain');
    expect(sniffContentType(bytes(0x50, 0x4b, 0x03, 0x04, 0x00, 0x00))).toBe('application/octet-stream');
    expect(sniffContentType(bytes(0xc3, 0x28, 0x41), true)).toBe('application/octet-stream');
    expect(sniffContentType(new Uint8Array())).toBeUndefined();
  });
});

describe('type checks', () => {
  it('refuses content that contradicts the declared type', () => {
    expect(contentMismatch('text/plain', 'image/png')).toMatch(/does not match/);
    expect(contentMismatch('image/png', 'text/html')).toMatch(/does not match/);
    expect(contentMismatch('image/png', 'image/svg+xml')).toMatch(/does not match/);
    expect(contentMismatch('image/jpeg', 'image/png')).toMatch(/does not match/);
    expect(contentMismatch('application/pdf', 'text/plain')).toMatch(/does not match/);
    expect(contentMismatch('image/svg+xml', 'text/html')).toMatch(/does not match/);
    expect(contentMismatch('image/avif', 'text/plain')).toMatch(/does not match/);
    expect(contentMismatch('image/png', undefined)).toMatch(/empty file/);
  });

  it('accepts consistent uploads, aliases and generic binary declarations', () => {
    expect(contentMismatch('image/png', 'image/png')).toBeUndefined();
    expect(contentMismatch('image/jpg', 'image/jpeg')).toBeUndefined();
    expect(contentMismatch('application/octet-stream', 'image/png')).toBeUndefined();
    expect(contentMismatch('application/json', 'text/plain')).toBeUndefined();
    expect(contentMismatch('text/csv', 'text/plain')).toBeUndefined();
    expect(contentMismatch('video/mp4', 'application/octet-stream')).toBeUndefined();
    expect(contentMismatch('text/plain', undefined)).toBeUndefined();
  });

  it("stores the detected type only when the declared one is the client's default", () => {
    expect(effectiveContentType('text/plain;charset=UTF-8', 'image/jpeg')).toBe('image/jpeg');
    expect(effectiveContentType('text/plain; charset=utf-8', 'application/pdf')).toBe('application/pdf');
    expect(effectiveContentType('text/plain;charset=UTF-8', 'application/octet-stream')).toBe('application/octet-stream');
    // Markup and text keep the inert declared type; an empty file keeps it too.
    expect(effectiveContentType('text/plain;charset=UTF-8', 'text/html')).toBe('text/plain;charset=UTF-8');
    expect(effectiveContentType('text/plain;charset=UTF-8', 'image/svg+xml')).toBe('text/plain;charset=UTF-8');
    expect(effectiveContentType('text/plain;charset=UTF-8', undefined)).toBe('text/plain;charset=UTF-8');
    // A type the caller chose is never replaced.
    expect(effectiveContentType('text/plain', 'image/png')).toBe('text/plain');
    expect(effectiveContentType('text/plain;charset=latin1', 'image/png')).toBe('text/plain;charset=latin1');
  });

  it('calls HTML, SVG and every XML type active content', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/xml', 'application/xhtml+xml', 'application/atom+xml']) {
      expect(isActiveContentType(type), type).toBe(true);
    }
    for (const type of ['text/plain', 'image/png', 'application/json', 'application/pdf', undefined]) {
      expect(isActiveContentType(type), String(type)).toBe(false);
    }
  });

  it('matches allow-lists exactly or by wildcard', () => {
    expect(isMimeTypeAllowed('image/png', ['image/*'])).toBe(true);
    expect(isMimeTypeAllowed('image/png', ['image/png', 'application/pdf'])).toBe(true);
    expect(isMimeTypeAllowed('text/plain', ['image/*'])).toBe(false);
    expect(isMimeTypeAllowed('text/plain', null)).toBe(true);
    expect(parseAllowedMimeTypes(['Image/PNG', 'video/*'])).toEqual(['image/png', 'video/*']);
    expect(parseAllowedMimeTypes([])).toBeNull();
    expect(() => parseAllowedMimeTypes(['*/*'])).toThrow(/not supported/);
  });

  it("parses Supabase's file size limits", () => {
    expect(parseFileSizeLimit('20MB')).toBe(20_000_000);
    expect(parseFileSizeLimit('1.5kb')).toBe(1500);
    expect(parseFileSizeLimit('3B')).toBe(3);
    expect(parseFileSizeLimit(2048)).toBe(2048);
    expect(parseFileSizeLimit('4096')).toBe(4096);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(() => parseFileSizeLimit('lots')).toThrow(/Invalid file size format/);
    expect(() => parseFileSizeLimit(-1)).toThrow(/Invalid file size format/);
  });
});
