import './styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ChoiceButtons } from './ChoiceButtons';
import { RunResults } from './RunResults';

const meta = {
  title: 'Run view/Run/RunResults',
  component: RunResults,
  subcomponents: { ChoiceButtons },
  tags: ['autodocs'],
  args: {
    onRunAgain: fn(),
    results: [
      { key: 'plan', title: 'Your plan', markdown: '1. **Warm-up** — 5 minutes\n2. **Model** — 15 minutes\n3. **Quiz** — 10 minutes' },
      { key: 'homework', title: '', markdown: 'Homework: draw a cross-section of a volcano.' },
    ],
  },
} satisfies Meta<typeof RunResults>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {
  play: async ({ canvas, args }) => {
    // Focus moves in an effect, which the browser runs after the first paint.
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Results' })).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Copy Your plan' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Copy Result 2' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Run again' }));
    await expect(args.onRunAgain).toHaveBeenCalledOnce();
  },
};

export const NothingShown: Story = {
  args: { results: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The app finished without showing anything.')).toBeInTheDocument();
  },
};

export const ChoiceRefused: Story = {
  render: () => (
    <ChoiceButtons
      prompt="How should the app go on?"
      error="That button no longer exists: choose again."
      buttons={[
        { index: 0, label: 'Write another' },
        { index: 1, label: 'Finish' },
      ]}
      pending={null}
      onChoose={fn()}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('That button no longer exists');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Write another' })).toHaveFocus());
  },
};
