import type { AppRunSummary } from '@appforge/sdk';
import { Badge, Button, formatDateTime } from '@appforge/ui';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type { ColumnDef, Row, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { formatDuration, formatTokens, outputsText, runStatusLabel, searchableText, statusTone, summarise, totalTokens } from '../lib/run-format';

export const RUNS_PAGE_SIZE = 25;

export interface RunsTableProps {
  runs: readonly AppRunSummary[];
  /** Free text: only runs whose inputs, outputs, status or error contain it. */
  text: string;
  onOpen: (runId: string) => void;
  /** Drawn above the table with the rows as filtered and sorted (all pages), e.g. a CSV export. */
  toolbar?: (visibleRows: AppRunSummary[]) => ReactNode;
}

function matchesText(row: Row<AppRunSummary>, _columnId: string, filter: unknown): boolean {
  const needle = typeof filter === 'string' ? filter.trim().toLowerCase() : '';
  return needle === '' || searchableText(row.original).includes(needle);
}

const SORT_WORDS = { asc: 'ascending', desc: 'descending' } as const;

/** The runs, sortable by the column headers, filtered by text, 25 to a page. */
export function RunsTable({ runs, text, onOpen, toolbar }: RunsTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'created_at', desc: true }]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: RUNS_PAGE_SIZE });
  const [lastText, setLastText] = useState(text);
  if (lastText !== text) {
    // A new search starts on its first page (set during render: no flash of an empty page).
    setLastText(text);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  }

  const columns = useMemo<ColumnDef<AppRunSummary>[]>(
    () => [
      {
        id: 'created_at',
        header: 'Started',
        accessorFn: (run) => run.created_at,
        cell: ({ row }) => (
          <Button variant="ghost" size="sm" className="settings-runs__open" onClick={() => onOpen(row.original.id)} aria-label={`Open the run from ${formatDateTime(row.original.created_at)}`}>
            {formatDateTime(row.original.created_at)}
          </Button>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (run) => runStatusLabel(run),
        cell: ({ row }) => <Badge tone={statusTone(row.original.status)}>{runStatusLabel(row.original)}</Badge>,
      },
      {
        id: 'version',
        header: 'Version',
        accessorFn: (run) => run.version_number ?? -1,
        cell: ({ row }) => (row.original.version_number === null ? '—' : `v${row.original.version_number}`),
      },
      {
        id: 'inputs',
        header: 'Inputs',
        enableSorting: false,
        accessorFn: (run) => summarise(run.inputs),
        cell: ({ getValue }) => <span className="settings-runs__text">{String(getValue())}</span>,
      },
      {
        id: 'outputs',
        header: 'Outputs',
        enableSorting: false,
        accessorFn: (run) => (run.error ? `Error: ${run.error.message}` : summarise(outputsText(run.outputs))),
        cell: ({ getValue }) => <span className="settings-runs__text">{String(getValue())}</span>,
      },
      {
        id: 'duration',
        header: 'Time',
        accessorFn: (run) => run.duration_ms ?? -1,
        cell: ({ row }) => formatDuration(row.original.duration_ms),
      },
      {
        id: 'tokens',
        header: 'Tokens',
        accessorFn: (run) => totalTokens(run.usage) ?? -1,
        cell: ({ row }) => formatTokens(row.original.usage),
      },
    ],
    [onOpen],
  );

  const table = useReactTable({
    data: runs as AppRunSummary[],
    columns,
    state: { sorting, pagination, globalFilter: text },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    globalFilterFn: matchesText,
    getRowId: (run) => run.id,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
    // A header click sorts ascending first, then flips; a column never falls back to "unsorted".
    sortDescFirst: false,
    enableSortingRemoval: false,
  });

  const visible = table.getPrePaginationRowModel().rows.map((row) => row.original);
  const pageCount = Math.max(1, table.getPageCount());
  const page = table.getState().pagination.pageIndex + 1;
  const first = visible.length === 0 ? 0 : (page - 1) * RUNS_PAGE_SIZE + 1;
  const last = Math.min(page * RUNS_PAGE_SIZE, visible.length);

  return (
    <div className="settings-runs">
      {toolbar?.(visible)}
      <div className="af-table-wrapper">
        {/* Explicit roles keep the table's meaning on phones, where CSS lays each row out as a card. */}
        <table className="af-table settings-runs__table" role="table">
          <caption className="af-visually-hidden">Runs of this app. Column headers with buttons sort the table.</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      role="columnheader"
                      className={header.column.getCanSort() ? 'af-table__th' : 'af-table__th settings-runs__th--static'}
                      aria-sort={sorted ? SORT_WORDS[sorted] : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="settings-runs__sort" onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true" className="settings-runs__sort-mark">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr role="row">
                <td role="cell" className="af-table__td af-table__empty settings-runs__empty" colSpan={columns.length}>
                  No runs match these filters.
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} role="row">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} role="cell" className={`af-table__td settings-runs__cell--${cell.column.id}`} data-label={String(cell.column.columnDef.header)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="settings-pager" aria-label="Pages of runs">
        <Button variant="secondary" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          Previous
        </Button>
        <p aria-live="polite">
          Page {page} of {pageCount} · runs {first}–{last} of {visible.length}
        </p>
        <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Next
        </Button>
      </nav>
    </div>
  );
}
