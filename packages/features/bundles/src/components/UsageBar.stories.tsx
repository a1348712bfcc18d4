import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { UsageBar } from './UsageBar';

const meta = {
  title: 'Bundles/Components/UsageBar',
  component: UsageBar,
  tags: ['autodocs'],
  args: { label: 'Runs this month', used: 120, limit: 500 },
} satisfies Meta<typeof UsageBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PartlyUsed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('meter', { name: 'Runs this month' })).toHaveAttribute('aria-valuetext', '120 of 500');
    await expect(canvas.queryByText('Limit reached.')).toBeNull();
  },
};

export const AtTheLimit: Story = {
  args: { used: 500 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Limit reached.')).toBeInTheDocument();
  },
};

export const NoLimit: Story = {
  args: { label: 'AI tokens this month', used: 12345, limit: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('12,345 (no limit)')).toBeInTheDocument();
    await expect(canvas.queryByRole('meter')).toBeNull();
  },
};
