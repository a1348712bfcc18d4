import { makeApp, makeDatabase } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PageStory, WAIT, seedLibrary } from '../stories/story-kit';

const meta = {
  title: 'Databases/Pages/One database',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    seed: (client) => `/database/${seedLibrary(client).database.id}`,
  },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  args: {
    seed: (client) => {
      const { database } = seedLibrary(client, 12);
      const app = makeApp({ owner_id: database.owner_id, name: 'Reading tracker', database_id: database.id });
      client.fake.data.apps[app.id] = app;
      return `/database/${database.id}`;
    },
  },
  play: async ({ canvas }) => {
    const tables = await canvas.findByRole('table', { name: 'Tables' }, WAIT);
    await expect(await within(tables).findByRole('cell', { name: '12' }, WAIT)).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'Reading tracker' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Structure: Story = {
  args: { seed: (client) => `/database/${seedLibrary(client).database.id}/structure` },
  play: async ({ canvas }) => {
    const columns = await canvas.findByRole('table', { name: 'Columns of Books' }, WAIT);
    await expect(within(columns).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Title', 'Pages', 'Finished', 'Loved it']);
    await expect(within(columns).getByRole('cell', { name: 'Yes / no' })).toBeInTheDocument();
  },
};

export const StructureEditPreview: Story = {
  args: {
    seed: (client) => {
      const { database, books } = seedLibrary(client, 3);
      const rows = client.fake.data.databaseRows[books.id] ?? [];
      if (rows[0]) rows[0].data = { ...rows[0].data, Pages: 'about 300' };
      return `/database/${database.id}/structure/edit`;
    },
  },
  play: async ({ canvas }) => {
    const editor = await canvas.findByRole('region', { name: 'Columns of Books' }, WAIT);
    await userEvent.click(within(editor).getByRole('button', { name: 'Delete the column Finished' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Preview the changes' }));
    const preview = await canvas.findByRole('region', { name: 'What happens to Books' }, WAIT);
    await expect(preview).toHaveTextContent('“Finished” is deleted with its values in 3 rows.');
    await expect(within(preview).getByRole('button', { name: 'Save the changes' })).toBeInTheDocument();
  },
};

export const DataGrid: Story = {
  args: { seed: (client) => `/database/${seedLibrary(client, 40).database.id}/data` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Rows 1–40 of 40', {}, WAIT)).toBeInTheDocument();
    const grid = canvas.getByRole('table', { name: 'Books' });
    await expect(within(grid).getByRole('columnheader', { name: /Pages/ })).toHaveAttribute('aria-sort', 'none');
    await expect(canvas.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  },
};

export const DataGridScrollLoads: Story = {
  args: { seed: (client) => `/database/${seedLibrary(client, 1_200).database.id}/data` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Rows 1–500 of 1,200', {}, WAIT)).toBeInTheDocument();
    const grid = canvas.getByRole('table', { name: 'Books' });
    await expect(grid).toHaveAttribute('aria-rowcount', '1201');
    // Only the rows in view are in the DOM, however many are loaded.
    await expect(within(grid).getAllByRole('row').length).toBeLessThan(80);
    const box = grid.parentElement as HTMLElement;
    box.scrollTop = 36 * 450;
    box.dispatchEvent(new Event('scroll'));
    await expect(await canvas.findByText('Rows 1–1,000 of 1,200', {}, WAIT)).toBeInTheDocument();
  },
};

export const DataEmpty: Story = {
  args: { seed: (client) => `/database/${seedLibrary(client, 0).database.id}/data` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/This table has no rows yet/, {}, WAIT)).toBeInTheDocument();
  },
};

export const Settings: Story = {
  args: { seed: (client) => `/database/${seedLibrary(client).database.id}/settings` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Export as ZIP' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Delete database' })).toBeInTheDocument();
    await expect(canvas.getByText('No app uses this database.')).toBeInTheDocument();
  },
};

export const SomeoneElses: Story = {
  args: {
    seed: (client) => {
      client.fake.signIn({ email: 'ada@example.org' });
      const theirs = makeDatabase({ owner_id: crypto.randomUUID(), name: 'Not Ada’s' });
      client.fake.data.databases[theirs.id] = theirs;
      return `/database/${theirs.id}/data`;
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'This database could not be opened' }, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByText('Not Ada’s')).not.toBeInTheDocument();
  },
};
