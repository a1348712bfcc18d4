import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { SaveIndicator } from './SaveIndicator';

const meta = {
  title: 'Builder/Editor/SaveIndicator',
  component: SaveIndicator,
  tags: ['autodocs'],
  args: { state: { status: 'saved', message: null, code: null, retryAt: null }, onRetry: fn() },
} satisfies Meta<typeof SaveIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('All changes saved');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const UnsavedChanges: Story = {
  args: { state: { status: 'pending', message: null, code: null, retryAt: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes…');
  },
};

export const Saving: Story = {
  args: { state: { status: 'saving', message: null, code: null, retryAt: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Saving…');
  },
};

export const Invalid: Story = {
  args: { state: { status: 'invalid', message: 'step 2 needs a title', code: null, retryAt: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Not saved yet: step 2 needs a title');
  },
};

export const SaveFailed: Story = {
  args: { state: { status: 'error', message: 'Could not reach the server', code: 'network_error', retryAt: Date.now() + 5000 } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Not saved: Could not reach the server. Kept in this browser, retrying soon.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry now' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Frozen: Story = {
  args: { state: { status: 'error', message: 'This version is frozen.', code: 'version_frozen', retryAt: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('this version is deployed and frozen');
    await expect(canvas.queryByRole('button', { name: 'Retry now' })).not.toBeInTheDocument();
  },
};
