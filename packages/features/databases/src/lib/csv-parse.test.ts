// The CSV worker's parsing module, run as is (the worker only wraps it): chunked reading, the
// hostile files of issue 14, and how rows are batched for the server.
import type { DatabaseColumn } from '@appforge/sdk';
import { describe, expect, it } from 'vitest';
import { cleanHeader, guessMapping, mapRecord } from './csv-mapping';
import { CsvFileProblem, countCsv, importBatches, looksLikeText, previewCsv, readCsv } from './csv-parse';
import type { ImportBatch, ImportPlan } from './csv-parse';

const columns: DatabaseColumn[] = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Read', type: 'boolean' },
];

async function allRecords(file: Blob, chunkBytes: number): Promise<{ headers: string[]; records: string[][]; total: number }> {
  const { headers, chunks } = await readCsv(file, { chunkBytes });
  const records: string[][] = [];
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { headers, records, total: next.value };
    records.push(...next.value.records);
  }
}

async function batches(file: Blob, plan: Partial<ImportPlan> = {}, chunkBytes = 64): Promise<ImportBatch[]> {
  const { headers } = await previewCsv(file);
  const full: ImportPlan = { headers, mapping: guessMapping(headers, columns), columns, maxCellChars: 100, maxRows: 1000, maxBytes: 100_000, ...plan };
  const out: ImportBatch[] = [];
  for await (const batch of importBatches(file, full, { chunkBytes })) out.push(batch);
  return out;
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFileProblem);
    return (error as Error).message;
  }
  throw new Error('no problem was found');
}

describe('CSV mapping', () => {
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
    // HTML and formulas stay text: the grid renders text, the export neutralises formulas.
    expect(mapRecord(['<img src=x onerror=alert(1)>', ''], headers, mapping, columns, 5, 100)).toEqual({ line: 5, values: { Title: '<img src=x onerror=alert(1)>' } });
    expect(mapRecord(['=HYPERLINK("http://x")', '1'], headers, mapping, columns, 6, 100)).toEqual({ line: 6, values: { Title: '=HYPERLINK("http://x")', Pages: 1 } });
  });
});

describe('CSV reading in chunks', () => {
  it('reads every record after the header across chunk boundaries: quotes, new lines in cells, empty lines, a BOM', async () => {
    const text = '\uFEFFTitle,Pages\r\n"Dune, part ""one""",412\r\n"Two\r\nlines",9\r\n\r\nEmma,1\r\n';
    const file = new Blob([text], { type: 'text/csv' });
    for (const chunkBytes of [3, 7, 16, 1024]) {
      const read = await allRecords(file, chunkBytes);
      expect(read.headers).toEqual(['Title', 'Pages']);
      expect(read.records).toEqual([['Dune, part "one"', '412'], ['Two\r\nlines', '9'], ['Emma', '1']]);
      expect(read.total).toBe(3);
    }
    expect(await previewCsv(file, 2)).toEqual({ headers: ['Title', 'Pages'], rows: [['Dune, part "one"', '412'], ['Two\r\nlines', '9']] });
  });

  it('joins a character whose bytes are cut between two slices, and guesses a semicolon delimiter', async () => {
    // "é" is two bytes and "😀" four: with 1-byte slices every one of them is cut.
    const file = new Blob(['Title;Pages\nCafé 😀;3\nNaïve;4\n']);
    const read = await allRecords(file, 1);
    expect(read.records).toEqual([['Café 😀', '3'], ['Naïve', '4']]);
  });

  it('refuses a file in another encoding with the row near the bad bytes, even deep in the file', async () => {
    const good = new TextEncoder().encode(`Title,Pages\n${'Dune,1\n'.repeat(3000)}`);
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x32, 0x0a]); // "Café,2" in Windows-1252
    const file = new Blob([good, latin1]);
    expect(await looksLikeText(file)).toBe(true); // the start of the file looks fine
    expect(await problemOf(countCsv(file, { chunkBytes: 4096 }))).toMatch(/^This file is not UTF-8 text \(near row 3001 there are characters in another encoding/);
  });

  it('refuses NUL bytes, an empty file, and a quote that never closes instead of reading the rest as one cell', async () => {
    expect(await problemOf(countCsv(new Blob(['Title\nA\n', new Uint8Array([0x41, 0x00, 0x0a])]), { chunkBytes: 4 }))).toMatch(/NUL byte near row 2:/);
    expect(await problemOf(countCsv(new Blob(['\n\n'])))).toBe('This file is empty: it has no header row. Nothing was imported.');
    const unclosed = new Blob([`Title,Pages\nA,1\n"B,2\n${'C,3\n'.repeat(20_000)}`]);
    expect(await problemOf(countCsv(unclosed, { chunkBytes: 32, maxRecordChars: 500 }))).toBe(
      'Row 2 never ends: it is longer than 500 characters, probably because a quote (") in it is not closed. Nothing was imported.',
    );
    expect(await looksLikeText(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])]))).toBe(false);
    expect(await problemOf(previewCsv(new Blob([new Uint8Array([0xff, 0xfe, 0x54, 0x00])])))).toMatch(/^This file is not a CSV text file in UTF-8/);
  });

  it('counts 200,000 rows in 1 MB slices', async () => {
    const file = new Blob([`Title,Pages\n${'Book,12\n'.repeat(200_000)}`]);
    const seen: number[] = [];
    expect(await countCsv(file, { onProgress: (bytes) => seen.push(bytes) })).toBe(200_000);
    expect(seen.at(-1)).toBe(file.size);
    expect(seen.length).toBe(Math.ceil(file.size / (1024 * 1024)));
  });
});

