import { makeSpec } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { editorRoutes } from '../routes';

/** The factories' app (topic → write → result), opened at one of its steps. */
function atStep(stepId: string, deployed = false) {
  return (client: Parameters<typeof seedOwnedApp>[0]) => {
    const { app, version } = seedOwnedApp(client, { deployed });
    return `/create-app/${app.id}/${version.id}/${stepId}`;
  };
}

const meta = {
  title: 'Builder/Editor/StepPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { routes: editorRoutes, seed: atStep('write') },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AiStep: Story = {
  play: async ({ canvas }) => {
    const prompt = await canvas.findByRole('textbox', { name: 'Prompt' }, WAIT);
    await expect(prompt).toHaveTextContent('Write three sentences about {{topic}}.');
    await expect(canvas.getByRole('region', { name: 'Variables you can use' })).toBeInTheDocument();
    await expect(canvas.getByLabelText(/Answer saved as/)).toHaveValue('text');
  },
};

export const InputStep: Story = {
  args: { seed: atStep('ask') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(/Step title/, {}, WAIT)).toHaveValue('Your topic');
    await expect(canvas.getByRole('button', { name: 'Add a field' })).toBeInTheDocument();
  },
};

export const OutputStep: Story = {
  args: { seed: atStep('show') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'What the visitor sees' }, WAIT)).toHaveTextContent('{{text}}');
  },
};

export const WithProblems: Story = {
  args: {
    seed: (client) => {
      const spec = makeSpec();
      const show = spec.steps[2];
      if (show?.kind === 'output') show.config.template = 'Here it is: {{missing}}';
      const { app, version } = seedOwnedApp(client, { spec });
      return `/create-app/${app.id}/${version.id}/show`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/missing/, { selector: 'li, li *' }, WAIT)).toBeInTheDocument();
  },
};

export const DeployedReadOnly: Story = {
  args: { seed: atStep('ask', true) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/This version is deployed, so it cannot change/, {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByLabelText(/Step title/)).toBeDisabled();
  },
};

export const StepNotFound: Story = {
  args: { seed: atStep('ghost') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This step is not in this version', {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to the steps' })).toBeInTheDocument();
  },
};
