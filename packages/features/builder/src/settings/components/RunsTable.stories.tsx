import { makeRun } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RunDetail } from './RunDetail';
import { RunsTable } from './RunsTable';

const start = Date.parse('2026-11-20T09:00:00Z');
const runs = Array.from({ length: 30 }, (_, i) => {
  const index = i + 1;
  return makeRun({
    version_number: 2,
    inputs: { dish: index === 7 ? 'lasagne' : `dish ${index}` },
    outputs: `Recipe number ${index}`,
    duration_ms: index * 100,
    usage: { inputTokens: index, outputTokens: 10 },
    created_at: new Date(start + index * 60_000).toISOString(),
    status: index === 3 ? 'failed' : 'done',
    error: index === 3 ? { code: 'model_error', message: 'The model timed out' } : null,
  });
});

const meta = {
  title: 'Builder/Settings/RunsTable',
  component: RunsTable,
  subcomponents: { RunDetail },
  tags: ['autodocs'],
  args: { runs, text: '', onOpen: fn() },
} satisfies Meta<typeof RunsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

export const NewestFirstPaged: Story = {
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table');
    await expect(bodyRows(table)).toHaveLength(25);
    await expect(bodyRows(table)[0]).toHaveTextContent('dish: dish 30');
    await expect(canvas.getByRole('navigation', { name: 'Pages of runs' })).toBeInTheDocument();
    const [open] = within(table).getAllByRole('button', { name: /^Open the run from/ });
    if (open) await userEvent.click(open);
    await expect(args.onOpen).toHaveBeenCalledWith(runs[29]?.id);
  },
};

export const Searched: Story = {
  args: { text: 'lasagne' },
  play: async ({ canvas }) => {
    const rows = bodyRows(canvas.getByRole('table'));
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('lasagne');
  },
};

export const NothingMatches: Story = {
  args: { text: 'no such dish' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No runs match these filters.')).toBeInTheDocument();
  },
};

export const FailedRunDetail: Story = {
  render: () => (
    <RunDetail
      run={makeRun({
        status: 'failed',
        runner_user_id: '5c4b3a29-1807-4f6e-9d8c-7b6a59483726',
        inputs: { dish: 'lasagne', servings: 4 },
        outputs: null,
        usage: { inputTokens: 310, outputTokens: 0 },
        duration_ms: 61_000,
        version_number: 2,
        error: { code: 'model_error', message: 'The AI provider refused the API key.', stepId: 'write' },
      })}
      steps={[
        { step_id: 'ask', kind: 'input', status: 'done', started_at: '2026-11-20T09:00:00Z', finished_at: '2026-11-20T09:00:01Z', duration_ms: 1000, output: null, usage: null },
        { step_id: 'write', kind: 'ai', status: 'failed', started_at: '2026-11-20T09:00:01Z', finished_at: '2026-11-20T09:01:01Z', duration_ms: 60_000, output: null, usage: { inputTokens: 310, outputTokens: 0 } },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('The run failed at step “write”: The AI provider refused the API key. (model_error)');
    await expect(canvas.getByText('A signed-in person')).toBeInTheDocument();
    await expect(canvas.getByText('servings').nextElementSibling).toHaveTextContent('4');
  },
};
