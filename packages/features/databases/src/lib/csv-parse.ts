// CSV parsing for the import, run inside a Web Worker (csv-import.worker.ts wraps this module; it
// has no DOM dependency and is unit-tested as is). The file is read in slices, decoded as UTF-8
// with a fatal decoder in streaming mode (a character cut between two slices is joined, and bytes
// in another encoding are refused instead of turning into “�”), and the text goes through
// papaparse's parser chunk by chunk, the way papaparse's own streamers join a record cut in two.
import type { DatabaseColumn, Json } from '@appforge/sdk';
import Papa from 'papaparse';
import { cleanHeader, mapRecord } from './csv-mapping';
import type { ColumnMapping, RowProblem } from './csv-mapping';

export interface CsvPreview {
  headers: string[];
  rows: string[][];
}

/** A problem with the whole file: nothing is imported. */
export class CsvFileProblem extends Error {
  override name = 'CsvFileProblem';
}

export interface ReadOptions {
  /** Bytes per slice (1 MB by default). */
  chunkBytes?: number;
  signal?: AbortSignal;
  /**
   * The longest record (in characters) worth waiting for: a quote that is never closed makes the
   * rest of the file one record, which is refused once it grows past this.
   */
  maxRecordChars?: number;
}

export interface RecordChunk {
  /** Records of this chunk (the header is not one), empty lines left out. */
  records: string[][];
  /** Record number (1-based, after the header) of each record that has a broken quote. */
  broken: Set<number>;
  /** Number of the first record of this chunk. */
  firstLine: number;
  /** Bytes of the file read so far. */
  bytesRead: number;
}

export interface CsvRead {
  headers: string[];
  chunks: AsyncGenerator<RecordChunk, number>;
}

const CHUNK_BYTES = 1024 * 1024;
const MAX_RECORD_CHARS = 16 * 1024 * 1024;
const GUESS_CHARS = 64 * 1024;

const isEmpty = (record: readonly string[]) => record.join('').trim() === '';

function encodingProblem(line: number): CsvFileProblem {
  return new CsvFileProblem(
    `This file is not UTF-8 text (near row ${String(line)} there are characters in another encoding, such as Windows-1252 or Latin-1). Save it from your spreadsheet as “CSV UTF-8” and try again. Nothing was imported.`,
  );
}

function nulProblem(line: number): CsvFileProblem {
  return new CsvFileProblem(`This file has a NUL byte near row ${String(line)}: it is not a CSV text file. Nothing was imported.`);
}

const newlines = (text: string) => text.match(/\n/g)?.length ?? 0;

async function* decodedSlices(
  file: Blob,
  chunkBytes: number,
  signal: AbortSignal | undefined,
  /** The row of the file at the end of what has been read plus `ahead`. */
  rowAt: (ahead: string) => number,
): AsyncGenerator<{ text: string; last: boolean; bytesRead: number }> {
  // ignoreBOM false: a leading byte-order mark is dropped by the decoder.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  if (file.size === 0) {
    yield { text: '', last: true, bytesRead: 0 };
    return;
  }
  for (let start = 0; start < file.size; start += chunkBytes) {
    if (signal?.aborted) throw new DOMException('The import was cancelled.', 'AbortError');
    const end = Math.min(file.size, start + chunkBytes);
    const last = end >= file.size;
    const bytes = await file.slice(start, end).arrayBuffer();
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: !last });
    } catch {
      // Where the first undecodable byte is: decoded leniently, it is the first “�”.
      const loose = new TextDecoder('utf-8').decode(bytes);
      throw encodingProblem(rowAt(loose.slice(0, loose.indexOf('\uFFFD'))));
    }
    const nul = text.indexOf('\0');
    if (nul >= 0) throw nulProblem(rowAt(text.slice(0, nul)));
    yield { text, last, bytesRead: end };
  }
}

