// CSV out: what a spreadsheet opens safely. A cell that starts with = + - @ (or a tab or carriage
// return) would run as a formula in Excel, LibreOffice or Google Sheets; it is exported as text,
// prefixed with an apostrophe (OWASP's advice for CSV injection) and quoted.
import type { DatabaseColumn, DatabaseRecord } from '@appforge/sdk';
import { valueText } from '@appforge/sdk';
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text, neutralised if a spreadsheet would read it as a formula. */
export function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The rows as CSV: a header of column names, then each row's values as text. */
export function rowsToCsv(columns: readonly DatabaseColumn[], rows: readonly DatabaseRecord[]): string {
  const header = columns.map((column) => safeCell(column.name));
  const body = rows.map((row) => columns.map((column) => safeCell(valueText(row.data[column.name]))));
  // quotes: true — every cell quoted, so a neutralised cell is unambiguously text.
  return Papa.unparse({ fields: header, data: body }, { quotes: true, newline: '\r\n' });
}

/** A file name from a table's name: letters, digits, spaces, - and _ only. */
export function csvFileName(name: string, view?: { filtered: boolean; at: Date }): string {
  const safe = name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'table';
  // A filtered export is a different file from the whole table: it says so, and the day, so two
  // downloads never overwrite or pass for each other.
  return view?.filtered === true ? `${safe}-filtered-${view.at.toISOString().slice(0, 10)}.csv` : `${safe}.csv`;
}

/** Offers a file to the person (the browser's download). */
export function download(name: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
