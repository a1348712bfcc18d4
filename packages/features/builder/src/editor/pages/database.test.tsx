import { makeDatabase, makeDatabaseTable, makeSpec } from '@appforge/sdk/testing';
import { AppforgeError } from '@appforge/sdk';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

function addDatabase(client: FakeAppforgeClient, name: string, overrides: Parameters<typeof makeDatabase>[0] = {}) {
  const ownerId = client.fake.data.session?.user.id ?? '';
  const database = makeDatabase({ owner_id: ownerId, name, ...overrides });
  client.fake.data.databases[database.id] = database;
  return database;
}

/** A spec whose two database steps use `databaseId` (one reads, one writes). */
function specUsing(databaseId: string, tableId: string) {
  return makeSpec({
    steps: [
      { id: 'ask', kind: 'input', title: 'Your name', config: { fields: [{ name: 'pupil', label: 'Name', type: 'text', required: true }] } },
      { id: 'save', kind: 'database', title: 'Save the score', config: { databaseId, tableId, operation: 'write', values: { name: 'pupil' } } },
      { id: 'load', kind: 'database', title: 'Read the scores', config: { databaseId, tableId, operation: 'read', outputVariable: 'rows' } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '{{rows}}' } },
    ],
  });
}

/** A promise the test resolves when it wants the fake backend to answer. */
function gate() {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open: () => open() };
}

