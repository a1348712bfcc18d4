import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../styles.css';
import { FilterBar } from './FilterBar';

const meta = {
  title: 'Databases/Components/FilterBar',
  component: FilterBar,
  tags: ['autodocs'],
  args: {
    columns: [
      { name: 'Title', type: 'text' },
      { name: 'Pages', type: 'number' },
    ],
    filters: [
      { column: 'Pages', op: 'gt', value: '100' },
      { column: 'Title', op: 'contains', value: 'the' },
    ],
    onChange: fn(),
  },
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithFilters: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: 'Filters' });
    await expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Pages is more than “100”', 'Title contains “the”']);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove the filter Pages is more than 100' }));
    await expect(args.onChange).toHaveBeenCalledWith([{ column: 'Title', op: 'contains', value: 'the' }]);
  },
};

export const NoFilters: Story = {
  args: { filters: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list', { name: 'Filters' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add filter' })).toBeEnabled();
  },
};
