import { makeApp } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { KeysPageStory, seedKey, WAIT } from '../stories/KeysPageStory';

const meta = {
  title: 'APIs/API keys/Key page',
  component: KeysPageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    seed: (client, ownerId) => `/api-key/${seedKey(client, ownerId).id}`,
  },
} satisfies Meta<typeof KeysPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Details: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Website backend', level: 1 }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Revoke key' })).toBeInTheDocument();
  },
};

export const NewKey: Story = {
  args: {
    seed: (client, ownerId) => {
      const app = makeApp({ owner_id: ownerId, name: 'Recipe finder' });
      client.fake.data.apps[app.id] = app;
      return '/api-key';
    },
  },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Name/ }, WAIT), 'Website backend');
    await userEvent.click(canvas.getByRole('button', { name: 'Create key' }));
    await expect(await canvas.findByTestId('new-api-key', {}, WAIT)).toHaveTextContent(/^af_/);
    await expect(canvas.getByRole('alert')).toHaveTextContent('It will not be shown again');
  },
};
