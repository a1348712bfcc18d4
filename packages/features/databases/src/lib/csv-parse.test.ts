import type { DatabaseColumn } from '@appforge/sdk';
import { describe, expect, it } from 'vitest';
import { cleanHeader, guessMapping, looksLikeText, mapRecord, previewCsv, streamCsv } from './csv-import';

const columns: DatabaseColumn[] = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Read', type: 'boolean' },
];

describe('CSV import', () => {
  it('maps headers to columns whatever their case, spaces or byte-order mark', () => {
    const headers = ['\uFEFFtitle', ' PAGES ', 'Colour'].map(cleanHeader);
    expect(headers).toEqual(['title', 'PAGES', 'Colour']);
    expect(guessMapping(headers, columns)).toEqual({ title: 'Title', PAGES: 'Pages', Colour: null });
  });

  it('converts cells by type and refuses ragged rows and values that do not fit, with the row number', () => {
    const headers = ['Title', 'Pages'];
    const mapping = { Title: 'Title', Pages: 'Pages' };
    expect(mapRecord(['Dune', '412'], headers, mapping, columns, 1, 100)).toEqual({ line: 1, values: { Title: 'Dune', Pages: 412 } });
    expect(mapRecord(['Emma'], headers, mapping, columns, 2, 100)).toEqual({ line: 2, values: { Title: 'Emma' } });
    expect(mapRecord(['Ulysses', 'many'], headers, mapping, columns, 17, 100)).toEqual({ line: 17, message: 'Row 17: “many” is not a number (Pages).' });
    expect(mapRecord(['a', '1', 'extra'], headers, mapping, columns, 3, 100)).toEqual({ line: 3, message: 'Row 3 has 3 cells but the file has 2 columns.' });
    expect(mapRecord(['x'.repeat(101), '1'], headers, mapping, columns, 4, 100)).toEqual({ line: 4, message: 'Row 4 has more than 100 characters in Title.' });
    // HTML stays text: the grid renders it as text, never as markup.
    expect(mapRecord(['<img src=x onerror=alert(1)>', ''], headers, mapping, columns, 5, 100)).toEqual({ line: 5, values: { Title: '<img src=x onerror=alert(1)>' } });
  });

  it('previews the first rows and streams every record after the header, quotes and new lines included', async () => {
    const text = 'Title,Pages\n"Dune, part ""one""",412\n"Two\nlines",9\n\nEmma,1\n';
    const file = new Blob([text], { type: 'text/csv' });
    expect(await previewCsv(file, 2)).toEqual({ headers: ['Title', 'Pages'], rows: [['Dune, part "one"', '412'], ['Two\nlines', '9']] });
    const seen: { first: number; records: string[][] }[] = [];
    const total = await streamCsv(file, {
      chunkSize: 16,
      onRecords: async (records, first) => {
        seen.push({ first, records });
        await Promise.resolve();
      },
    });
    expect(total).toBe(3);
    expect(seen.flatMap((chunk) => chunk.records)).toEqual([['Dune, part "one"', '412'], ['Two\nlines', '9'], ['Emma', '1']]);
    expect(seen[0]?.first).toBe(1);
  });

  it('tells a binary or non-UTF-8 file from text', async () => {
    expect(await looksLikeText(new Blob(['Title\nDune']))).toBe(true);
    expect(await looksLikeText(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])]))).toBe(false);
    expect(await looksLikeText(new Blob([new Uint8Array([0x54, 0xe9, 0x74, 0xe9])]))).toBe(false);
  });
});
