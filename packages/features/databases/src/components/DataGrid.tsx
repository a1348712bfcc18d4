import type { DatabaseColumn, DatabaseRecord, Json } from '@appforge/sdk';
import { convertValue, valueText } from '@appforge/sdk';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnSizingState, Row, RowSelectionState, SortingState, Table, VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent, MouseEvent, RefObject } from 'react';
import { TYPE_LABELS } from '../lib/column-types';

export interface DataGridProps {
  /** The table's name, for the grid's accessible name. */
  name: string;
  columns: readonly DatabaseColumn[];
  rows: readonly DatabaseRecord[];
  /** Rows the server has for this view (the loaded ones are the first `rows.length`). */
  totalRows?: number;
  /** Called when the rows in view come near the last loaded one: time to load more. */
  onNearEnd?: () => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  hidden: VisibilityState;
  /** Saves one cell; rejects with the message to show beside it. */
  onEdit: (row: DatabaseRecord, column: DatabaseColumn, value: Json) => Promise<void>;
  /** Pixel height of one row (the virtualiser's estimate). */
  rowHeight?: number;
}

interface Editing {
  rowId: string;
  /**
   * The row's `updated_at` when the editor opened: the save is checked against the row the person
   * saw. A live reload may replace the row under an open editor; saving against the reloaded row
   * would silently overwrite what another tab (or an app run) wrote meanwhile.
   */
  updatedAt: string;
  column: string;
  draft: string;
  error: string | null;
  saving: boolean;
}

const ROW_HEIGHT = 36;
/** Rows before the last loaded one at which the next page is asked for. */
const LOAD_AHEAD = 100;

/**
 * The data grid: TanStack Table for columns, sorting state, selection, resizing and hiding (the
 * server sorts and filters: manual mode), @tanstack/react-virtual so only the rows in view are in
 * the DOM however many are loaded. A cell edits on double-click or Enter, checked by its column's
 * type before it is sent; Escape cancels.
 */
