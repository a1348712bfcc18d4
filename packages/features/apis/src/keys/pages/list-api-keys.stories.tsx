import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { KeysPageStory, seedKey, WAIT } from '../stories/KeysPageStory';

const meta = {
  title: 'APIs/API keys/Key list',
  component: KeysPageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    seed: (client, ownerId) => {
      seedKey(client, ownerId);
      seedKey(client, ownerId, { name: 'Old cron job', prefix: 'af_Old45678', revoked_at: '2026-11-20T10:00:00Z', usage: [] });
      return '/list-api-keys';
    },
  },
} satisfies Meta<typeof KeysPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithKeys: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('rowheader', { name: 'Website backend' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByText('Revoked')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { seed: () => '/list-api-keys' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No API keys yet' }, WAIT)).toBeInTheDocument();
  },
};
