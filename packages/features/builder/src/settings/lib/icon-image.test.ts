import { describe, expect, it } from 'vitest';
import { checkIconFile, sniffImageType, squareCrop } from './icon-image';
import { contrastRatio, initialsOf, monogramOf, readableOn } from './monogram';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];

describe('icon pictures', () => {
  it('knows PNG, JPEG and WebP by their bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });

  it('refuses other types, empty, oversize and renamed files with a reason', async () => {
    expect(await checkIconFile(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))).toMatch(/not a PNG, JPEG or WebP/);
    expect(await checkIconFile(new File([], 'empty.png', { type: 'image/png' }))).toMatch(/is empty/);
    expect(await checkIconFile(new File([new Uint8Array(PNG_HEAD), new Uint8Array(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' }))).toMatch(
      /is 11\.0 MB; an icon picture can be at most 10\.0 MB/,
    );
    expect(await checkIconFile(new File(['MZ executable'], 'virus.png', { type: 'image/png' }))).toMatch(/does not contain a PNG, JPEG or WebP image/);
    expect(await checkIconFile(new File([new Uint8Array(PNG_HEAD)], 'ok.png', { type: 'image/png' }))).toBeNull();
  });

  it('keeps the centred square of a landscape or portrait picture', () => {
    expect(squareCrop(1200, 800)).toEqual({ sx: 200, sy: 0, size: 800 });
    expect(squareCrop(600, 1000)).toEqual({ sx: 0, sy: 200, size: 600 });
    expect(squareCrop(512, 512)).toEqual({ sx: 0, sy: 0, size: 512 });
  });
});

describe('generated icons', () => {
  it('takes up to two initials from the name', () => {
    expect(initialsOf('Recipe Finder')).toBe('RF');
    expect(initialsOf('chat')).toBe('C');
    expect(initialsOf('  "quoted" words and more')).toBe('QW');
    expect(initialsOf('élan vital')).toBe('ÉV');
    expect(initialsOf('!!!')).toBe('?');
  });

  it('draws letters that stay readable on light and dark theme colours', () => {
    for (const colour of ['#4f46e5', '#fde047', '#ffffff', '#000000', '#10b981']) {
      for (const style of ['square', 'circle', 'tint', 'gradient'] as const) {
        const monogram = monogramOf('Recipe Finder', colour, style);
        expect(contrastRatio(monogram.foreground, monogram.background)).toBeGreaterThanOrEqual(3);
      }
    }
    expect(readableOn('#fde047')).toBe('#111827');
    expect(readableOn('#1e1b4b')).toBe('#ffffff');
  });
});
