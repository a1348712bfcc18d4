import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import '../styles.css';
import { LoadProblem } from './LoadProblem';

const meta = {
  title: 'Databases/Components/LoadProblem',
  component: LoadProblem,
  tags: ['autodocs'],
  args: { title: 'The rows could not be loaded', error: new Error('Could not reach the server.'), onRetry: fn() },
} satisfies Meta<typeof LoadProblem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Failed: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach the server.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const NotFound: Story = {
  args: { title: 'This database could not be opened', error: { code: 'not_found' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('It does not exist, or it belongs to someone else.');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
