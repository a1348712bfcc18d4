import type { DatabaseColumn, DatabaseLimits } from '@appforge/sdk';
import { useAppforge } from '@appforge/sdk/react';
import { Button, Dialog, Select } from '@appforge/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { guessMapping } from '../lib/csv-mapping';
import type { ColumnMapping, RowProblem } from '../lib/csv-mapping';
import type { CsvPreview, ImportBatch } from '../lib/csv-parse';
import { CsvParserError, openCsvParser } from '../lib/csv-worker-client';
import type { CsvParser } from '../lib/csv-worker-client';
import { formatCount, formatSize } from '../lib/format';

export interface CsvImportDialogProps {
  tableId: string;
  tableName: string;
  columns: readonly DatabaseColumn[];
  limits: DatabaseLimits;
  /** Rows the database has now (all tables), to refuse a file that would go over the limit. */
  databaseRows: number;
  defaultOpen?: boolean;
}

interface Summary {
  imported: number;
  skipped: number;
  problems: RowProblem[];
  /** Why the import ended early (cancelled, server error), if it did. */
  stopped: string | null;
}

interface Progress {
  phase: 'check' | 'import';
  /** 0–1, by bytes of the file read. */
  fraction: number;
  text: string;
}

/**
 * Bytes of row JSON per insert request. The embedded backend refuses request bodies over
 * MAX_BODY_BYTES (1 MiB by default) with 413; the margin covers the envelope
 * ({"table_id":…,"rows":[…]}). Rows per request are capped by the server's `max_rows_per_call`.
 */
export const MAX_REQUEST_BYTES = 1_000_000;
const SHOWN_PROBLEMS = 50;

/** The server numbers rows within a batch; the person knows them by their line in the file. */
function serverProblem(batch: ImportBatch, error: { row: number; message: string }): RowProblem {
  const line = batch.lines[error.row - 1] ?? error.row;
  const message = error.message
    .replace(/^Row \d+/, `Row ${String(line)}`)
    .replace(/ from row (\d+) /, (_, earlier: string) => ` from row ${String(batch.lines[Number(earlier) - 1] ?? earlier)} `);
  return { line, message };
}

/**
 * CSV import: pick a file, see its first rows and map its headers to columns, then a Web Worker
 * reads the whole file (papaparse) twice — once to count its rows and check its encoding, then to
 * check each row and hand over batches — while this page sends the batches; a summary says what
 * was imported and which rows were skipped and why. Cancel stops the worker at once.
 */
