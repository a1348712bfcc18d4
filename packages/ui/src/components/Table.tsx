import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

export interface TableColumn<Row> {
  /** Stable key for the column. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Marks the cell as the row's header (<th scope="row">), e.g. a name column. */
  rowHeader?: boolean;
}

export interface TableProps<Row> extends Omit<ComponentProps<'table'>, 'children'> {
  /** Names the table for assistive technology. */
  caption: ReactNode;
  /** Keeps the caption for screen readers but hides it visually (when a heading already names the table). */
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row, index: number) => string;
  /** Shown in a single full-width row when there are no rows. */
  empty?: ReactNode;
}

export function Table<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  getRowKey,
  empty = 'Nothing here yet.',
  className,
  ...rest
}: TableProps<Row>) {
  return (
    <div className="af-table-wrapper">
      <table className={clsx('af-table', className)} {...rest}>
        <caption className={clsx('af-table__caption', hideCaption && 'af-visually-hidden')}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={clsx('af-table__th', column.align && `af-table--${column.align}`)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="af-table__empty-row">
              <td colSpan={columns.length} className="af-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={getRowKey(row, index)}>
                {columns.map((column) => {
                  const cellClass = clsx('af-table__td', column.align && `af-table--${column.align}`);
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={cellClass}>
                      {column.cell(row, index)}
                    </th>
                  ) : (
                    <td key={column.key} className={cellClass}>
                      {column.cell(row, index)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
