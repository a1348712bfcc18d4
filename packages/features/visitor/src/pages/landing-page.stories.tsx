import { makeApp, makeSpec, makeVersion } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT } from '../stories/story-kit';
import { appRoutes } from '../routes';

const meta = {
  title: 'Visitor/Pages/LandingPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    routes: appRoutes,
    seed: (client) => {
      const app = makeApp({
        name: 'Topic Writer',
        description: 'Three clear sentences about any topic, for a class handout.',
        visibility: 'public',
        price: { kind: 'monthly', amount_cents: 499, currency: 'USD' },
        design: { theme_color: '#7c3aed', font: 'system', layout: 'wide', welcome_text: '' },
      });
      const version = makeVersion({ app_id: app.id, frozen: true, spec: makeSpec() });
      client.fake.data.apps[app.id] = { ...app, deployed_version_id: version.id };
      client.fake.data.versions[version.id] = version;
      return `/landing-page/${app.id}`;
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Topic Writer' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByText('per month')).toBeInTheDocument();
    const what = canvas.getByRole('region', { name: 'What it does' });
    await expect(within(what).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    // A visitor without access sees "Get access" (sign in, then pay) instead of "Open app".
    await expect(canvas.getByRole('heading', { level: 2, name: 'Get access to Topic Writer' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Get access' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Open app' })).toBeNull();
  },
};

export const NotPublished: Story = {
  args: { seed: () => '/landing-page/not-an-app-id' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: /does not exist or is not published/ }, WAIT)).toBeInTheDocument();
  },
};
