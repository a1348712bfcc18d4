import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, seedOwnedApp } from '../../shared/stories/story-kit';
import { settingsRoutes } from '../routes';

const meta = {
  title: 'Builder/Settings/SettingsPages',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: settingsRoutes,
    seed: (client) => {
      const { app } = seedOwnedApp(client, { deployed: true, app: { name: 'Recipe Finder', description: 'Finds recipes from what is in the fridge.' } });
      return `/app-settings/${app.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hub: Story = {
  play: async ({ canvas }) => {
    const pages = await canvas.findByRole('list', { name: 'Settings pages' }, WAIT);
    await expect(within(pages).getAllByRole('link').length).toBeGreaterThanOrEqual(6);
    await expect(canvas.getByText('Deployed')).toBeInTheDocument();
  },
};

export const Design: Story = {
  args: {
    seed: (client) => {
      const { app } = seedOwnedApp(client, { app: { name: 'Recipe Finder', design: { theme_color: '#be123c', font: 'serif', layout: 'wide', welcome_text: 'Hungry?' } } });
      return `/app-design/${app.id}`;
    },
  },
  play: async ({ canvas }) => {
    const preview = await canvas.findByTestId('design-preview', {}, WAIT);
    await expect(preview).toHaveAttribute('data-layout', 'wide');
    await expect(canvas.getByRole('textbox', { name: 'Theme colour' })).toHaveValue('#be123c');
  },
};

export const Details: Story = {
  args: {
    seed: (client) => {
      const { app } = seedOwnedApp(client, { app: { name: 'Recipe Finder' } });
      return `/app-details/${app.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByDisplayValue('Recipe Finder', {}, WAIT)).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: {
    seed: (client) => {
      const { app } = seedOwnedApp(client);
      client.fake.fail('apps.get');
      return `/app-settings/${app.id}`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, WAIT)).toBeInTheDocument();
  },
};
