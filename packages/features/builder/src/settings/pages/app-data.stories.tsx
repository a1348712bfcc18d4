import { makeRun } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { settingsRoutes } from '../routes';

const meta = {
  title: 'Builder/Settings/RunHistoryPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: settingsRoutes,
    seed: (client) => {
      const { app } = seedOwnedApp(client, { deployed: true, app: { name: 'Recipe Finder' } });
      const start = Date.parse('2026-11-20T09:00:00Z');
      for (let index = 1; index <= 12; index += 1) {
        const run = makeRun({
          app_id: app.id,
          version_number: 1,
          inputs: { dish: `dish ${index}` },
          outputs: `Recipe number ${index}`,
          duration_ms: index * 350,
          usage: { inputTokens: 40 + index, outputTokens: 120 },
          visitor_session: index % 2 ? 'visitor' : null,
          created_at: new Date(start + index * 60_000).toISOString(),
          status: index === 3 ? 'failed' : 'done',
          error: index === 3 ? { code: 'model_error', message: 'The model timed out' } : null,
        });
        client.fake.data.runs[run.id] = { run, steps: [], state: null };
      }
      return `/app-data/${app.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRuns: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', {}, WAIT);
    await expect(within(table).getAllByRole('row')).toHaveLength(13);
    await expect(canvas.getByRole('search', { name: 'Filter runs' })).toBeInTheDocument();
  },
};

export const NoRunsYet: Story = {
  args: {
    seed: (client) => {
      const { app } = seedOwnedApp(client, { app: { name: 'Recipe Finder' } });
      return `/app-data/${app.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No runs yet' }, WAIT)).toBeInTheDocument();
  },
};
