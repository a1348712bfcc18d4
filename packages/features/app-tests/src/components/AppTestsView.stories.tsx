import '../styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { cases, fields, finished, idle, running, runs, USER_ID, versions } from '../stories/fixtures';
import { AppTestsView } from './AppTestsView';
import { CaseResults } from './CaseResults';

const WAIT = { timeout: 10_000 } as const;

const meta = {
  title: 'App tests/Pages/Tests page',
  component: AppTestsView,
  tags: ['autodocs'],
  args: {
    fields,
    cases,
    versions,
    runs: [],
    userId: USER_ID,
    runState: idle,
    onRun: () => undefined,
    onSaveCase: () => Promise.resolve(),
    onDeleteCase: () => Promise.resolve(),
    renderRunDetails: () => (
      <CaseResults
        label="Results of the earlier test run"
        results={finished.finished.map((result) => ({ key: result.caseId, name: result.name, status: result.status, reason: result.reason, output: result.output, runs: result.runs }))}
      />
    ),
  },
} satisfies Meta<typeof AppTestsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoCasesYet: Story = {
  args: { cases: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No test cases yet' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Run tests' })).toBeDisabled();
  },
};

export const Cases: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Test cases' }, WAIT);
    await expect(within(list).getByRole('listitem', { name: 'Names Mars' })).toHaveTextContent('Must pass');
    await expect(within(list).getByRole('listitem', { name: 'Short answer' })).toHaveTextContent('Warn only');
    await expect(within(list).getByRole('listitem', { name: 'Old moon case' })).toHaveTextContent('Needs update');
  },
};

export const AddingACase: Story = {
  args: { initialEditor: 'new' },
  play: async ({ canvas }) => {
    const form = await canvas.findByRole('form', { name: 'New test case' }, WAIT);
    await expect(within(form).getByLabelText(/^Planet/)).toBeInTheDocument();
  },
};

export const CaseRefused: Story = {
  args: {
    initialEditor: 'new',
    onSaveCase: () => Promise.reject(new Error('Check 1: The pattern cannot be used: A group opened with ( is never closed.')),
  },
  play: async ({ canvas }) => {
    const form = await canvas.findByRole('form', { name: 'New test case' }, WAIT);
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Answers about Mars');
    await userEvent.type(within(form).getByLabelText(/^Planet/), 'Mars');
    await userEvent.selectOptions(within(form).getByLabelText('What to check'), 'Matches a pattern');
    await userEvent.type(within(form).getByLabelText(/^Pattern/), '(Mars');
    await userEvent.click(within(form).getByRole('button', { name: 'Save test case' }));
    await expect(await within(form).findByRole('alert', {}, WAIT)).toHaveTextContent('A group opened with ( is never closed.');
  },
};

export const Running: Story = {
  args: { runState: running },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Running on version 3: 1 of 3 cases finished.', {}, WAIT)).toBeInTheDocument();
  },
};

export const Finished: Story = {
  args: { runState: finished, runs },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Finished on version 3: 1 of 3 passed; 1 failed, 1 need an update.', {}, WAIT)).toBeInTheDocument();
    const results = canvas.getByRole('list', { name: 'Results of this test run' });
    await expect(within(results).getByRole('listitem', { name: 'Short answer' })).toHaveTextContent('more than 40');
  },
};

export const EarlierRunOpened: Story = {
  args: { runs },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Show results' }, WAIT));
    await expect(canvas.getByRole('list', { name: 'Results of the earlier test run' })).toBeInTheDocument();
  },
};
