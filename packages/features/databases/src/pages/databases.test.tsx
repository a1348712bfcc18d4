import { makeApp, makeDatabase } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { library, renderPage } from '../../test/render';

describe('/databases', () => {
  it('explains databases to a newcomer and makes one from a template, opening its data', async () => {
    const { client } = library();
    client.fake.data.databases = {};
    const user = userEvent.setup();
    const { router } = renderPage('/databases', client);
    expect(await screen.findByRole('heading', { name: 'No databases yet' })).toBeInTheDocument();
    const templates = screen.getByRole('list', { name: 'Templates' });
    expect(within(templates).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Quiz results', 'Reading log', 'Contacts']);
    await user.click(screen.getByRole('button', { name: 'Use the Reading log template' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/database\/[0-9a-f-]+\/data$/));
    expect(await screen.findByRole('heading', { name: 'Data: Reading log' })).toBeInTheDocument();
    expect(Object.values(client.fake.data.databases)[0]?.tables[0]?.columns.map((column) => column.name)).toEqual(['Title', 'Author', 'Pages', 'Finished', 'Review']);
  });

  it('lists the person’s databases with tables, rows and the apps using each; search narrows it; others’ stay hidden', async () => {
    const { client, ownerId, database } = library([{ Title: 'Dune' }, { Title: 'Emma' }]);
    const app = makeApp({ owner_id: ownerId, name: 'Book logger', database_id: database.id });
    client.fake.data.apps[app.id] = app;
    const recipes = makeDatabase({ owner_id: ownerId, name: 'Recipes' });
    const theirs = makeDatabase({ owner_id: crypto.randomUUID(), name: 'Someone else’s' });
    client.fake.data.databases[recipes.id] = recipes;
    client.fake.data.databases[theirs.id] = theirs;
    const user = userEvent.setup();
    renderPage('/databases', client);
    const row = (await screen.findByRole('link', { name: 'Library' })).closest('tr');
    if (!row) throw new Error('no row');
    await waitFor(() => expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '2', 'Book logger', expect.any(String)]));
    expect(screen.queryByText('Someone else’s')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search your databases' }), 'reci');
    expect(screen.queryByRole('link', { name: 'Library' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recipes' })).toBeInTheDocument();
  });

  it('creates an empty database from “New database” and opens its structure editor', async () => {
    const { client } = library();
    const user = userEvent.setup();
    const { router } = renderPage('/databases', client);
    await user.click(await screen.findByRole('button', { name: 'New database' }));
    const dialog = await screen.findByRole('dialog', { name: 'New database' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Attendance');
    await user.click(within(dialog).getByRole('button', { name: 'Create database' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/structure\/edit$/));
    expect(await screen.findByRole('heading', { name: 'Structure: Attendance' })).toBeInTheDocument();
  });

  it('shows “not found” for someone else’s database on every page, never its data', async () => {
    const { client } = library();
    const theirs = makeDatabase({ owner_id: crypto.randomUUID(), name: 'Private notes' });
    client.fake.data.databases[theirs.id] = theirs;
    for (const page of ['', '/structure', '/structure/edit', '/data', '/settings']) {
      const { unmount } = renderPage(`/database/${theirs.id}${page}`, client);
      expect(await screen.findByRole('heading', { name: 'This database could not be opened' })).toBeInTheDocument();
      expect(screen.getByText('It does not exist, or it belongs to someone else.')).toBeInTheDocument();
      expect(screen.queryByText('Private notes')).not.toBeInTheDocument();
      unmount();
    }
  });
});
