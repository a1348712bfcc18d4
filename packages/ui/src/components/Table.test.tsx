import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, type TableColumn } from './Table';

interface Row {
  id: string;
  name: string;
  runs: number;
}

const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
  { key: 'runs', header: 'Runs', cell: (row) => String(row.runs), align: 'end' },
];

describe('Table', () => {
  it('is a table named by its caption with column and row headers', () => {
    render(
      <Table
        caption="Your apps"
        columns={columns}
        rows={[
          { id: '1', name: 'Support bot', runs: 12 },
          { id: '2', name: 'Tutor', runs: 3 },
        ]}
        getRowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Your apps' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Runs']);
    expect(within(table).getByRole('rowheader', { name: 'Support bot' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: '12' })).toBeInTheDocument();
  });

  it('shows the empty message across all columns when there are no rows', () => {
    render(<Table caption="Your apps" columns={columns} rows={[]} getRowKey={(row) => row.id} empty="No apps yet." />);
    const cell = screen.getByRole('cell', { name: 'No apps yet.' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('keeps a hidden caption available to screen readers', () => {
    render(<Table caption="Keys" hideCaption columns={columns} rows={[]} getRowKey={(row) => row.id} />);
    expect(screen.getByRole('table', { name: 'Keys' })).toBeInTheDocument();
    expect(screen.getByText('Keys')).toHaveClass('af-visually-hidden');
  });
});
