import { makeApp } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp, signInOwner } from '../../shared/stories/story-kit';
import { lessonSpec, specWithProblems } from '../lib/spec-fixtures';
import { createRoutes } from '../routes';

const meta = {
  title: 'Builder/Create/CreateAppPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: createRoutes,
    seed: (client) => {
      const { app } = seedOwnedApp(client, { spec: lessonSpec, app: { name: 'Lesson planner', description: 'Plans lessons.' } });
      return `/create-app/${app.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Lesson planner' }, WAIT)).toBeInTheDocument();
    await expect(await canvas.findByRole('list', { name: 'Steps' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'Work on Lesson planner' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Deploy version 1' })).toBeInTheDocument();
  },
};

export const PreviewAsksForInputs: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Run preview' }, WAIT));
    const form = await canvas.findByRole('form', { name: 'About the lesson' }, WAIT);
    await expect(within(form).getByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
  },
};

export const WithProblems: Story = {
  args: {
    seed: (client) => {
      const { app } = seedOwnedApp(client, { spec: specWithProblems(), app: { name: 'Half-built app' } });
      return `/create-app/${app.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: /problems to fix before deploying/ }, WAIT)).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  args: {
    // Someone else's app: the owner sees "not found", and nothing of it.
    seed: (client) => {
      signInOwner(client);
      const theirs = makeApp({ name: 'Secret app' });
      client.fake.data.apps[theirs.id] = theirs;
      return `/create-app/${theirs.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'App not found' }, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByText('Secret app')).not.toBeInTheDocument();
  },
};
