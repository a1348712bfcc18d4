import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { appUsing, library, renderPage, storedDatabase } from '../../test/render';

const backend = setupAppforgeBackend();

describe('/database/:databaseId/settings', () => {
  it('renames the database', async () => {
    const { client, database } = await library(backend());
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/settings`, client);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Home library');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Settings: Home library' })).toBeInTheDocument();
    expect(await storedDatabase(backend(), database.id)).toMatchObject({ name: 'Home library', description: 'Books we read' });
  });

  it('lists the apps using it and deletes only after the name is typed', async () => {
    const { client, database, ownerId } = await library(backend());
    const appId = await appUsing(backend(), ownerId, database.id, 'Book logger');
    const user = userEvent.setup();
    const { router } = renderPage(`/database/${database.id}/settings`, client);
    expect(await screen.findByRole('link', { name: 'Book logger' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete database' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('These apps use it and will lose their data: Book logger.');
    expect(within(dialog).getByRole('button', { name: 'Delete database' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Library');
    await user.click(within(dialog).getByRole('button', { name: 'Delete database' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/databases'));
    expect(await storedDatabase(backend(), database.id)).toBeNull();
    // The app stays, without a database (App.database_id is set null by the delete).
    const app = await backend().admin.from('App').select('name, database_id').eq('id', appId).single();
    expect(app.data).toEqual({ name: 'Book logger', database_id: null });
  });

  it('exports a ZIP with a formula-safe CSV per table and the schema', async () => {
    const { client, database } = await library(backend(), [{ Title: '=cmd|calc', Pages: 3 }]);
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const user = userEvent.setup();
      renderPage(`/database/${database.id}/settings`, client);
      await user.click(await screen.findByRole('button', { name: 'Export as ZIP' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const files = unzipSync(new Uint8Array(await (blobs[0] as Blob).arrayBuffer()));
      expect(Object.keys(files).sort()).toEqual(['Books.csv', 'schema.json']);
      const csv = files['Books.csv'] ?? new Uint8Array();
      // A byte-order mark first, so Excel reads the file as UTF-8.
      expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(strFromU8(csv.slice(3))).toBe('"Title","Pages","Finished"\r\n"\'=cmd|calc","3",""');
      expect(JSON.parse(strFromU8(files['schema.json'] ?? new Uint8Array()))).toMatchObject({
        name: 'Library',
        tables: [{ name: 'Books', file: 'Books.csv', rows: 1, columns: [{ name: 'Title', type: 'text' }, { name: 'Pages', type: 'number' }, { name: 'Finished', type: 'date' }] }],
      });
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  });
});
