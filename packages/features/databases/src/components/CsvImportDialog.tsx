import type { DatabaseColumn, DatabaseLimits, Json } from '@appforge/sdk';
import { useAppforge } from '@appforge/sdk/react';
import { Button, Dialog, Select } from '@appforge/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { guessMapping, looksLikeText, mapRecord, previewCsv, streamCsv } from '../lib/csv-import';
import type { ColumnMapping, CsvPreview, RowProblem } from '../lib/csv-import';
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
}

const BATCH = 2_000;
const SHOWN_PROBLEMS = 50;

/**
 * CSV import: pick a file, see its first rows and map its headers to columns, then the file is
 * read in chunks (papaparse), checked row by row and sent in batches; a summary says what was
 * imported and which rows were skipped and why.
 */
export function CsvImportDialog({ tableId, tableName, columns, limits, databaseRows, defaultOpen = false }: CsvImportDialogProps) {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const abort = useRef<AbortController | null>(null);

  function reset() {
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
    if (!(await looksLikeText(picked))) {
      setProblem('This file is not a CSV text file in UTF-8. Save it from your spreadsheet as “CSV UTF-8” and try again.');
      return;
    }
    try {
      const first = await previewCsv(picked);
      if (first.headers.length === 0) {
        setProblem('This file is empty.');
        return;
      }
      setFile(picked);
      setPreview(first);
      setMapping(guessMapping(first.headers, columns));
    } catch {
      setProblem('This file could not be read as CSV.');
    }
  }

  async function run() {
    if (!file || !preview) return;
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    // First pass: count the records, so a file over the row limit changes nothing.
    const total = await streamCsv(file, { onRecords: async () => {}, signal: controller.signal });
    if (databaseRows + total > limits.max_rows) {
      setProblem(`This file has ${formatCount(total)} rows; with the ${formatCount(databaseRows)} already here that is more than the ${formatCount(limits.max_rows)} rows a database holds. Nothing was imported.`);
      return;
    }
    const result: Summary = { imported: 0, skipped: 0, problems: [] };
    const skip = (found: RowProblem) => {
      result.skipped += 1;
      if (result.problems.length < SHOWN_PROBLEMS) result.problems.push(found);
    };
    let pending: { line: number; values: Record<string, Json> }[] = [];
    const flush = async () => {
      const batch = pending;
      pending = [];
      if (batch.length === 0) return;
      const answer = await client.databases.insertRows(tableId, batch.map((row) => row.values));
      result.imported += answer.inserted;
      for (const error of answer.errors) {
        const line = batch[error.row - 1]?.line ?? error.row;
        // The server numbers rows within this batch; the person knows them by their line in the file.
        const message = error.message
          .replace(/^Row \d+/, `Row ${String(line)}`)
          .replace(/ from row (\d+) /, (_, earlier: string) => ` from row ${String(batch[Number(earlier) - 1]?.line ?? earlier)} `);
        skip({ line, message });
      }
      result.skipped += Math.max(0, answer.skipped - answer.errors.length);
    };
    setProgress(0);
    try {
      await streamCsv(file, {
        signal: controller.signal,
        onRecords: async (records, firstLine) => {
          for (const [i, record] of records.entries()) {
            const mapped = mapRecord(record, preview.headers, mapping, columns, firstLine + i, limits.max_cell_chars);
            if ('message' in mapped) skip(mapped);
            else pending.push(mapped);
            if (pending.length >= Math.min(BATCH, limits.max_rows_per_call)) await flush();
          }
          setProgress(Math.min(1, (firstLine + records.length - 1) / Math.max(total, 1)));
        },
      });
      await flush();
    } catch (error) {
      setProblem(`The import stopped: ${error instanceof Error ? error.message : 'the server did not answer'}. ${formatCount(result.imported)} rows were imported before that.`);
    } finally {
      setProgress(null);
      setSummary(result);
      await queryClient.invalidateQueries({ queryKey: ['appforge', 'user'] });
    }
  }

  const mapped = Object.values(mapping).filter(Boolean).length;
  return (
    <Dialog
      title={`Import a CSV into ${tableName}`}
      description="The first row of the file names the columns. Values are checked against each column’s type; rows that do not fit are skipped and listed."
      open={open}
      onOpenChange={(next) => {
        if (!next) abort.current?.abort();
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
              <div role="progressbar" aria-label="Importing" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} className="db-progress">
                <span style={{ width: `${String(Math.round(progress * 100))}%` }} />
              </div>
            ) : null}
            <div className="db-actions">
              <Button onClick={() => void run()} loading={progress !== null} disabled={mapped === 0}>
                {mapped === 0 ? 'Map at least one column' : `Import into ${tableName}`}
              </Button>
            </div>
          </>
        ) : null}
        {summary ? (
          <div role="status" className="db-summary">
            <p>
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
