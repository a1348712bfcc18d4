import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Button } from './Button';
import { ToastProvider, useToast, type ToastOptions } from './Toast';

function ToastDemo({ initial }: { initial?: ToastOptions }) {
  const { toast } = useToast();
  useEffect(() => {
    if (initial) toast({ ...initial, duration: 60_000 });
  }, [initial, toast]);
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast({ title: 'Saved', description: 'Your changes are live.', tone: 'success' })}>
        Success toast
      </Button>
      <Button variant="secondary" onClick={() => toast({ title: 'Heads up', description: 'DNS can take an hour.', tone: 'warning' })}>
        Warning toast
      </Button>
      <Button variant="danger" onClick={() => toast({ title: 'Deploy failed', description: 'The model did not answer.', tone: 'danger' })}>
        Error toast
      </Button>
    </div>
  );
}

const meta = {
  title: 'Components/Toast',
  component: ToastProvider,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, height: '320px' } } },
  args: { children: <ToastDemo /> },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Success: Story = {
  args: { children: <ToastDemo initial={{ title: 'App published', description: 'Version 4 is live.', tone: 'success' }} /> },
};

export const WithError: Story = {
  args: {
    children: <ToastDemo initial={{ title: 'Could not save', description: 'You are offline. We will retry.', tone: 'danger' }} />,
  },
};

export const LongText: Story = {
  args: {
    children: (
      <ToastDemo
        initial={{
          title: 'A notification with a title long enough to wrap over more than one line',
          description: 'And a description that explains, in considerable detail, what happened and what to do next. '.repeat(2),
        }}
      />
    ),
  },
};
