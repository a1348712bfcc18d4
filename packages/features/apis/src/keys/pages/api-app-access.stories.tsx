import { makeApp, makeSpec, makeVersion } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { KeysPageStory, WAIT } from '../stories/KeysPageStory';

const meta = {
  title: 'APIs/API keys/App API access',
  component: KeysPageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    seed: (client, ownerId) => {
      const version = makeVersion({ frozen: true, spec: makeSpec() });
      const app = makeApp({ owner_id: ownerId, name: 'Topic explainer', deployed_version_id: version.id, api_access_enabled: true });
      client.fake.data.apps[app.id] = app;
      client.fake.data.versions[version.id] = { ...version, app_id: app.id };
      return `/api-app-access/${app.id}`;
    },
  },
} satisfies Meta<typeof KeysPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AccessOn: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('switch', { name: 'Allow calls with API keys' }, WAIT)).toBeChecked();
    await expect(canvas.getByRole('tab', { name: 'curl' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Run with this key' })).toBeDisabled();
  },
};
