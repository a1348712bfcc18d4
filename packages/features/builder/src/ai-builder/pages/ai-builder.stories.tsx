import { makeSpec, makeVersion } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { aiBuilderRoutes } from '../routes';

const meta = {
  title: 'Builder/AI builder/AiBuilderPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: aiBuilderRoutes,
    seed: (client) => {
      const { app, version: v1 } = seedOwnedApp(client, { deployed: true, app: { name: 'Topic writer' } });
      v1.source = 'template';
      v1.change_summary = 'First version';
      const v2 = makeVersion({ app_id: app.id, number: 2, source: 'manual', change_summary: 'Asks for the reader too', parent_version_id: v1.id, spec: makeSpec() });
      client.fake.data.versions[v2.id] = v2;
      app.draft_version_id = v2.id;
      return `/ai-builder/${app.id}/${v2.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DraftAndDeployed: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Topic writer' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Preview of version 2' })).toBeInTheDocument();
    const list = await canvas.findByRole('list', { name: 'Versions' }, WAIT);
    await expect(within(list).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Version 2', 'Version 1']);
    await expect(await canvas.findByRole('textbox', { name: /Describe a change to version 2/ }, WAIT)).toBeInTheDocument();
  },
};

export const AppNotFound: Story = {
  args: { seed: () => '/ai-builder/not-an-id/also-not-an-id' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'App not found' }, WAIT)).toBeInTheDocument();
  },
};
