import type { AppforgeError, DatabaseColumn, DatabaseDetail, DatabaseRecord, DatabaseRowFilter, Json } from '@appforge/sdk';
import { MAX_DELETE_ROWS, messageOf, rowFilterSchema, valueText } from '@appforge/sdk';
import {
  DATABASE_SCROLL_MAX_ROWS,
  useAppforge,
  useDatabaseLimits,
  useDatabaseRowsCount,
  useDatabaseRowsInfinite,
  useDatabaseTableCounts,
  useDeleteDatabaseRows,
  useUpdateDatabaseRow,
} from '@appforge/sdk/react';
import { Button, ConfirmDialog, LoadError, Select } from '@appforge/ui';
import type { RowSelectionState, SortingState, VisibilityState } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { z } from 'zod';
import { useSearchParams } from 'react-router';
import { AddRowDialog } from '../components/AddRowDialog';
import { CsvImportDialog } from '../components/CsvImportDialog';
import { DataGrid } from '../components/DataGrid';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { FilterBar } from '../components/FilterBar';
import { csvFileName, download, rowsToCsv } from '../lib/csv-export';
import { fetchAllRows } from '../lib/fetch-all-rows';
import { formatCount } from '../lib/format';

const UNDO_MS = 6_000;

const addressFilters = z.array(rowFilterSchema).max(20);

/**
 * The grid's sort and filters live in the address (`?sort=Pages`, `?sort=-Pages`,
 * `?filters=[…]`), so a reload or a shared link shows the same rows. The address is outside input:
 * anything that does not parse, or names a column the table lacks, is ignored.
 */
function viewFromParams(params: URLSearchParams, columns: readonly DatabaseColumn[]): { filters: DatabaseRowFilter[]; sorting: SortingState } {
  const known = new Set(columns.map((column) => column.name));
  let filters: DatabaseRowFilter[] = [];
  const rawFilters = params.get('filters');
  if (rawFilters !== null) {
    try {
      const parsed = addressFilters.safeParse(JSON.parse(rawFilters));
      if (parsed.success) filters = parsed.data.filter((filter) => known.has(filter.column));
    } catch {
      filters = [];
    }
  }
  const rawSort = params.get('sort') ?? '';
  const desc = rawSort.startsWith('-');
  const column = desc ? rawSort.slice(1) : rawSort;
  return { filters, sorting: known.has(column) ? [{ id: column, desc }] : [] };
}

function writeView(setParams: SetURLSearchParams, view: { filters: DatabaseRowFilter[]; sorting: SortingState }) {
  setParams(
    (current) => {
      const next = new URLSearchParams(current);
      next.delete('import');
      if (view.filters.length > 0) next.set('filters', JSON.stringify(view.filters));
      else next.delete('filters');
      const sort = view.sorting[0];
      if (sort) next.set('sort', `${sort.desc ? '-' : ''}${sort.id}`);
      else next.delete('sort');
      return next;
    },
    { replace: true },
  );
}

interface PendingDelete {
  ids: string[];
  timer: ReturnType<typeof setTimeout>;
}

