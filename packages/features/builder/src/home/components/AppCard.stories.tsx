import { makeApp } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { minutesAgo, withAppforge, withRouter } from '../../shared/stories/story-kit';
import { AppCard } from './AppCard';

const base = makeApp({
  id: '3f1c2b9e-8d4a-4c1e-9a57-0b6f2c1d7e01',
  name: 'Quiz maker',
  description: 'Turns a topic into a ten-question quiz with answers for my history class.',
  updated_at: minutesAgo(5),
  runs_last_7_days: 42,
});
const DEPLOYED = 'a8b1c3d4-0000-4000-8000-000000000001';
const DRAFT = 'a8b1c3d4-0000-4000-8000-000000000002';

const meta = {
  title: 'Builder/Home/AppCard',
  component: AppCard,
  tags: ['autodocs'],
  decorators: [withRouter, withAppforge, (Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  args: { app: { ...base, deployed_version_id: DEPLOYED, draft_version_id: null } },
} satisfies Meta<typeof AppCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Deployed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Quiz maker' })).toBeInTheDocument();
    await expect(canvas.getByText('Deployed')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Open Quiz maker' })).toHaveAttribute('href', `/deployed-app/${base.id}`);
    // A deployed app's steps open in its draft, made on the click when there is none.
    await expect(canvas.getByRole('button', { name: 'Edit steps of Quiz maker' })).toBeInTheDocument();
    await expect(canvas.queryByText('Unpublished changes')).not.toBeInTheDocument();
  },
};

export const Draft: Story = {
  args: { app: { ...base, name: 'Lesson planner', deployed_version_id: null, draft_version_id: DRAFT, runs_last_7_days: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Draft')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Edit steps of Lesson planner' })).toHaveAttribute('href', `/create-app/${base.id}/${DRAFT}`);
    await expect(canvas.queryByRole('link', { name: 'Open Lesson planner' })).not.toBeInTheDocument();
  },
};

export const UnpublishedChanges: Story = {
  args: { app: { ...base, deployed_version_id: DEPLOYED, draft_version_id: DRAFT } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Deployed')).toBeInTheDocument();
    await expect(canvas.getByText('Unpublished changes')).toBeInTheDocument();
  },
};

export const NoIconNoDescription: Story = {
  args: { app: { ...base, name: 'Élan vital — a very long app name that has to wrap onto two lines', icon_url: null, description: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: /Élan vital/ })).toBeInTheDocument();
    // No icon: the initials stand in, named for screen readers.
    await expect(canvas.getByRole('img', { name: /Élan vital/ })).toBeInTheDocument();
  },
};
