import './styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RunTranscript } from './RunTranscript';

const meta = {
  title: 'Run view/Run/RunTranscript',
  component: RunTranscript,
  tags: ['autodocs'],
  args: {
    label: 'Answer',
    segments: [
      {
        key: 'plan-0',
        stepId: 'plan',
        kind: 'ai',
        title: 'Lesson plan',
        markdown: '## Volcanoes in 45 minutes\n\n1. **Warm-up** (5 min): what do you know about Etna?\n2. **Model** (15 min): build a',
        streaming: true,
      },
    ],
  },
} satisfies Meta<typeof RunTranscript>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Streaming: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Answer' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('heading', { name: 'Volcanoes in 45 minutes' })).toBeInTheDocument();
  },
};

export const Thinking: Story = {
  args: { segments: [{ key: 'plan-0', stepId: 'plan', kind: 'ai', title: 'Lesson plan', markdown: '', streaming: true }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Thinking…')).toBeInTheDocument();
  },
};

export const Finished: Story = {
  args: {
    segments: [
      { key: 'plan-0', stepId: 'plan', kind: 'ai', title: 'Lesson plan', markdown: 'A plan in **three** parts: warm-up, model, quiz.', streaming: false },
      { key: 'show-1', stepId: 'show', kind: 'output', title: 'Your plan', markdown: '- Warm-up\n- Model\n- Quiz', streaming: false },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Answer' })).toHaveAttribute('aria-busy', 'false');
    await expect(canvas.getByRole('heading', { name: 'Your plan' })).toBeInTheDocument();
    await expect(canvas.getByText('three').tagName).toBe('STRONG');
  },
};

export const HostileMarkdown: Story = {
  args: {
    segments: [
      {
        key: 'plan-0',
        stepId: 'plan',
        kind: 'ai',
        title: 'Model text is never trusted',
        markdown: 'Safe text <b onmouseover="alert(1)">in bold</b><script>alert(2)</script> and [a link](javascript:alert(3)) stay harmless.',
        streaming: false,
      },
    ],
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByText(/in bold/)).toBeInTheDocument();
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('[onmouseover]')).toBeNull();
    await expect(canvasElement.querySelector('a[href^="javascript:"]')).toBeNull();
  },
};