describe('/create-app-database — the app’s database', () => {
  it('shows skeletons while the app and then the databases load', async () => {
    const { client, app, version } = seedApp();
    const appGate = gate();
    const listGate = gate();
    const getApp = client.apps.get.bind(client.apps);
    const listMine = client.databases.listMine.bind(client.databases);
    client.apps.get = async (...args) => {
      await appGate.wait;
      return getApp(...args);
    };
    client.databases.listMine = async () => {
      await listGate.wait;
      return listMine();
    };
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    expect((await screen.findByText('Loading the app’s database')).closest('[aria-busy="true"]')).toBeInTheDocument();
    appGate.open();
    expect(await screen.findByText(/No database linked/)).toBeInTheDocument();
    expect(screen.getByText('Loading your databases').closest('[aria-busy="true"]')).toBeInTheDocument();
    listGate.open();
    expect(await screen.findByRole('heading', { name: 'You have no databases yet' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your databases')).not.toBeInTheDocument();
  });

  it('teaches what a database is when the person has none, and links to creating one', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    expect(await screen.findByText(/No database linked/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'You have no databases yet' })).toBeInTheDocument();
    expect(screen.getByText(/A database keeps what your app collects/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a database' })).toHaveAttribute('href', `/create-app-database-new/${app.id}/${version.id}`);
    expect(screen.queryByText(/Creating databases is not available yet/)).not.toBeInTheDocument();
  });

  it('shows the linked database with its tables, columns and types, and which steps use it', async () => {
    const { client, app, version } = seedApp();
    const table = makeDatabaseTable({ name: 'Scores', columns: [{ name: 'name', type: 'text' }, { name: 'score', type: 'number' }, { name: 'passed', type: 'boolean' }] });
    const database = addDatabase(client, 'Class scores', { tables: [table] });
    client.fake.data.apps[app.id] = { ...app, database_id: database.id };
    client.fake.data.versions[version.id] = { ...version, spec: specUsing(database.id, table.id) };
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    expect(await screen.findByRole('heading', { name: 'Class scores' })).toBeInTheDocument();
    const columns = within(screen.getByRole('list', { name: 'Columns of Scores' })).getAllByRole('listitem');
    expect(columns.map((item) => item.textContent)).toEqual(['name Text', 'score Number', 'passed Yes / no']);
    expect(await screen.findByText(/2 steps read or write this database in this version: “Save the score”, “Read the scores”/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Class scores/ })).toBeChecked();
  });

  it('links one of the person’s databases with the keyboard, and says so', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    addDatabase(client, 'Homework');
    const scores = addDatabase(client, 'Scores');
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    const radio = await screen.findByRole('radio', { name: /Scores/ });
    expect(screen.getByRole('button', { name: 'Link this database' })).toBeDisabled();
    radio.focus();
    await user.keyboard(' ');
    expect(radio).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Link this database' }));
    expect(await screen.findByText('“Scores” is now this app’s database.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.database_id).toBe(scores.id);
    expect(await screen.findByRole('list', { name: 'Tables of Scores' })).toBeInTheDocument();
  });

  it('a refused link is explained, the previous link comes back, and Try again links it', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    const first = addDatabase(client, 'First');
    const second = addDatabase(client, 'Second');
    client.fake.data.apps[app.id] = { ...app, database_id: first.id };
    client.fake.fail('apps.linkDatabase', new AppforgeError({ code: 'network_error', message: 'No connection to the server.', status: 0 }));
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    await screen.findByRole('heading', { name: 'First' });
    await user.click(await screen.findByRole('radio', { name: /Second/ }));
    await user.click(screen.getByRole('button', { name: 'Link this database' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database could not be linked: No connection to the server.');
    // Rolled back: the page shows the first database again, and so does the server.
    expect(await screen.findByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.database_id).toBe(first.id);
    client.fake.heal('apps.linkDatabase');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    await waitFor(() => expect(client.fake.data.apps[app.id]?.database_id).toBe(second.id));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns before unlinking a database that steps use, then unlinks it', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    const table = makeDatabaseTable({ name: 'Scores', columns: [{ name: 'name', type: 'text' }] });
    const database = addDatabase(client, 'Class scores', { tables: [table] });
    client.fake.data.apps[app.id] = { ...app, database_id: database.id };
    client.fake.data.versions[version.id] = { ...version, spec: specUsing(database.id, table.id) };
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    expect(screen.getByRole('alert')).toHaveTextContent('2 steps read or write this database.');
    expect(client.fake.calls('apps.linkDatabase')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Keep it linked' }));
    expect(client.fake.data.apps[app.id]?.database_id).toBe(database.id);
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    await user.click(screen.getByRole('button', { name: 'Unlink anyway' }));
    expect(await screen.findByText('The app no longer uses a database.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.database_id).toBeNull();
    expect(screen.getByText(/No database linked/)).toBeInTheDocument();
  });

  it('another person’s database is never offered', async () => {
    const { client, app, version } = seedApp();
    const theirs = makeDatabase({ owner_id: crypto.randomUUID(), name: 'Someone else’s' });
    client.fake.data.databases[theirs.id] = theirs;
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    expect(await screen.findByRole('heading', { name: 'You have no databases yet' })).toBeInTheDocument();
    expect(screen.queryByText('Someone else’s')).not.toBeInTheDocument();
  });
});

describe('/create-app-database-new — create a database', () => {
  it('checks hostile names inline and sends nothing', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Create and link' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/Give the database a name\./);
    expect(screen.getByRole('textbox', { name: /^Table name/ })).toHaveAccessibleDescription(/Give the table a name\./);
    expect(screen.getByRole('textbox', { name: 'Column 1 name' })).toHaveAccessibleDescription(/Give the column a name\./);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'x'.repeat(101));
    await user.type(screen.getByRole('textbox', { name: /^Table name/ }), 'Scores');
    await user.type(screen.getByRole('textbox', { name: 'Column 1 name' }), 'Email');
    await user.click(screen.getByRole('button', { name: 'Add a column' }));
    await user.type(screen.getByRole('textbox', { name: 'Column 2 name' }), 'email');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/A database name has at most 100 characters\./);
    expect(screen.getByRole('textbox', { name: 'Column 2 name' })).toHaveAccessibleDescription(/Two columns are called “email”/);
    await user.click(screen.getByRole('button', { name: 'Create and link' }));
    expect(client.fake.calls('databases.create')).toHaveLength(0);
    expect(client.fake.data.databases).toEqual({});
  });

  it('creates the database with its first table, links it and goes back with a toast', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    const { router } = renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Quiz scores');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'One row per attempt');
    await user.type(screen.getByRole('textbox', { name: /^Table name/ }), 'Attempts');
    await user.type(screen.getByRole('textbox', { name: 'Column 1 name' }), 'pupil');
    await user.click(screen.getByRole('button', { name: 'Add a column' }));
    await user.type(screen.getByRole('textbox', { name: 'Column 2 name' }), 'score');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Column 2 type' }), 'number');
    await user.click(screen.getByRole('button', { name: 'Add a column' }));
    await user.click(screen.getByRole('button', { name: 'Remove column 3' }));
    await user.click(screen.getByRole('button', { name: 'Create and link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app-database/${app.id}/${version.id}`));
    expect(await screen.findByText('“Quiz scores” was created and linked to Essay helper.')).toBeInTheDocument();
    const [created] = Object.values(client.fake.data.databases);
    expect(created).toMatchObject({ name: 'Quiz scores', description: 'One row per attempt' });
    expect(created?.tables.map((table) => [table.name, table.columns])).toEqual([
      ['Attempts', [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }]],
    ]);
    expect(client.fake.data.apps[app.id]?.database_id).toBe(created?.id);
    expect(await screen.findByRole('heading', { name: 'Quiz scores' })).toBeInTheDocument();
  });

  it('when linking fails after creating, a retry links without creating a second database', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    client.fake.fail('apps.linkDatabase');
    const { router } = renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Sign-ups');
    await user.type(screen.getByRole('textbox', { name: /^Table name/ }), 'People');
    await user.type(screen.getByRole('textbox', { name: 'Column 1 name' }), 'email');
    await user.click(screen.getByRole('button', { name: 'Create and link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“Sign-ups” was created, but it could not be linked to this app');
    client.fake.heal('apps.linkDatabase');
    await user.click(screen.getByRole('button', { name: 'Try linking again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app-database/${app.id}/${version.id}`));
    expect(client.fake.calls('databases.create')).toHaveLength(1);
    expect(Object.keys(client.fake.data.databases)).toHaveLength(1);
  });

  it('a failed create keeps what was typed and says why', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    client.fake.fail('databases.create', new AppforgeError({ code: 'network_error', message: 'No connection to the server.', status: 0 }));
    renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Scores');
    await user.type(screen.getByRole('textbox', { name: /^Table name/ }), 'Rows');
    await user.clear(screen.getByRole('textbox', { name: 'Column 1 name' }));
    await user.click(screen.getByRole('button', { name: 'Remove column 1' }));
    await user.click(screen.getByRole('button', { name: 'Create and link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database could not be created: No connection to the server.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Scores');
  });
});
