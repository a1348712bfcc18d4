import { makeRun } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { minutesAgo, withRouter } from '../../shared/stories/story-kit';
import { RecentRuns } from './RecentRuns';

const QUIZ = '3f1c2b9e-8d4a-4c1e-9a57-0b6f2c1d7e01';
const PLANNER = '9c2d1e0f-7b6a-4e5d-8c4b-3a2f1e0d9c8b';

const meta = {
  title: 'Builder/Home/RecentRuns',
  component: RecentRuns,
  tags: ['autodocs'],
  decorators: [withRouter],
  args: {
    runs: [
      { ...makeRun({ app_id: QUIZ, status: 'running', visitor_session: 'v-1', created_at: minutesAgo(1) }), app_name: 'Quiz maker' },
      { ...makeRun({ app_id: PLANNER, status: 'awaiting_input', runner_user_id: 'u-1', created_at: minutesAgo(12), version_number: 3 }), app_name: 'Lesson planner' },
      { ...makeRun({ app_id: QUIZ, status: 'done', visitor_session: 'v-2', created_at: minutesAgo(90), version_number: 2 }), app_name: 'Quiz maker' },
      { ...makeRun({ app_id: PLANNER, status: 'failed', created_at: minutesAgo(60 * 26), version_number: 3 }), app_name: 'Lesson planner' },
    ],
  },
} satisfies Meta<typeof RecentRuns>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryStatus: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    // The waiting run was started by a signed-in person, so it waits for that person (issue 27).
    for (const status of ['Running', 'Waiting for the person', 'Finished', 'Failed']) {
      await expect(canvas.getByText(status)).toBeInTheDocument();
    }
    await expect(canvas.getAllByRole('link', { name: 'Quiz maker' })[0]).toHaveAttribute('href', `/app-data/${QUIZ}`);
    await expect(canvas.getByText(/through the API/)).toBeInTheDocument();
  },
};

export const NoRunsYet: Story = {
  args: { runs: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No runs yet/)).toBeInTheDocument();
  },
};
