import { makeApp, makeRun } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, minutesAgo, signInOwner } from '../../shared/stories/story-kit';
import { homeRoutes } from '../routes';

const meta = {
  title: 'Builder/Home/HomePage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: homeRoutes,
    seed: (client) => {
      const owner = signInOwner(client);
      const quiz = makeApp({
        owner_id: owner,
        name: 'Quiz maker',
        description: 'Ten questions with answers on any topic.',
        deployed_version_id: crypto.randomUUID(),
        draft_version_id: crypto.randomUUID(),
        updated_at: minutesAgo(5),
        runs_last_7_days: 2,
      });
      const planner = makeApp({ owner_id: owner, name: 'Lesson planner', description: 'A 45-minute plan from a topic.', draft_version_id: crypto.randomUUID(), updated_at: minutesAgo(60 * 3) });
      const poems = makeApp({ owner_id: owner, name: 'Poem of the day', description: null, deployed_version_id: crypto.randomUUID(), updated_at: minutesAgo(60 * 24 * 4) });
      for (const app of [quiz, planner, poems]) client.fake.data.apps[app.id] = app;
      for (const [minutes, status] of [
        [2, 'done'],
        [30, 'failed'],
      ] as const) {
        const run = makeRun({ app_id: quiz.id, status, visitor_session: 'visitor', created_at: minutesAgo(minutes), version_number: 1 });
        client.fake.data.runs[run.id] = { run, steps: [], state: null };
      }
      return '/';
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithApps: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Your apps' }, WAIT);
    await expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Quiz maker', 'Lesson planner', 'Poem of the day']);
    await expect(canvas.getByLabelText('Search your apps')).toBeInTheDocument();
    const runs = canvas.getByRole('complementary', { name: 'Recent runs' });
    await expect(await within(runs).findAllByRole('link', { name: 'Quiz maker' }, WAIT)).toHaveLength(2);
  },
};

export const FirstVisit: Story = {
  args: {
    seed: (client) => {
      signInOwner(client);
      return '/';
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Create your first app' }, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByLabelText('Search your apps')).not.toBeInTheDocument();
    await expect(await canvas.findByText(/No runs yet/, {}, WAIT)).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: {
    seed: (client) => {
      signInOwner(client);
      client.fake.fail('apps.listMine');
      return '/';
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your apps could not be loaded.', {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
