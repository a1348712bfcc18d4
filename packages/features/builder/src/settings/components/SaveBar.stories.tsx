import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SaveBar } from './SaveBar';

const meta = {
  title: 'Builder/Settings/SaveBar',
  component: SaveBar,
  tags: ['autodocs'],
  args: { state: { pending: false, error: null, saved: false }, dirty: true },
  decorators: [(Story) => <form onSubmit={(event) => event.preventDefault()}>{Story()}</form>],
} satisfies Meta<typeof SaveBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unsaved: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have unsaved changes.')).toBeInTheDocument();
  },
};

export const Saving: Story = {
  args: { state: { pending: true, error: null, saved: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Saving…')).toBeInTheDocument();
  },
};

export const Saved: Story = {
  args: { state: { pending: false, error: null, saved: true }, dirty: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Saved.')).toBeInTheDocument();
  },
};

export const Refused: Story = {
  args: { state: { pending: false, error: 'The name is already used by another of your apps.', saved: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Not saved: The name is already used by another of your apps.');
    await expect(canvas.getByText('You have unsaved changes.')).toBeInTheDocument();
  },
};
