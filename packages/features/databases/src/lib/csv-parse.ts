// CSV in: papaparse reads the file in chunks (a 50 MB file never sits in memory as one string),
// each record is mapped to the table's columns and checked by type the way the database checks
// it, and good rows go to the server in batches of at most the per-call limit.
import type { DatabaseColumn } from '@appforge/sdk';
import { convertValue } from '@appforge/sdk';
import type { Json } from '@appforge/sdk';
import Papa from 'papaparse';

/** CSV header → table column name (or null: not imported). */
export type ColumnMapping = Record<string, string | null>;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
}

export interface MappedRow {
  /** 1-based number of the record in the file (after the header). */
  line: number;
  values: Record<string, Json>;
}

export interface RowProblem {
  line: number;
  message: string;
}

/** Each header goes to the column of the same name, whatever its case or surrounding spaces. */
export function guessMapping(headers: readonly string[], columns: readonly DatabaseColumn[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    const match = columns.find((column) => column.name.trim().toLowerCase() === header.trim().toLowerCase());
    mapping[header] = match ? match.name : null;
  }
  return mapping;
}

/** Strips a byte-order mark and the spaces around a header. */
export function cleanHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim();
}

/**
 * A record as column values, or the reason it is skipped. A record with more cells than headers
 * (a ragged row) is refused rather than guessed at; fewer cells leave the rest empty.
 */
export function mapRecord(
  record: readonly string[],
  headers: readonly string[],
  mapping: ColumnMapping,
  columns: readonly DatabaseColumn[],
  line: number,
  maxCellChars: number,
): MappedRow | RowProblem {
  if (record.length > headers.length) {
    return { line, message: `Row ${line} has ${record.length} cells but the file has ${headers.length} columns.` };
  }
  const values: Record<string, Json> = {};
  for (const [i, header] of headers.entries()) {
    const target = mapping[header];
    if (!target) continue;
    const column = columns.find((candidate) => candidate.name === target);
    if (!column) continue;
    const text = record[i] ?? '';
    if (text.length > maxCellChars) return { line, message: `Row ${line} has more than ${maxCellChars} characters in ${target}.` };
    const converted = convertValue(text, column.type);
    if (!converted.ok) return { line, message: `Row ${line}: ${converted.message.replace(/\.$/, '')} (${target}).` };
    if (converted.value !== null) values[target] = converted.value;
  }
  return { line, values };
}

/** The first rows of a file, for the preview and the mapping. */
export function previewCsv(file: Blob, rows = 5): Promise<CsvPreview> {
  // Only the first 64 KB are read: enough for the header and a few rows of any sane file.
  return file
    .slice(0, 64 * 1024)
    .text()
    .then((head) => {
      const parsed = Papa.parse<string[]>(head, { skipEmptyLines: 'greedy', preview: rows + 1 });
      const [header = [], ...body] = parsed.data;
      return { headers: header.map(cleanHeader), rows: body };
    });
}

export interface StreamOptions {
  /** Called with each chunk's records (already parsed), in order; the stream waits for it. */
  onRecords: (records: string[][], firstLine: number) => Promise<void>;
  chunkSize?: number;
  signal?: AbortSignal;
}

/** Reads the whole file in chunks; resolves with the number of records after the header. */
export function streamCsv(file: Blob, { onRecords, chunkSize = 1024 * 1024, signal }: StreamOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    let line = 0;
    let headerSeen = false;
    let failed = false;
    Papa.parse<string[]>(file as File, {
      skipEmptyLines: 'greedy',
      chunkSize,
      chunk: (results, parser) => {
        parser.pause();
        let records = results.data;
        if (!headerSeen) {
          headerSeen = true;
          records = records.slice(1);
        }
        const first = line + 1;
        line += records.length;
        if (signal?.aborted) {
          parser.abort();
          return;
        }
        onRecords(records, first).then(
          () => parser.resume(),
          (error: unknown) => {
            failed = true;
            parser.abort();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
      complete: () => {
        if (!failed) resolve(line);
      },
      error: (error) => reject(error),
    });
  });
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
