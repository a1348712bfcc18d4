import { makeSpec } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { editorRoutes } from '../routes';

const branching = makeSpec({
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Your topic',
      config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }, { name: 'pages', label: 'Pages', type: 'number' }] },
      next: { type: 'choices', prompt: 'What should the app do?', buttons: [{ label: 'Write it', goto: 'write' }, { label: 'Just show', goto: 'show' }] },
    },
    {
      id: 'write',
      kind: 'ai',
      title: 'Write',
      config: { prompt: 'Write about {{topic}}.', outputVariable: 'text' },
      next: { type: 'conditions', conditions: [{ when: { variable: 'pages', op: 'gt', value: 3 }, goto: 'show' }], otherwise: 'show' },
    },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
});

function at(stepId: string) {
  return (client: Parameters<typeof seedOwnedApp>[0]) => {
    const { app, version } = seedOwnedApp(client, { spec: branching });
    return `/create-app/${app.id}/${version.id}/${stepId}/next-step-selector`;
  };
}

const meta = {
  title: 'Builder/Editor/NextStepSelectorPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { routes: editorRoutes, seed: at('ask') },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const VisitorChooses: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('radio', { name: /Let the visitor choose/ }, WAIT)).toBeChecked();
    await expect(canvas.getByLabelText('Button 1 label')).toHaveValue('Write it');
    await expect(canvas.getByLabelText('Button 2 goes to')).toHaveValue('show');
  },
};

export const DependsOnAnAnswer: Story = {
  args: { seed: at('write') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('radio', { name: /Depends on an answer/ }, WAIT)).toBeChecked();
    await expect(canvas.getByLabelText('Condition 1 variable')).toHaveValue('pages');
    await expect(canvas.getByLabelText('Condition 1 comparison')).toHaveValue('gt');
    await expect(canvas.getByLabelText('Otherwise go to')).toHaveValue('show');
  },
};

export const SwitchToConditions: Story = {
  args: { seed: at('show') },
  play: async ({ canvas }) => {
    const plain = await canvas.findByRole('radio', { name: /Depends on an answer/ }, WAIT);
    await userEvent.click(plain);
    await expect(await canvas.findByText('Condition 1 variable', {}, WAIT)).toBeInTheDocument();
  },
};