function TableData({ database, tableId, openImport }: { database: DatabaseDetail; tableId: string; openImport: boolean }) {
  const table = database.tables.find((candidate) => candidate.id === tableId);
  const columns: readonly DatabaseColumn[] = table?.columns ?? [];
  const client = useAppforge();
  const [params, setParams] = useSearchParams();
  const { filters, sorting } = viewFromParams(params, columns);
  const setFilters = (next: DatabaseRowFilter[]) => writeView(setParams, { filters: next, sorting });
  const setSorting = (updater: SortingState | ((old: SortingState) => SortingState)) =>
    writeView(setParams, { filters, sorting: typeof updater === 'function' ? updater(sorting) : updater });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [hidden, setHidden] = useState<VisibilityState>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [exporting, setExporting] = useState(false);
  const sort = sorting[0] ? { column: sorting[0].id, desc: sorting[0].desc } : null;
  // Server pages of 500 rows load one after another as the person scrolls, up to 10,000.
  const rows = useDatabaseRowsInfinite({ tableId, filters, sort });
  // Counted once per filter, beside the rows: a sort or a scroll never waits for a count.
  const count = useDatabaseRowsCount({ tableId, filters });
  const limits = useDatabaseLimits();
  const counts = useDatabaseTableCounts([database.id]);
  const update = useUpdateDatabaseRow();
  const remove = useDeleteDatabaseRows();

  // A delete waiting for its undo still happens when the person leaves the page.
  const pendingRef = useRef<PendingDelete | null>(null);
  pendingRef.current = pending;
  const removeRef = useRef(remove.mutate);
  removeRef.current = remove.mutate;
  useEffect(
    () => () => {
      const waiting = pendingRef.current;
      if (waiting) {
        clearTimeout(waiting.timer);
        removeRef.current(waiting.ids);
      }
    },
    [],
  );

  if (!table) return <LoadError what="This table" title="This table was not found" notFound />;

  const pages = rows.data?.pages ?? [];
  const loaded = pages.flatMap((page) => page.rows);
  const shownRows = pending ? loaded.filter((row) => !pending.ids.includes(row.id)) : loaded;
  const selected = Object.keys(selection).filter((id) => selection[id]);
  // Until the count arrives, the loaded rows (and "+" while more follow) stand for it.
  const moreFollow = pages.at(-1)?.has_more === true;
  const total = count.data?.total ?? loaded.length;
  const capped = count.data ? count.data.capped : moreFollow;

  async function edit(row: DatabaseRecord, column: DatabaseColumn, value: Json) {
    try {
      await update.mutateAsync({ row, patch: { [column.name]: value } });
      setNotice(null);
    } catch (error) {
      const failure = error as AppforgeError;
      if (failure.code === 'conflict') {
        const current = failure.details as DatabaseRecord | undefined;
        const now = current ? valueText(current.data[column.name]) : '';
        setNotice(`Not saved: this row was changed somewhere else (another tab or an app run). ${column.name} is now “${now}”. The grid shows the current values; edit again if you still want your change.`);
        await rows.refetch();
        throw new Error('Changed elsewhere: not saved.', { cause: error });
      }
      throw error;
    }
  }

  function deleteSelected() {
    const ids = selected.slice(0, MAX_DELETE_ROWS);
    if (pending) {
      clearTimeout(pending.timer);
      remove.mutate(pending.ids);
    }
    const timer = setTimeout(() => {
      setPending(null);
      remove.mutate(ids);
    }, UNDO_MS);
    setPending({ ids, timer });
    setSelection({});
  }

  function undo() {
    if (!pending) return;
    clearTimeout(pending.timer);
    setPending(null);
  }

  async function exportCsv(view: boolean) {
    setExporting(true);
    try {
      const all = await fetchAllRows(client, view ? { tableId, filters, sort } : { tableId });
      if (!table) return;
      download(csvFileName(table.name, { filtered: view, at: new Date() }), `\uFEFF${rowsToCsv(columns, all)}`, 'text/csv;charset=utf-8');
    } catch (error) {
      setNotice(`The export failed: ${error instanceof Error ? error.message : 'try again'}.`);
    } finally {
      setExporting(false);
    }
  }

  const databaseRows = (counts.data ?? []).reduce((sum, count) => sum + count.row_count, 0);
  return (
    <div className="db-stack">
      <FilterBar
        columns={columns}
        filters={filters}
        onChange={(next) => {
          setFilters(next);
        }}
      />
      <div className="db-actions" role="toolbar" aria-label="Rows">
        <AddRowDialog tableId={tableId} columns={columns} />
        {limits.data ? (
          <CsvImportDialog tableId={tableId} tableName={table.name} columns={columns} limits={limits.data} databaseRows={databaseRows} defaultOpen={openImport} />
        ) : null}
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv(false)}>
          Export CSV
        </Button>
        {filters.length > 0 ? (
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv(true)}>
            Export this view
          </Button>
        ) : null}
        <details className="db-columns">
          <summary>Columns</summary>
          <fieldset>
            <legend>Shown columns</legend>
            {columns.map((column) => (
              <label key={column.name} className="db-check">
                <input
                  type="checkbox"
                  checked={hidden[column.name] !== false}
                  onChange={(event) => setHidden({ ...hidden, [column.name]: event.target.checked })}
                />
                {column.name}
              </label>
            ))}
          </fieldset>
        </details>
        {selected.length > 0 ? (
          <ConfirmDialog
            title={`Delete ${formatCount(selected.length)} ${selected.length === 1 ? 'row' : 'rows'}?`}
            description={
              selected.length > MAX_DELETE_ROWS
                ? `At most ${String(MAX_DELETE_ROWS)} rows are deleted at once; the first ${String(MAX_DELETE_ROWS)} selected will go. You can undo for a few seconds.`
                : 'You can undo for a few seconds.'
            }
            confirmLabel="Delete"
            destructive
            onConfirm={deleteSelected}
            trigger={<Button variant="danger">{`Delete ${formatCount(selected.length)} selected`}</Button>}
          />
        ) : null}
      </div>
      {pending ? (
        <div role="status" className="db-undo">
          <span>{`${formatCount(pending.ids.length)} ${pending.ids.length === 1 ? 'row' : 'rows'} deleted.`}</span>
          <Button variant="secondary" size="sm" onClick={undo}>
            Undo
          </Button>
        </div>
      ) : null}
      {remove.error ? (
        <p role="alert" className="db-error">
          {`The rows were not deleted: ${remove.error.message}`}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="db-error">
          {notice}
        </p>
      ) : null}
      {rows.isError ? (
        <LoadError what="The rows" message={messageOf(rows.error)} onRetry={() => void rows.refetch()} retrying={rows.isFetching} />
      ) : rows.isPending ? (
        <p aria-busy="true">Loading rows…</p>
      ) : total === 0 && filters.length === 0 ? (
        <p>This table has no rows yet. Add one, import a CSV, or let an app’s database step write them.</p>
      ) : (
        <>
          <p className="db-muted" aria-live="polite">
            {total === 0
              ? 'No row matches these filters.'
              : `Rows 1–${formatCount(loaded.length)} of ${formatCount(total)}${capped ? '+' : ''}${filters.length > 0 ? ' matching' : ''}`}
          </p>
          <DataGrid
            name={table.name}
            columns={columns}
            rows={shownRows}
            totalRows={total}
            sorting={sorting}
            onSortingChange={setSorting}
            selection={selection}
            onSelectionChange={setSelection}
            hidden={hidden}
            onEdit={edit}
            onNearEnd={() => {
              if (rows.hasNextPage && !rows.isFetchingNextPage) void rows.fetchNextPage();
            }}
          />
          {rows.isFetchingNextPage ? <p aria-busy="true" className="db-muted">Loading more rows…</p> : null}
          {!rows.hasNextPage && loaded.length >= DATABASE_SCROLL_MAX_ROWS && (capped || total > loaded.length) ? (
            <p className="db-muted">{`The grid holds the first ${formatCount(DATABASE_SCROLL_MAX_ROWS)} rows; filter or sort to reach the others, or export the table as CSV.`}</p>
          ) : null}
        </>
      )}
    </div>
  );
}

function DataSection({ database }: { database: DatabaseDetail }) {
  const [params, setParams] = useSearchParams();
  const first = database.tables[0];
  if (!first) return <p>This database has no tables yet. Add one under Structure.</p>;
  const tableId = database.tables.some((table) => table.id === params.get('table')) ? (params.get('table') ?? first.id) : first.id;
  return (
    <div className="db-stack">
      {database.tables.length > 1 ? (
        <Select
          label="Table"
          value={tableId}
          onValueChange={(next) => setParams({ table: next })}
          options={database.tables.map((table) => ({ value: table.id, label: table.name }))}
        />
      ) : null}
      <TableData key={tableId} database={database} tableId={tableId} openImport={params.get('import') === '1'} />
    </div>
  );
}

/** `/database/:databaseId/data` — the grid: server paging, sorting and filtering, edits, CSV in and out. */
export function Component() {
  return <DatabaseFrame section="Data">{(database) => <DataSection database={database} />}</DatabaseFrame>;
}
