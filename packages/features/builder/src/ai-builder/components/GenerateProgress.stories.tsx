import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GenerateProgress } from './GenerateProgress';

const meta = {
  title: 'Builder/AI builder/GenerateProgress',
  component: GenerateProgress,
  tags: ['autodocs'],
  args: {
    events: [
      { type: 'progress', stage: 'read', message: 'Reading your message' },
      { type: 'progress', stage: 'plan', message: 'Planning the change' },
      { type: 'progress', stage: 'write', message: 'Writing version 4' },
    ],
  },
} satisfies Meta<typeof GenerateProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Working: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Progress' })).toHaveTextContent('✓ Reading your message');
    await expect(canvas.getByText('Writing version 4')).toBeInTheDocument();
  },
};

export const Sending: Story = {
  args: { events: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending your message…');
  },
};
