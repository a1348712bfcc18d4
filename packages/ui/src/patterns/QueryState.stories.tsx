import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmptyState } from '../components/EmptyState';
import { QueryState } from './QueryState';

const describeError = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

const meta = {
  title: 'Patterns/QueryState',
  component: QueryState<string[]>,
  tags: ['autodocs'],
  args: {
    what: 'Your databases',
    describeError,
    query: { isPending: false, isError: false, error: null, data: ['Orders', 'Stock'], refetch: fn() },
    empty: <EmptyState title="No databases yet" description="Create one to keep your app's records." />,
    children: (names: string[]) => (
      <ul>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    ),
  },
} satisfies Meta<typeof QueryState<string[]>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Pending: Story = {
  args: { query: { isPending: true, isError: false, error: null, data: undefined, refetch: fn() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your databases…');
  },
};
export const Failed: Story = {
  args: { query: { isPending: true, isError: true, error: new Error('Could not reach the server.'), data: undefined, refetch: fn() } },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalled();
  },
};
export const Empty: Story = { args: { query: { isPending: false, isError: false, error: null, data: [], refetch: fn() } } };
