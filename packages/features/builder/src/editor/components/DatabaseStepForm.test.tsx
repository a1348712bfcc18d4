import type { AppSpec, DatabaseStep } from '@appforge/engine';
import { createFakeAppforgeClient, makeDatabase, makeDatabaseTable, makeSpec } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

const scores = makeDatabaseTable({ name: 'Scores', columns: [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }] });
const people = makeDatabaseTable({ name: 'People', columns: [{ name: 'email', type: 'text' }] });

function specWith(config: Partial<DatabaseStep['config']> & { databaseId: string; tableId: string }): AppSpec {
  return makeSpec({
    steps: [
      {
        id: 'ask',
        kind: 'input',
        title: 'Your score',
        config: {
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true },
            { name: 'points', label: 'Points', type: 'number', required: true },
          ],
        },
      },
      { id: 'db', kind: 'database', title: 'The scores', config: { operation: 'read', outputVariable: 'rows', ...config } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: 'Done' } },
    ],
  });
}

/** An owner whose app is linked to a database with the tables Scores and People. */
function linkedApp(config: Partial<DatabaseStep['config']> = {}) {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const database = makeDatabase({ owner_id: session.user.id, name: 'Class data', tables: [scores, people] });
  client.fake.data.databases[database.id] = database;
  const tableId = database.tables[0]?.id ?? '';
  const seeded = seedApp({ client, app: { database_id: database.id }, spec: specWith({ databaseId: database.id, tableId, ...config }) });
  return { ...seeded, database };
}

function savedStep(client: ReturnType<typeof linkedApp>['client'], versionId: string): DatabaseStep | undefined {
  const step = client.fake.data.versions[versionId]?.spec.steps[1];
  return step?.kind === 'database' ? step : undefined;
}

