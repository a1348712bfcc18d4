import './styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { inputField } from '../test/field';
import { PreviewRunView } from './PreviewRunView';
import { buildRunView } from './run-view';

const model = { id: 'offline', label: 'offline model', offline: true };

const header = { type: 'run', run_id: 'run-1', offline: false, model_label: 'GPT-4o mini' } as const;

const meta = {
  title: 'Run view/Run/PreviewRunView',
  component: PreviewRunView,
  tags: ['autodocs'],
  args: { view: null, busy: false, onStart: fn(), onSubmitInputs: fn(), onChoose: fn(), onCancel: fn(), startLabel: 'Run preview' },
} satisfies Meta<typeof PreviewRunView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotStarted: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Run preview' }));
    await expect(args.onStart).toHaveBeenCalledOnce();
  },
};

export const StreamingWithOfflineModel: Story = {
  args: {
    busy: true,
    view: buildRunView([
      { type: 'run', run_id: 'run-1', offline: true, model_label: 'offline model' },
      { type: 'run_started', runId: 'run-1', stepId: 'plan', resumed: false, model },
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Write the plan' },
      { type: 'token', stepId: 'plan', text: '**Offline model** — a summary of your inputs: ' },
      { type: 'token', stepId: 'plan', text: 'topic Volcanoes, 45 minutes' },
    ]),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Running…');
    await expect(canvas.getByText('Offline model', { selector: '.af-badge' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Output' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  },
};

export const AwaitingInputWithServerErrors: Story = {
  args: {
    view: buildRunView([
      header,
      {
        type: 'awaiting_input',
        stepId: 'ask',
        title: 'About the lesson',
        intro: 'Tell the app about your class.',
        fields: [
          inputField({ type: 'text', name: 'topic', label: 'Topic', required: true }),
          inputField({ type: 'number', name: 'minutes', label: 'Minutes', min: 10, max: 120 }),
          inputField({ type: 'choice', name: 'level', label: 'Level', required: true, options: ['Beginner', 'Advanced'] }),
        ],
        errors: [{ field: 'topic', code: 'required', message: '“Topic” is required.' }],
      },
    ]),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for your answers');
    await expect(canvas.getByRole('form', { name: 'About the lesson' })).toBeInTheDocument();
    await expect(canvas.getByText('“Topic” is required.')).toBeInTheDocument();
    await expect(canvas.getByText('One answer needs your attention.')).toBeInTheDocument();
  },
};

export const AwaitingChoice: Story = {
  args: {
    view: buildRunView([
      header,
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Draft' },
      { type: 'token', stepId: 'plan', text: 'Here is a first draft of the plan.' },
      { type: 'step_output', stepId: 'plan', value: 'Here is a first draft of the plan.' },
      { type: 'choice_needed', stepId: 'plan', prompt: 'Happy with the draft?', buttons: [{ index: 0, label: 'Make it shorter' }, { index: 1, label: 'Looks good' }] },
    ]),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for your choice');
    await expect(canvas.getByRole('group', { name: 'Happy with the draft?' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Looks good' }));
    await expect(args.onChoose).toHaveBeenCalledWith(1);
  },
};

export const Done: Story = {
  args: {
    view: buildRunView([
      header,
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' },
      { type: 'token', stepId: 'plan', text: '1. Warm-up\n2. Model\n3. Quiz' },
      { type: 'step_output', stepId: 'plan', value: '1. Warm-up\n2. Model\n3. Quiz' },
      { type: 'run_done', outputs: [{ stepId: 'show', title: 'Your plan', markdown: '1. Warm-up\n2. Model\n3. Quiz' }], variables: {}, usage: { inputTokens: 120, outputTokens: 48 } },
    ]),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Finished');
    await expect(canvas.getByText('GPT-4o mini')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Run again' })).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: {
    retryLabel: 'Try again',
    view: buildRunView([header, { type: 'run_failed', stepId: 'plan', code: 'timeout', message: 'Step “Lesson plan” took longer than 60 seconds.' }]),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Stopped');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Step “Lesson plan” took longer than 60 seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
