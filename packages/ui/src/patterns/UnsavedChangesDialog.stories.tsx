import type { Meta, StoryObj } from '@storybook/react-vite';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const meta = {
  title: 'Patterns/UnsavedChangesDialog',
  component: UnsavedChangesDialog,
  tags: ['autodocs'],
  args: { open: true, onStay: () => {}, onLeave: () => {} },
} satisfies Meta<typeof UnsavedChangesDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What `UnsavedChangesGuard` (from `@appforge/ui/router`) shows when a link would drop typed text. */
export const Asking: Story = {};
