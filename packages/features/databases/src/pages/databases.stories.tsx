import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageStory, WAIT, seedLibrary } from '../stories/story-kit';

const meta = {
  title: 'Databases/Pages/Databases list',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    seed: (client) => {
      seedLibrary(client, 5);
      return '/databases';
    },
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithDatabases: Story = {
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Library' }, WAIT);
    const row = link.closest('tr');
    await expect(row).not.toBeNull();
    await expect(canvas.getByRole('searchbox', { name: 'Search your databases' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New database' })).toBeInTheDocument();
  },
};

export const FirstVisit: Story = {
  args: {
    seed: (client) => {
      client.fake.signIn({ email: 'ada@example.org' });
      return '/databases';
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No databases yet' }, WAIT)).toBeInTheDocument();
    const templates = canvas.getByRole('list', { name: 'Templates' });
    await expect(within(templates).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Use the Quiz results template',
      'Use the Reading log template',
      'Use the Contacts template',
    ]);
  },
};

export const LoadFailed: Story = {
  args: {
    seed: (client) => {
      client.fake.signIn({ email: 'ada@example.org' });
      client.fake.fail('databases.listMine');
      return '/databases';
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your databases could not be loaded.', {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
