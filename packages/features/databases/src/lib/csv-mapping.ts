// CSV headers to table columns and one record to a row's values, checked by type the way the
// database checks them. No parsing here (and no papaparse): the dialog uses the mapping on the
// main thread, the worker (csv-parse.ts) maps every record.
import type { DatabaseColumn, Json } from '@appforge/sdk';
import { convertValue } from '@appforge/sdk/values';

/** CSV header → table column name (or null: not imported). */
export type ColumnMapping = Record<string, string | null>;

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
