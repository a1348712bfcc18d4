import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { BuildProgress } from './BuildProgress';

const meta = {
  title: 'Builder/Create/BuildProgress',
  component: BuildProgress,
  tags: ['autodocs'],
  args: { description: 'A recipe helper that plans a week of dinners from what is in the fridge.', error: null, onRetry: fn(), onEdit: fn() },
} satisfies Meta<typeof BuildProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Building: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Building your app…' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Your description')).toHaveTextContent('A recipe helper');
  },
};

export const Failed: Story = {
  args: { error: 'The model is busy. Try again in a minute.' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The model is busy. Try again in a minute.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
