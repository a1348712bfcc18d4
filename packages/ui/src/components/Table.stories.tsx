import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';
import { Table, type TableProps } from './Table';

interface AppRow {
  id: string;
  name: string;
  status: 'Deployed' | 'Draft';
  runs: number;
}

const rows: AppRow[] = [
  { id: '1', name: 'Support bot', status: 'Deployed', runs: 1204 },
  { id: '2', name: 'Recipe generator', status: 'Draft', runs: 0 },
  { id: '3', name: 'Maths tutor', status: 'Deployed', runs: 87 },
];

const base: TableProps<AppRow> = {
  caption: 'Your apps',
  rows,
  getRowKey: (row) => row.id,
  columns: [
    { key: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <Badge tone={row.status === 'Deployed' ? 'success' : 'neutral'}>{row.status}</Badge>,
    },
    { key: 'runs', header: 'Runs', cell: (row) => row.runs.toLocaleString('en'), align: 'end' },
  ],
};

// Table is generic over its row type; Storybook's meta typing takes one concrete instance.
function AppTable(props: TableProps<AppRow>) {
  return <Table {...props} />;
}

const meta = {
  title: 'Components/Table',
  component: Table,
  tags: ['autodocs'],
  render: (args) => <AppTable {...(args as TableProps<AppRow>)} />,
  args: base as TableProps<unknown>,
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = { args: { rows: [], empty: 'No apps yet. Describe one to get started.' } };

export const HiddenCaption: Story = { args: { hideCaption: true } };

export const LongText: Story = {
  args: {
    rows: [
      {
        id: 'x',
        name: 'An app whose name is far longer than anyone would reasonably choose, to test wrapping',
        status: 'Draft',
        runs: 123456789,
      },
    ],
  },
};