export function CsvImportDialog({ tableId, tableName, columns, limits, databaseRows, defaultOpen = false }: CsvImportDialogProps) {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const parser = useRef<CsvParser | null>(null);
  const cancelled = useRef(false);
  // The file's rows are counted as soon as it is picked, so the preview can say how many there are;
  // the import reuses that count (one worker reads one request at a time).
  const counting = useRef<Promise<number> | null>(null);
  const [rowCount, setRowCount] = useState<number | null>(null);

  function stopParser() {
    parser.current?.terminate();
    parser.current = null;
  }
  // Leaving the page stops a worker still reading.
  useEffect(() => stopParser, []);

  function reset() {
    stopParser();
    counting.current = null;
    setRowCount(null);
    setFile(null);
    setPreview(null);
    setMapping({});
    setProblem(null);
    setProgress(null);
    setSummary(null);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    reset();
    const picked = event.target.files?.[0];
    if (!picked) return;
    if (picked.size > limits.max_import_bytes) {
      setProblem(`This file is ${formatSize(picked.size)}; a CSV import takes at most ${formatSize(limits.max_import_bytes)}.`);
      return;
    }
    try {
      const started = await openCsvParser();
      parser.current = started;
      const first = await started.preview(picked);
      setFile(picked);
      setPreview(first);
      setMapping(guessMapping(first.headers, columns));
      const counted = started.count(picked, () => undefined);
      counting.current = counted;
      counted.then(
        (records) => {
          if (counting.current === counted) setRowCount(records);
        },
        // A file that cannot be read to its end says so when the person imports it.
        () => undefined,
      );
    } catch (error) {
      stopParser();
      setProblem(error instanceof CsvParserError && error.file ? error.message : 'This file could not be read as CSV.');
    }
  }

  async function run() {
    const reader = parser.current;
    if (!file || !preview || !reader) return;
    setProblem(null);
    cancelled.current = false;
    const result: Summary = { imported: 0, skipped: 0, problems: [], stopped: null };
    const skip = (found: RowProblem) => {
      result.skipped += 1;
      if (result.problems.length < SHOWN_PROBLEMS) result.problems.push(found);
    };
    let total = 0;
    try {
      // First pass: count the records (and check the whole file's encoding), so a file over the
      // row limit or in the wrong encoding changes nothing.
      setProgress({ phase: 'check', fraction: 0, text: 'Checking the file…' });
      total = await (counting.current ??
        reader.count(file, (bytesRead) => setProgress({ phase: 'check', fraction: bytesRead / Math.max(file.size, 1), text: 'Checking the file…' })));
      if (databaseRows + total > limits.max_rows) {
        setProblem(`This file has ${formatCount(total)} rows; with the ${formatCount(databaseRows)} already here that is more than the ${formatCount(limits.max_rows)} rows a database holds. Nothing was imported.`);
        setProgress(null);
        return;
      }
    } catch (error) {
      setProgress(null);
      if (cancelled.current) setProblem('The import was cancelled. Nothing was imported.');
      else setProblem(error instanceof CsvParserError && error.file ? error.message : `The file could not be read: ${error instanceof Error ? error.message : 'unknown error'}. Nothing was imported.`);
      return;
    }
    setProgress({ phase: 'import', fraction: 0, text: `Imported 0 of ${formatCount(total)} rows` });
    const sendBatch = async (batch: ImportBatch) => {
      for (const found of batch.problems) skip(found);
      if (batch.rows.length > 0) {
        const answer = await client.databases.insertRows(tableId, batch.rows);
        result.imported += answer.inserted;
        for (const error of answer.errors) skip(serverProblem(batch, error));
        result.skipped += Math.max(0, answer.skipped - answer.errors.length);
      }
      if (!cancelled.current) {
        setProgress({ phase: 'import', fraction: batch.bytesRead / Math.max(file.size, 1), text: `Imported ${formatCount(result.imported)} of ${formatCount(total)} rows` });
      }
    };
    // A batch on its way when the person cancels still lands: the summary waits for it.
    let inflight: Promise<void> = Promise.resolve();
    try {
      await reader.import(
        file,
        { headers: preview.headers, mapping, columns: [...columns], maxCellChars: limits.max_cell_chars, maxRows: limits.max_rows_per_call, maxBytes: MAX_REQUEST_BYTES },
        (batch) => (inflight = sendBatch(batch)),
      );
    } catch (error) {
      await inflight.catch(() => undefined);
      const rest = `${formatCount(result.imported)} ${result.imported === 1 ? 'row was' : 'rows were'} imported before that; the rest of the file was not.`;
      result.stopped = cancelled.current
        ? `You cancelled the import. ${rest}`
        : `The import stopped: ${error instanceof Error ? error.message : 'the server did not answer'}. ${rest}`;
    } finally {
      stopParser();
      setProgress(null);
      setSummary(result);
      await queryClient.invalidateQueries({ queryKey: ['appforge', 'user'] });
    }
  }

  function cancel() {
    cancelled.current = true;
    stopParser();
  }

  const mapped = Object.values(mapping).filter(Boolean).length;
  return (
    <Dialog
      title={`Import a CSV into ${tableName}`}
      description="The first row of the file names the columns. Values are checked against each column’s type; rows that do not fit are skipped and listed."
      open={open}
      onOpenChange={(next) => {
        if (!next) cancel();
        setOpen(next);
        if (!next) reset();
      }}
      size="lg"
      trigger={<Button variant="secondary">Import CSV</Button>}
    >
      <div className="db-stack">
        <label className="db-file">
          <span>CSV file</span>
          <input type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} disabled={progress !== null} />
        </label>
        {problem ? (
          <p role="alert" className="db-error">
            {problem}
          </p>
        ) : null}
        {preview && !summary ? (
          <>
            <p className="db-muted" aria-live="polite">
              {rowCount === null ? 'Counting the rows…' : `The file has ${formatCount(rowCount)} ${rowCount === 1 ? 'row' : 'rows'} after its header.`}
            </p>
            <div className="db-grid" style={{ maxHeight: '14rem' }}>
              <table className="db-grid__table">
                <caption>First rows of the file</caption>
                <thead>
                  <tr>
                    {preview.headers.map((header, i) => (
                      <th key={`${header}-${String(i)}`} scope="col">
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, r) => (
                    <tr key={String(r)}>
                      {preview.headers.map((header, i) => (
                        <td key={`${header}-${String(i)}`}>{row[i] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <fieldset className="db-mapping">
              <legend>Which column does each CSV column go to?</legend>
              {preview.headers.map((header) => (
                <Select
                  key={header}
                  label={`“${header}” goes to`}
                  value={mapping[header] ?? '__skip'}
                  onValueChange={(value) => setMapping({ ...mapping, [header]: value === '__skip' ? null : value })}
                  options={[{ value: '__skip', label: 'Do not import' }, ...columns.map((column) => ({ value: column.name, label: column.name }))]}
                />
              ))}
            </fieldset>
            {progress !== null ? (
              <div className="db-stack">
                <div
                  role="progressbar"
                  aria-label={progress.phase === 'check' ? 'Checking the file' : 'Importing'}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress.fraction * 100)}
                  aria-valuetext={progress.text}
                  className="db-progress"
                >
                  <span style={{ width: `${String(Math.round(progress.fraction * 100))}%` }} />
                </div>
                <p className="db-muted" aria-live="polite">
                  {progress.text}
                </p>
              </div>
            ) : null}
            <div className="db-actions">
              <Button onClick={() => void run()} loading={progress !== null} disabled={mapped === 0}>
                {mapped === 0 ? 'Map at least one column' : `Import into ${tableName}`}
              </Button>
              {progress !== null ? (
                <Button variant="secondary" onClick={cancel}>
                  Cancel the import
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
        {summary ? (
          <div role="status" className="db-summary">
            <p>
              {summary.stopped ? (
                <>
                  {summary.stopped}
                  <br />
                </>
              ) : null}
              <strong>{`${formatCount(summary.imported)} imported, ${formatCount(summary.skipped)} skipped`}</strong>
              {summary.problems[0] ? `: ${summary.problems[0].message}` : '.'}
            </p>
            {summary.problems.length > 1 ? (
              <ul aria-label="Skipped rows">
                {summary.problems.map((found) => (
                  <li key={found.line}>{found.message}</li>
                ))}
              </ul>
            ) : null}
            {summary.skipped > summary.problems.length ? <p className="db-muted">{`Only the first ${String(SHOWN_PROBLEMS)} skipped rows are listed.`}</p> : null}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
