import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { editorRoutes } from '../routes';

const meta = {
  title: 'Builder/Editor/StepListPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: editorRoutes,
    seed: (client) => {
      const { app, version } = seedOwnedApp(client);
      return `/create-app/${app.id}/${version.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Draft: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Steps' }, WAIT);
    await expect(within(list).getByRole('link', { name: 'Your topic' })).toBeInTheDocument();
    await expect(within(list).getByText('Then continues to “Write”')).toBeInTheDocument();
    await expect(canvas.getByText(/No problems: this version can run\./)).toBeInTheDocument();
    await expect(canvas.getByText('All changes saved')).toBeInTheDocument();
  },
};

export const DeployedReadOnly: Story = {
  args: {
    seed: (client) => {
      const { app, version } = seedOwnedApp(client, { deployed: true });
      return `/create-app/${app.id}/${version.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Steps' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByText(/This version is deployed, so it cannot change/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Make changes' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: {
    seed: (client) => {
      const { app, version } = seedOwnedApp(client);
      client.fake.fail('versions.get');
      return `/create-app/${app.id}/${version.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, WAIT)).toHaveTextContent('Could not reach the server');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
