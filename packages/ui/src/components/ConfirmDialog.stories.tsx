import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, height: '380px' } } },
  args: {
    title: 'Publish version 4?',
    description: 'Visitors will see the new version right away.',
    confirmLabel: 'Publish',
    defaultOpen: true,
    trigger: <Button>Publish</Button>,
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Destructive: Story = {
  args: {
    title: 'Delete “Support bot”?',
    description: 'The app, its versions and its run history are deleted. This cannot be undone.',
    confirmLabel: 'Delete app',
    destructive: true,
  },
};

export const TypeToConfirm: Story = {
  args: {
    title: 'Delete “Support bot”?',
    description: 'This cannot be undone.',
    confirmLabel: 'Delete app',
    destructive: true,
    confirmationText: 'Support bot',
  },
};

export const SlowConfirm: Story = {
  args: { onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 1500))) },
};

export const FailingConfirm: Story = {
  args: {
    onConfirm: fn(() => Promise.reject(new Error('The deployment service is unavailable. Try again in a minute.'))),
  },
};

export const Closed: Story = { args: { defaultOpen: false } };
