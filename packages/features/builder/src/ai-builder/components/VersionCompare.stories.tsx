import { appSpecSchema } from '@appforge/engine';
import { makeSpec, makeVersion } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { VersionCompare } from './VersionCompare';

const before = makeSpec();
const after = appSpecSchema.parse({
  entryStepId: 'questions',
  steps: [
    { ...before.steps[0], id: 'questions', title: 'Your subject' },
    { id: 'polish', kind: 'ai', title: 'Polish', config: { prompt: 'Polish {{topic}}', outputVariable: 'polished' } },
    { ...before.steps[1] },
  ],
});

const meta = {
  title: 'Builder/AI builder/VersionCompare',
  component: VersionCompare,
  tags: ['autodocs'],
  args: { older: makeVersion({ number: 4, spec: before }), newer: makeVersion({ number: 7, spec: after }), onClose: fn() },
} satisfies Meta<typeof VersionCompare>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AddedChangedRemoved: Story = {
  play: async ({ canvas, args }) => {
    const region = canvas.getByRole('region', { name: 'Changes from version 4 to version 7' });
    await expect(within(region).getByRole('status')).toHaveTextContent('1 step added, 1 step changed, 1 step removed.');
    await expect(within(region).getByText('Step id')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Close comparison' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const NoDifference: Story = {
  args: { older: makeVersion({ number: 2, spec: before }), newer: makeVersion({ number: 3, spec: before }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Changes from version 2 to version 3' })).toBeInTheDocument();
    await expect(canvas.queryByRole('listitem')).not.toBeInTheDocument();
  },
};