/**
 * Reads a CSV file record by record, in chunks. The delimiter (comma, semicolon, tab, …) and the
 * line ending are guessed by papaparse from the start of the file. The generator's return value
 * is the number of records after the header.
 */
export async function readCsv(file: Blob, { chunkBytes = CHUNK_BYTES, signal, maxRecordChars = MAX_RECORD_CHARS }: ReadOptions = {}): Promise<CsvRead> {
  let line = 0;
  let pending = '';
  let headers: string[] | null = null;
  // The records read, plus the lines not parsed yet (the first of which ends the header, if it
  // has not been read), plus those of `ahead`; a new line inside a quoted cell makes this a guess.
  const slices = decodedSlices(file, chunkBytes, signal, (ahead) => line + newlines(pending + ahead) + (headers ? 1 : 0));
  let config: { delimiter: string; newline: Papa.ParseConfig['newline'] } | null = null;

  // Parses what has been read; keeps the last, possibly unfinished record for the next slice.
  const parse = (text: string, last: boolean): { records: string[][]; broken: Set<number> } => {
    const aggregate = pending + text;
    if (!config && !last && aggregate.length < GUESS_CHARS) {
      // Too little text yet to tell the delimiter and line ending.
      pending = aggregate;
      return { records: [], broken: new Set() };
    }
    if (!config) {
      const guess = Papa.parse<string[]>(aggregate.slice(0, GUESS_CHARS), { preview: 50, skipEmptyLines: 'greedy' });
      config = { delimiter: guess.meta.delimiter || ',', newline: (guess.meta.linebreak || '\n') as Papa.ParseConfig['newline'] };
    }
    const parser = new Papa.Parser({ ...config, quoteChar: '"' });
    const result = parser.parse(aggregate, 0, !last) as Papa.ParseResult<string[]> & { meta: { cursor: number } };
    pending = last ? '' : aggregate.slice(result.meta.cursor);
    const badAt = new Set(result.errors.filter((error) => error.type === 'Quotes').map((error) => error.row));
    const records: string[][] = [];
    const broken = new Set<number>();
    for (const [i, record] of result.data.entries()) {
      if (isEmpty(record) && !badAt.has(i)) continue;
      if (!headers) {
        headers = record.map(cleanHeader);
        continue;
      }
      line += 1;
      records.push(record);
      if (badAt.has(i)) broken.add(line);
    }
    if (pending.length > maxRecordChars) {
      throw new CsvFileProblem(
        `Row ${String(line + 1)} never ends: it is longer than ${String(maxRecordChars)} characters, probably because a quote (") in it is not closed. Nothing was imported.`,
      );
    }
    return { records, broken };
  };

  let finished = false;
  // Reads and parses the next slice; null once the file is read.
  const nextChunk = async (): Promise<RecordChunk | null> => {
    if (finished) return null;
    const next = await slices.next();
    if (next.done) {
      finished = true;
      return null;
    }
    finished = next.value.last;
    const firstLine = line + 1;
    const { records, broken } = parse(next.value.text, next.value.last);
    return { records, broken, firstLine, bytesRead: next.value.bytesRead };
  };

  // The header comes from the first slices (however many a very long header line takes).
  let firstChunk: RecordChunk | null = null;
  while (!headers) {
    firstChunk = await nextChunk();
    if (!firstChunk) break;
  }
  if (!headers) throw new CsvFileProblem('This file is empty: it has no header row. Nothing was imported.');

  async function* chunks(): AsyncGenerator<RecordChunk, number> {
    if (firstChunk && firstChunk.records.length > 0) yield firstChunk;
    for (let chunk = await nextChunk(); chunk; chunk = await nextChunk()) {
      if (chunk.records.length > 0 || finished) yield chunk;
    }
    return line;
  }
  return { headers, chunks: chunks() };
}

