// CSV export of run history. Spreadsheet programs run a cell that starts with = + - @ (or a tab or
// carriage return) as a formula, so a visitor's input like `=HYPERLINK(...)` would execute on the
// creator's machine (OWASP "CSV injection"); such cells get a leading apostrophe.
import type { AppRunSummary } from '@appforge/sdk';
import Papa from 'papaparse';
import { outputsText, runDurationMs, statusLabel } from './run-format';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, defused when a spreadsheet would read it as a formula. */
export function escapeCell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return FORMULA_START.test(text.trimStart()) || FORMULA_START.test(text) ? `'${text}` : text;
}

export const RUN_CSV_COLUMNS = [
  'run_id',
  'started_at',
  'status',
  'version',
  'duration_ms',
  'input_tokens',
  'output_tokens',
  'inputs',
  'outputs',
  'error',
] as const;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The runs as CSV (RFC 4180, a header row, CRLF line ends), every text cell escaped. */
export function runsToCsv(runs: readonly AppRunSummary[]): string {
  const rows = runs.map((run) =>
    [
      run.id,
      run.created_at,
      statusLabel(run.status),
      run.version_number,
      runDurationMs(run),
      run.usage?.inputTokens ?? null,
      run.usage?.outputTokens ?? null,
      textOf(run.inputs),
      textOf(outputsText(run.outputs)),
      run.error ? `${run.error.code}: ${run.error.message}` : '',
    ].map(escapeCell),
  );
  return Papa.unparse({ fields: [...RUN_CSV_COLUMNS], data: rows }, { newline: '\r\n', quotes: false, escapeFormulae: false });
}

/** `runs-<app>-<yyyy-mm-dd>.csv`, safe as a file name on every system. */
export function csvFileName(appName: string, now: Date): string {
  const slug = appName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `runs-${slug || 'app'}-${now.toISOString().slice(0, 10)}.csv`;
}
