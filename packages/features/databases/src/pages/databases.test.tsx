import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appUsing, library, renderPage, someoneElsesDatabase, storedDatabase } from '../../test/render';

const backend = setupAppforgeBackend();

describe('/databases', () => {
  it('explains databases to a newcomer and makes one from a template, opening its data', async () => {
    const { client } = await backend().signedInUser('newcomer');
    const user = userEvent.setup();
    const { router } = renderPage('/databases', client);
    expect(await screen.findByRole('heading', { name: 'No databases yet' })).toBeInTheDocument();
    const templates = screen.getByRole('list', { name: 'Templates' });
    expect(within(templates).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Quiz results', 'Reading log', 'Contacts']);
    await user.click(screen.getByRole('button', { name: 'Use the Reading log template' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/database\/[0-9a-f-]+\/data$/));
    expect(await screen.findByRole('heading', { name: 'Data: Reading log' })).toBeInTheDocument();
    const databaseId = /^\/database\/([0-9a-f-]+)\/data$/.exec(router.state.location.pathname)?.[1] ?? '';
    const stored = await storedDatabase(backend(), databaseId);
    expect(stored?.name).toBe('Reading log');
    expect((stored?.tables[0]?.columns as { name: string }[] | undefined)?.map((column) => column.name)).toEqual(['Title', 'Author', 'Pages', 'Finished', 'Review']);
  });

  it('lists the person’s databases with tables, rows and the apps using each; search narrows it; others’ stay hidden', async () => {
    const { client, ownerId, database } = await library(backend(), [{ Title: 'Dune' }, { Title: 'Emma' }]);
    await appUsing(backend(), ownerId, database.id, 'Book logger');
    await client.databases.create({ name: 'Recipes' });
    await someoneElsesDatabase(backend(), 'Someone else’s');
    const user = userEvent.setup();
    renderPage('/databases', client);
    const row = (await screen.findByRole('link', { name: 'Library' })).closest('tr');
    if (!row) throw new Error('no row');
    await waitFor(() => expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '2', 'Book logger', expect.any(String)]));
    expect(screen.getByRole('link', { name: 'Recipes' })).toBeInTheDocument();
    expect(screen.queryByText('Someone else’s')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search your databases' }), 'reci');
    expect(screen.queryByRole('link', { name: 'Library' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recipes' })).toBeInTheDocument();
  });

  it('creates an empty database from “New database” and opens its structure editor', async () => {
    const { client } = await library(backend());
    const user = userEvent.setup();
    const { router } = renderPage('/databases', client);
    await user.click(await screen.findByRole('button', { name: 'New database' }));
    const dialog = await screen.findByRole('dialog', { name: 'New database' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Attendance');
    await user.click(within(dialog).getByRole('button', { name: 'Create database' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/structure\/edit$/));
    expect(await screen.findByRole('heading', { name: 'Structure: Attendance' })).toBeInTheDocument();
    const databaseId = /^\/database\/([0-9a-f-]+)\//.exec(router.state.location.pathname)?.[1] ?? '';
    expect(await storedDatabase(backend(), databaseId)).toEqual({
      name: 'Attendance',
      description: '',
      tables: [{ name: 'Table 1', position: 0, columns: [{ name: 'Name', type: 'text' }] }],
    });
  });

  it('shows “not found” for someone else’s database on every page, never its data', async () => {
    const { client } = await library(backend());
    const theirs = await someoneElsesDatabase(backend(), 'Private notes');
    for (const page of ['', '/structure', '/structure/edit', '/data', '/settings']) {
      const { unmount } = renderPage(`/database/${theirs.id}${page}`, client);
      expect(await screen.findByRole('heading', { name: 'This database could not be opened' })).toBeInTheDocument();
      expect(screen.getByText('It does not exist, or it belongs to someone else.')).toBeInTheDocument();
      expect(screen.queryByText('Private notes')).not.toBeInTheDocument();
      unmount();
    }
    // Still there, unchanged: the pages only refused to show it.
    expect((await storedDatabase(backend(), theirs.id))?.name).toBe('Private notes');
  });
});
