import type { AppSpec } from '@appforge/engine';
import { makeVersion } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { editorRoutes } from '../routes';

const meta = {
  title: 'Builder/Editor/DeployPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: editorRoutes,
    seed: (client) => {
      const { app, version } = seedOwnedApp(client);
      return `/create-app-deploy/${app.id}/${version.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstDeploy: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Nothing is deployed yet/, {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByText(/No problems: ready to deploy\./)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Deploy version 1' })).toBeEnabled();
  },
};

export const ChangesSinceLive: Story = {
  args: {
    seed: (client) => {
      const { app, version: live } = seedOwnedApp(client, { deployed: true });
      const spec: AppSpec = structuredClone(live.spec);
      const write = spec.steps[1];
      if (write?.kind === 'ai') write.config.prompt = 'Write a poem about {{topic}}.';
      spec.steps.push({ id: 'thanks', kind: 'output', title: 'Thanks', next: { type: 'step' }, config: { template: 'Thank you!' } });
      const draft = makeVersion({ app_id: app.id, number: 2, parent_version_id: live.id, spec });
      client.fake.data.versions[draft.id] = draft;
      app.draft_version_id = draft.id;
      return `/create-app-deploy/${app.id}/${draft.id}`;
    },
  },
  play: async ({ canvas }) => {
    const changes = await canvas.findByRole('list', { name: 'Changes since version 1' }, WAIT);
    await expect(within(changes).getByText(/“Thanks”/)).toBeInTheDocument();
    await expect(within(changes).getByText(/“Write”: the prompt/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Deploy version 2' })).toBeInTheDocument();
  },
};

export const BlockedByErrors: Story = {
  args: {
    seed: (client) => {
      const spec: AppSpec = {
        entryStepId: 'show',
        steps: [{ id: 'show', kind: 'output', title: 'Result', next: { type: 'step' }, config: { template: '{{missing}}' } }],
      };
      const { app, version } = seedOwnedApp(client, { spec });
      return `/create-app-deploy/${app.id}/${version.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Deploy version 1' }, WAIT)).toBeDisabled();
    await expect(canvas.getByText(/no earlier step asks for missing/)).toBeInTheDocument();
    await expect(canvas.getByText(/Fix the errors first/)).toBeInTheDocument();
  },
};