describe('CSV import batches', () => {
  it('skips ragged rows, wrong types and broken quotes by row number and sends the rest in order', async () => {
    const file = new Blob(['Title,Pages\nDune,412\nEmma,lots\nUlysses,730,extra\n<b>bold</b>,5\n"Bad"quote,3\n']);
    const out = await batches(file);
    expect(out).toHaveLength(1);
    expect(out[0]?.rows).toEqual([{ Title: 'Dune', Pages: 412 }, { Title: '<b>bold</b>', Pages: 5 }]);
    expect(out[0]?.lines).toEqual([1, 4]);
    expect(out[0]?.problems).toEqual([
      { line: 2, message: 'Row 2: “lots” is not a number (Pages).' },
      { line: 3, message: 'Row 3 has 3 cells but the file has 2 columns.' },
      // A quote that is not closed takes the rest of the file into its cell: one broken row.
      { line: 5, message: 'Row 5 has a quote (") that is not closed or is followed by other characters.' },
    ]);
    expect(out[0]?.recordsRead).toBe(5);
  });

  it('cuts batches at the row limit per call and at the request size, and refuses a row too large to send', async () => {
    const file = new Blob([`Title,Pages\n${Array.from({ length: 25 }, (_, i) => `Book ${String(i + 1)},${String(i)}`).join('\n')}\n`]);
    expect((await batches(file, { maxRows: 10 })).map((batch) => batch.rows.length)).toEqual([10, 10, 5]);
    // {"Title":"Book 1","Pages":0} is 29 bytes + 1 for the comma: three rows a request.
    const bySize = await batches(file, { maxBytes: 100 });
    expect(bySize.every((batch) => batch.rows.length <= 3)).toBe(true);
    expect(bySize.flatMap((batch) => batch.lines)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const wide = await batches(new Blob([`Title\nshort\n${'x'.repeat(90)}\n`]), { maxBytes: 60 });
    expect(wide.flatMap((batch) => batch.rows)).toEqual([{ Title: 'short' }]);
    expect(wide.flatMap((batch) => batch.problems)).toEqual([{ line: 2, message: 'Row 2 is too large to send (1 KB; at most 0 KB a request).' }]);
  });

  it('refuses a file whose header changed since the preview', async () => {
    const file = new Blob(['Name,Pages\nDune,1\n']);
    const plan: ImportPlan = { headers: ['Title', 'Pages'], mapping: {}, columns, maxCellChars: 100, maxRows: 10, maxBytes: 1000 };
    expect(await problemOf(importBatches(file, plan).next())).toBe('The file changed since it was previewed. Choose it again.');
  });
});