describe('the database step form', () => {
  it('without a linked database, says so and links to choosing one', async () => {
    const { client, app, version } = seedApp({
      spec: makeSpec({
        steps: [
          { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
          { id: 'db', kind: 'database', title: 'Save it', config: { databaseId: 'gone', tableId: 'gone', operation: 'write', values: { topic: 'topic' } } },
        ],
      }),
    });
    renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    expect(await screen.findByText('This app has no database yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose the app’s database' })).toHaveAttribute('href', `/create-app-database/${app.id}/${version.id}`);
    expect(screen.queryByRole('combobox', { name: 'Table' })).not.toBeInTheDocument();
  });

  it('read: picks the table, filters on a column with an earlier answer, a limit and the rows’ name — and saves', async () => {
    const user = userEvent.setup();
    const { client, app, version } = linkedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    const table = await screen.findByRole('combobox', { name: 'Table' });
    expect(table).toHaveDisplayValue('Scores');
    expect(within(table).getAllByRole('option').map((option) => option.textContent)).toEqual(['Scores', 'People']);
    expect(screen.getByRole('radio', { name: /Read rows/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add a filter' }));
    const column = screen.getByRole('combobox', { name: 'Filter 1 column' });
    expect(within(column).getAllByRole('option').map((option) => option.textContent)).toEqual(['pupil', 'score']);
    await user.selectOptions(column, 'score');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 comparison' }), 'is at least');
    const value = screen.getByRole('combobox', { name: 'Filter 1 value' });
    // Only what is set before this step: the answers of “Your score”, not the later steps’.
    expect(within(value).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '{{name}} — Name (asked in “Your score”)',
      '{{points}} — Points (asked in “Your score”)',
    ]);
    await user.selectOptions(value, '{{points}} — Points (asked in “Your score”)');
    const limit = screen.getByRole('spinbutton', { name: /Most rows to read/ });
    await user.clear(limit);
    await user.type(limit, '10');
    const rows = screen.getByRole('textbox', { name: /Rows saved as/ });
    await user.clear(rows);
    await user.type(rows, 'top scores');
    await waitFor(() =>
      expect(savedStep(client, version.id)?.config).toMatchObject({
        operation: 'read',
        filters: [{ column: 'score', op: 'gte', variable: 'points' }],
        limit: 10,
        outputVariable: 'top_scores',
      }),
    );
  });

  it('read: a filter on a variable that is not set before the step shows the engine’s message live', async () => {
    const { client, app, version, database } = linkedApp();
    client.fake.data.versions[version.id] = {
      ...version,
      spec: specWith({ databaseId: database.id, tableId: database.tables[0]?.id ?? '', filters: [{ column: 'pupil', op: 'eq', variable: 'nobody' }] }),
    };
    renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    const value = await screen.findByRole('combobox', { name: 'Filter 1 value' });
    expect(value).toHaveDisplayValue('{{nobody}} (not set before this step)');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(/nobody/);
    expect(within(screen.getByRole('region', { name: 'This step' })).getByText(/nobody/)).toBeInTheDocument();
  });

  it('write: one answer per column (or nothing), saved as the step’s values', async () => {
    const user = userEvent.setup();
    const { client, app, version } = linkedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    await user.click(await screen.findByRole('radio', { name: /Save a row/ }));
    const pupil = screen.getByRole('combobox', { name: 'pupil (text)' });
    const score = screen.getByRole('combobox', { name: 'score (number)' });
    expect(pupil).toHaveDisplayValue('Nothing (left empty)');
    await user.selectOptions(pupil, '{{name}} — Name (asked in “Your score”)');
    await user.selectOptions(score, '{{points}} — Points (asked in “Your score”)');
    await waitFor(() => expect(savedStep(client, version.id)?.config).toMatchObject({ operation: 'write', values: { pupil: 'name', score: 'points' } }));
    // Saving gives later steps nothing to read: the rows' name is gone, and comes back with Read.
    expect(savedStep(client, version.id)?.config.outputVariable).toBeUndefined();
    await user.selectOptions(score, 'Nothing (left empty)');
    await waitFor(() => expect(savedStep(client, version.id)?.config.values).toEqual({ pupil: 'name' }));
    await user.click(screen.getByRole('radio', { name: /Read rows/ }));
    expect(screen.getByRole('textbox', { name: /Rows saved as/ })).toHaveValue('rows');
  });

  it('changing the table drops the filters on columns the new table does not have', async () => {
    const user = userEvent.setup();
    const { client, app, version, database } = linkedApp();
    client.fake.data.versions[version.id] = {
      ...version,
      spec: specWith({ databaseId: database.id, tableId: database.tables[0]?.id ?? '', filters: [{ column: 'pupil', op: 'eq', variable: 'name' }] }),
    };
    renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    expect(await screen.findByRole('combobox', { name: 'Filter 1 column' })).toHaveDisplayValue('pupil');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Table' }), 'People');
    expect(screen.queryByRole('combobox', { name: 'Filter 1 column' })).not.toBeInTheDocument();
    await waitFor(() => expect(savedStep(client, version.id)?.config).toMatchObject({ tableId: database.tables[1]?.id, filters: [] }));
  });

  it('a step that points at a table the linked database does not have asks for a table', async () => {
    const { client, app, version, database } = linkedApp();
    client.fake.data.versions[version.id] = { ...version, spec: specWith({ databaseId: crypto.randomUUID(), tableId: crypto.randomUUID() }) };
    renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    const table = await screen.findByRole('combobox', { name: 'Table' });
    expect(table).toHaveDisplayValue('Choose a table');
    expect(table).toHaveAccessibleDescription(new RegExp(`not linked to the app. Choose a table of “${database.name}”`));
  });
});

describe('adding a database step', () => {
  it('is offered in the add-step menu and reads the first table of the linked database', async () => {
    const user = userEvent.setup();
    const { client, app, version, database } = linkedApp();
    const { router } = renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Add a step after Result' }));
    await user.click(within(screen.getByRole('group', { name: 'Add a step after Result' })).getByRole('button', { name: 'Database' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${app.id}/${version.id}/database`));
    await waitFor(() => {
      const added = client.fake.data.versions[version.id]?.spec.steps.at(-1);
      expect(added).toMatchObject({ kind: 'database', title: 'Read Scores', config: { databaseId: database.id, tableId: database.tables[0]?.id, operation: 'read', outputVariable: 'rows_2' } });
    });
  });

  it('without a linked database, the menu leads to linking one instead', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Add a step after Result' }));
    const group = screen.getByRole('group', { name: 'Add a step after Result' });
    expect(within(group).getByRole('link', { name: 'Database: link one first' })).toHaveAttribute('href', `/create-app-database/${app.id}/${version.id}`);
    expect(within(group).queryByRole('button', { name: 'Database' })).not.toBeInTheDocument();
  });
});