export function DataGrid({
  name,
  columns,
  rows,
  totalRows,
  onNearEnd,
  sorting,
  onSortingChange,
  selection,
  onSelectionChange,
  hidden,
  onEdit,
  rowHeight = ROW_HEIGHT,
}: DataGridProps) {
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const [editing, setEditing] = useState<Editing | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const defs = useMemo<ColumnDef<DatabaseRecord>[]>(
    () => [
      {
        id: '__select',
        size: 44,
        enableResizing: false,
        enableSorting: false,
        enableHiding: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all loaded rows"
            checked={table.getIsAllRowsSelected()}
            ref={(input) => {
              if (input) input.indeterminate = table.getIsSomeRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
      },
      ...columns.map<ColumnDef<DatabaseRecord>>((column) => ({
        id: column.name,
        accessorFn: (row) => valueText(row.data[column.name]),
        header: column.name,
        size: column.type === 'number' || column.type === 'boolean' ? 120 : 200,
        minSize: 60,
        meta: column,
      })),
    ],
    [columns],
  );

  const table = useReactTable({
    data: rows as DatabaseRecord[],
    columns: defs,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: { sorting, rowSelection: selection, columnVisibility: hidden, columnSizing: sizing },
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    onColumnSizingChange: setSizing,
  });

  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    // Before the first measurement (and in tests without layout), assume a screenful.
    initialRect: { width: 1024, height: 16 * rowHeight },
    // React batches the render after a scroll instead of rendering inside the scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const visibleColumns = table.getVisibleLeafColumns();
  const columnsKey = visibleColumns.map((column) => column.id).join('\u0000');
  // Rows are keyed by a slot, not by their id: a row that scrolls out gives its slot (its <tr> and
  // cells, already styled) to a row that scrolls in, so scrolling updates text in place instead of
  // building and throwing away DOM nodes every frame. A row keeps its slot while it stays in view.
  const slots = useRowSlots(items.map((item) => tableRows[item.index]?.id ?? ''), scrollRef);
  // The data columns shown, in order: the same array until the columns or their visibility change
  // (TanStack hands back the same visible-columns array until then).
  const shown = useMemo(
    () => visibleColumns.flatMap((column) => (column.columnDef.meta ? [column.columnDef.meta as DatabaseColumn] : [])),
    [visibleColumns],
  );
  // Worked out when the selection or the rows change, not on every scroll frame ("all selected"
  // walks every loaded row).
  const [allSelected, someSelected] = useMemo(
    () => [table.getIsAllRowsSelected(), table.getIsSomeRowsSelected()],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the table reads the selection and rows through its state.
    [table, selection, rows],
  );
  const lastInView = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (onNearEnd && tableRows.length > 0 && lastInView >= tableRows.length - LOAD_AHEAD) onNearEnd();
  }, [lastInView, tableRows.length, onNearEnd]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const visibleCount = visibleColumns.length;
  const maxHeight = 18 * rowHeight;
  // Taller than the box: the box gets a fixed height and `contain: strict`, so the rows changing
  // under it while the person scrolls lay out and paint only the box, never the page around it.
  const tall = (tableRows.length + 1) * rowHeight > maxHeight;

  function startEdit(row: DatabaseRecord, column: DatabaseColumn) {
    setEditing({ rowId: row.id, updatedAt: row.updated_at, column: column.name, draft: valueText(row.data[column.name]), error: null, saving: false });
  }

  async function save(row: DatabaseRecord, column: DatabaseColumn) {
    if (!editing) return;
    const converted = convertValue(editing.draft, column.type);
    if (!converted.ok) {
      setEditing({ ...editing, error: converted.message });
      return;
    }
    if (valueText(row.data[column.name]) === editing.draft) {
      setEditing(null);
      return;
    }
    setEditing({ ...editing, saving: true, error: null });
    try {
      await onEdit({ ...row, updated_at: editing.updatedAt }, column, converted.value);
      setEditing(null);
    } catch (error) {
      setEditing({ ...editing, saving: false, error: error instanceof Error ? error.message : 'The change was not saved.' });
    }
  }

  // The rows call the latest functions through stable wrappers, so memoised rows stay memoised.
  const latest = useRef({ startEdit, setEditing, save, onEditorKey, table, columns });
  latest.current = { startEdit, setEditing, save, onEditorKey, table, columns };
  const actions = useMemo<RowActions>(() => {
    // The row and column an event came from are read from the DOM, so cells need no handler of their own.
    const rowOf = (element: Element): Row<DatabaseRecord> | undefined => {
      const id = element.closest('tr[data-row-id]')?.getAttribute('data-row-id');
      return id ? latest.current.table.getRowModel().rowsById[id] : undefined;
    };
    const cellOf = (element: Element): { row: Row<DatabaseRecord>; column: DatabaseColumn } | null => {
      const row = rowOf(element);
      const name = element.closest('td[data-column]')?.getAttribute('data-column');
      const column = latest.current.columns.find((candidate) => candidate.name === name);
      return row && column ? { row, column } : null;
    };
    return {
      startEdit: (row, column) => latest.current.startEdit(row, column),
      setEditing: (next) => latest.current.setEditing(next),
      save: (row, column) => latest.current.save(row, column),
      onEditorKey: (event, row, column) => latest.current.onEditorKey(event, row, column),
      // The same three functions for every row and cell: scrolling makes no new handlers per frame.
      onCellDoubleClick: (event) => {
        const cell = cellOf(event.currentTarget);
        if (cell) latest.current.startEdit(cell.row.original, cell.column);
      },
      onCellKeyDown: (event) => {
        if (event.key !== 'Enter' && event.key !== 'F2') return;
        const cell = cellOf(event.currentTarget);
        if (!cell) return;
        event.preventDefault();
        latest.current.startEdit(cell.row.original, cell.column);
      },
      onSelectChange: (event) => rowOf(event.currentTarget)?.toggleSelected(event.currentTarget.checked),
    };
  }, []);

  function onEditorKey(event: KeyboardEvent<HTMLInputElement>, row: DatabaseRecord, column: DatabaseColumn) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save(row, column);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
    }
  }

  return (
    <div
      ref={scrollRef}
      className={tall ? 'db-grid db-grid--tall' : 'db-grid'}
      style={tall ? { height: `${String(maxHeight)}px` } : { maxHeight: `${String(maxHeight)}px` }}
    >
      <table className="db-grid__table" aria-label={name} aria-rowcount={(totalRows ?? rows.length) + 1} style={{ width: table.getTotalSize() }}>
        <GridHead
          table={table}
          defs={defs}
          sorting={sorting}
          sizing={sizing}
          columnsKey={columnsKey}
          allSelected={allSelected}
          someSelected={someSelected}
        />
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={visibleCount} />
            </tr>
          ) : null}
          {items.map((item, i) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <GridRow
                key={slots[i]}
                row={row}
                index={item.index}
                selected={row.getIsSelected()}
                shown={shown}
                rowHeight={rowHeight}
                editing={editing?.rowId === row.id ? editing : null}
                actions={actions}
              />
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={visibleCount} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

interface GridHeadProps {
  /** The table instance (the same object on every render). */
  table: Table<DatabaseRecord>;
  /** The state the header shows: it renders again only when one of these changes. */
  defs: ColumnDef<DatabaseRecord>[];
  sorting: SortingState;
  sizing: ColumnSizingState;
  columnsKey: string;
  allSelected: boolean;
  someSelected: boolean;
}

/**
 * The sticky header. Memoised on the state it shows, so scrolling (which renders the grid on every
 * change of the rows in view) leaves it alone; "Select all" is worked out once per change of the
 * selection, not once per frame over every loaded row.
 */
const GridHead = memo(function GridHead({ table }: GridHeadProps) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const column = header.column.columnDef.meta as DatabaseColumn | undefined;
            const sorted = header.column.getIsSorted();
            return (
              <th
                key={header.id}
                scope="col"
                style={{ width: header.getSize() }}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column ? 'none' : undefined}
              >
                {column ? (
                  <button type="button" className="db-grid__sort" onClick={header.column.getToggleSortingHandler()} title={`${TYPE_LABELS[column.type]} · sort`}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </button>
                ) : (
                  flexRender(header.column.columnDef.header, header.getContext())
                )}
                {header.column.getCanResize() ? (
                  <span
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={`Resize ${header.column.id}`}
                    className="db-grid__resizer"
                    onMouseDown={header.getResizeHandler()}
                    onTouchStart={header.getResizeHandler()}
                  />
                ) : null}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
});

/**
 * A slot (a small number, used as a React key) for each row id in view: the ids that were in view
 * last time keep theirs, the new ones take the slots the departed rows left. The slot of a row that
 * holds the focus is not handed on in the same render (that row's <tr> goes away, as it would if
 * it were keyed by id), so focus never lands on another row's cell.
 */
function useRowSlots(ids: readonly string[], container: RefObject<HTMLElement | null>): number[] {
  const last = useRef(new Map<string, number>());
  const previous = last.current;
  const focused = container.current?.contains(document.activeElement ?? null)
    ? document.activeElement?.closest('tr[data-row-id]')?.getAttribute('data-row-id')
    : undefined;
  const next = new Map<string, number>();
  const taken = new Set<number>();
  for (const id of ids) {
    const slot = previous.get(id);
    if (slot !== undefined) {
      next.set(id, slot);
      taken.add(slot);
    }
  }
  const focusedSlot = focused ? previous.get(focused) : undefined;
  if (focusedSlot !== undefined) taken.add(focusedSlot);
  let free = 0;
  const slots = ids.map((id) => {
    const kept = next.get(id);
    if (kept !== undefined) return kept;
    while (taken.has(free)) free += 1;
    taken.add(free);
    next.set(id, free);
    return free;
  });
  last.current = next;
  return slots;
}

interface RowActions {
  onCellDoubleClick: (event: MouseEvent<HTMLTableCellElement>) => void;
  onCellKeyDown: (event: KeyboardEvent<HTMLTableCellElement>) => void;
  onSelectChange: (event: ChangeEvent<HTMLInputElement>) => void;
  startEdit: (row: DatabaseRecord, column: DatabaseColumn) => void;
  setEditing: (editing: Editing | null) => void;
  save: (row: DatabaseRecord, column: DatabaseColumn) => Promise<void>;
  onEditorKey: (event: KeyboardEvent<HTMLInputElement>, row: DatabaseRecord, column: DatabaseColumn) => void;
}

interface GridRowProps {
  row: Row<DatabaseRecord>;
  index: number;
  selected: boolean;
  /** The data columns shown, in order (a new array only when they change). */
  shown: readonly DatabaseColumn[];
  rowHeight: number;
  /** The cell being edited, when it is in this row. */
  editing: Editing | null;
  /** Stable across renders: they read the grid's latest state. */
  actions: RowActions;
}

/**
 * One row of the grid. Memoised: while the person scrolls only the rows coming into view render;
 * the ones already on screen are left alone (a row renders again when its data, its selection,
 * the shown columns or its edit change).
 */
const GridRow = memo(function GridRow({ row, index, selected, shown, rowHeight, editing, actions }: GridRowProps) {
  // Cells are drawn straight from the record and the shown columns: no TanStack cell objects, which
  // would otherwise be made and kept for every row scrolled past (tens of thousands at 10,000 rows).
  return (
    <tr data-row-id={row.id} aria-rowindex={index + 2} aria-selected={selected} style={{ height: rowHeight }}>
      <td>
        <input type="checkbox" aria-label={`Select row ${String(index + 1)}`} checked={selected} onChange={actions.onSelectChange} />
      </td>
      {shown.map((column) => {
        const isEditing = editing?.column === column.name;
        if (isEditing) {
          const errorId = `${row.id}-${column.name}-error`;
          return (
            <td key={column.name} className="db-grid__editing">
              <input
                // The editor opens on a person's request, so it takes focus at once.
                autoFocus
                aria-label={`${column.name}, row ${String(index + 1)}`}
                aria-invalid={editing.error ? true : undefined}
                aria-describedby={editing.error ? errorId : undefined}
                value={editing.draft}
                disabled={editing.saving}
                onChange={(event) => actions.setEditing({ ...editing, draft: event.target.value, error: null })}
                onKeyDown={(event) => actions.onEditorKey(event, row.original, column)}
                onBlur={() => void actions.save(row.original, column)}
              />
              {editing.error ? (
                <span id={errorId} role="alert" className="db-error">
                  {editing.error}
                </span>
              ) : null}
            </td>
          );
        }
        return (
          <td
            key={column.name}
            tabIndex={0}
            className={`db-grid__cell db-grid__cell--${column.type}`}
            data-column={column.name}
            onDoubleClick={actions.onCellDoubleClick}
            onKeyDown={actions.onCellKeyDown}
          >
            {valueText(row.original.data[column.name])}
          </td>
        );
      })}
    </tr>
  );
});
