import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { editorRoutes } from '../routes';

const meta = {
  title: 'Builder/Editor/ChangeVersionPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: editorRoutes,
    seed: (client) => {
      const { app, version } = seedOwnedApp(client, { deployed: true });
      return `/create-app-change-version/${app.id}/${version.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DeployedVersion: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Visitors are using this version right now, so it never changes under them\./, {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Copy into a new draft' })).toBeInTheDocument();
  },
};

export const DraftNeedsNoCopy: Story = {
  args: {
    seed: (client) => {
      const { app, version } = seedOwnedApp(client);
      return `/create-app-change-version/${app.id}/${version.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/is a draft: you can edit it directly/, {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Edit version 1' })).toBeInTheDocument();
  },
};
