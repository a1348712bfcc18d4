import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { lessonSpec } from '../lib/spec-fixtures';
import { outlineSteps } from '../lib/step-outline';
import { StepList } from './StepList';

const meta = {
  title: 'Builder/Create/StepList',
  component: StepList,
  tags: ['autodocs'],
  args: { steps: outlineSteps(lessonSpec) },
} satisfies Meta<typeof StepList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LessonPlanner: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Steps' });
    await expect(within(list).getByRole('listitem', { name: '1. About the lesson' })).toBeInTheDocument();
    await expect(within(list).getByRole('img', { name: 'AI step' })).toBeInTheDocument();
    await expect(within(list).getByRole('list', { name: 'Buttons' })).toHaveTextContent('Another topic');
  },
};

export const WithProblems: Story = {
  args: { problemCounts: { plan: 1, show: 2 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/· 1 problem$/)).toBeInTheDocument();
    await expect(canvas.getByText(/· 2 problems$/)).toBeInTheDocument();
  },
};

export const NoSteps: Story = {
  args: { steps: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This version has no steps yet.')).toBeInTheDocument();
  },
};