/** The header and first rows of a file, for the preview and the mapping. */
export async function previewCsv(file: Blob, rows = 5): Promise<CsvPreview> {
  if (!(await looksLikeText(file))) {
    throw new CsvFileProblem('This file is not a CSV text file in UTF-8. Save it from your spreadsheet as “CSV UTF-8” and try again.');
  }
  // Only the first 64 KB are read: enough for the header and a few rows of any sane file.
  const { headers, chunks } = await readCsv(file, { chunkBytes: 64 * 1024 });
  const first = await chunks.next();
  return { headers, rows: first.done ? [] : first.value.records.slice(0, rows) };
}

/** Reads the whole file once; resolves with its number of records (the import's first pass). */
export async function countCsv(file: Blob, options: ReadOptions & { onProgress?: (bytesRead: number, records: number) => void } = {}): Promise<number> {
  const { chunks } = await readCsv(file, options);
  for (;;) {
    const next = await chunks.next();
    if (next.done) return next.value;
    options.onProgress?.(next.value.bytesRead, next.value.firstLine + next.value.records.length - 1);
  }
}

export interface ImportPlan {
  headers: string[];
  mapping: ColumnMapping;
  columns: DatabaseColumn[];
  maxCellChars: number;
  /** Rows per insert call (the server's `max_rows_per_call`). */
  maxRows: number;
  /** Bytes of row JSON per insert call (the server refuses larger request bodies). */
  maxBytes: number;
}

export interface ImportBatch {
  rows: Record<string, Json>[];
  /** The file's record number of each row sent. */
  lines: number[];
  /** Records skipped before sending (ragged, wrong type, too long, broken quotes). */
  problems: RowProblem[];
  bytesRead: number;
  recordsRead: number;
}

/**
 * The import's second pass: every record mapped and checked, the good ones in batches of at most
 * `maxRows` rows and `maxBytes` bytes of JSON. The last batch may be empty (problems only).
 */
export async function* importBatches(file: Blob, plan: ImportPlan, options: ReadOptions = {}): AsyncGenerator<ImportBatch> {
  const { headers, chunks } = await readCsv(file, options);
  if (headers.join('\u0000') !== plan.headers.join('\u0000')) throw new CsvFileProblem('The file changed since it was previewed. Choose it again.');
  const encoder = new TextEncoder();
  let batch: ImportBatch = { rows: [], lines: [], problems: [], bytesRead: 0, recordsRead: 0 };
  let bytes = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    const { records, broken, firstLine, bytesRead } = next.value;
    for (const [i, record] of records.entries()) {
      const line = firstLine + i;
      batch.recordsRead = line;
      if (broken.has(line)) {
        batch.problems.push({ line, message: `Row ${String(line)} has a quote (") that is not closed or is followed by other characters.` });
        continue;
      }
      const mapped = mapRecord(record, plan.headers, plan.mapping, plan.columns, line, plan.maxCellChars);
      if ('message' in mapped) {
        batch.problems.push(mapped);
        continue;
      }
      // One comma between rows; the envelope ({"table_id":…,"rows":[]}) is in the margin of maxBytes.
      const size = encoder.encode(JSON.stringify(mapped.values)).byteLength + 1;
      if (size > plan.maxBytes) {
        batch.problems.push({ line, message: `Row ${String(line)} is too large to send (${String(Math.ceil(size / 1024))} KB; at most ${String(Math.floor(plan.maxBytes / 1024))} KB a request).` });
        continue;
      }
      if (batch.rows.length >= plan.maxRows || bytes + size > plan.maxBytes) {
        batch.bytesRead = bytesRead;
        yield batch;
        batch = { rows: [], lines: [], problems: [], bytesRead, recordsRead: line };
        bytes = 0;
      }
      batch.rows.push(mapped.values);
      batch.lines.push(line);
      bytes += size;
    }
    batch.bytesRead = bytesRead;
  }
  yield batch;
}

/** Whether the bytes look like text (not a spreadsheet or an image renamed to .csv). */
export async function looksLikeText(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (head.includes(0)) return false;
  try {
    // stream: a character cut at the 4 KB boundary is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
