// On the real backend (@appforge/test-backend): the database and its tables are made through the
// SDK, linked to the app as the database page does, the draft's steps set through the SDK, and what
// the form saves is read back with the service role.
import type { AppSpec, DatabaseStep } from '@appforge/engine';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownApp, spec } from '../../shared/test/backend';
import { renderRoutes } from '../test-render';

const backend = setupAppforgeBackend();

function specWith(config: Partial<DatabaseStep['config']> & { databaseId: string; tableId: string }): AppSpec {
  return spec({
    entryStepId: 'ask',
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

const TOPIC_SPEC: AppSpec = spec({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Your topic', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Write three sentences about {{topic}}.', outputVariable: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
});

/** Ada's app (no database) with `appSpec` as its draft. */
async function seedApp(appSpec: AppSpec = TOPIC_SPEC, owner?: TestUser) {
  const who = owner ?? (await backend().signedInUser('ada'));
  const { appId, versionId } = await ownApp(who, { name: 'Essay helper', spec: appSpec });
  return { owner: who, client: who.client, appId, versionId };
}

/** An owner whose app is linked to her database "Class data" with the tables Scores and People. */
async function linkedApp(config: Partial<DatabaseStep['config']> = {}) {
  const owner = await backend().signedInUser('ada');
  const database = await owner.client.databases.create({
    name: 'Class data',
    tables: [
      { name: 'Scores', columns: [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }] },
      { name: 'People', columns: [{ name: 'email', type: 'text' }] },
    ],
  });
  const tableId = database.tables[0]?.id ?? '';
  const seeded = await seedApp(specWith({ databaseId: database.id, tableId, ...config }), owner);
  await owner.client.apps.linkDatabase(seeded.appId, database.id);
  return { ...seeded, database };
}

async function savedSpec(versionId: string): Promise<AppSpec> {
  const { data, error } = await backend().admin.from('AppVersion').select('spec').eq('id', versionId).single();
  if (error) throw new Error(error.message);
  return data.spec as unknown as AppSpec;
}

async function savedStep(versionId: string): Promise<DatabaseStep | undefined> {
  const step = (await savedSpec(versionId)).steps[1];
  return step?.kind === 'database' ? step : undefined;
}

describe('the database step form', () => {
  it('without a linked database, says so and links to choosing one', async () => {
    const { client, appId, versionId } = await seedApp(
      spec({
        entryStepId: 'ask',
        steps: [
          { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
          { id: 'db', kind: 'database', title: 'Save it', config: { databaseId: 'gone', tableId: 'gone', operation: 'write', values: { topic: 'topic' } } },
        ],
      }),
    );
    renderRoutes(client, `/create-app/${appId}/${versionId}/db`);
    expect(await screen.findByText('This app has no database yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose the app’s database' })).toHaveAttribute('href', `/create-app-database/${appId}/${versionId}`);
    expect(screen.queryByRole('combobox', { name: 'Table' })).not.toBeInTheDocument();
  });

  it('read: picks the table, filters on a column with an earlier answer, a limit and the rows’ name — and saves', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId } = await linkedApp();
    renderRoutes(client, `/create-app/${appId}/${versionId}/db`);
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
    await waitFor(async () =>
      expect((await savedStep(versionId))?.config).toMatchObject({
        operation: 'read',
        filters: [{ column: 'score', op: 'gte', variable: 'points' }],
        limit: 10,
        outputVariable: 'top_scores',
      }),
    );
  });

  it('read: a filter on a variable that is not set before the step shows the engine’s message live', async () => {
    const { client, appId, versionId, database } = await linkedApp();
    await client.versions.updateSpec(versionId, specWith({ databaseId: database.id, tableId: database.tables[0]?.id ?? '', filters: [{ column: 'pupil', op: 'eq', variable: 'nobody' }] }));
    renderRoutes(client, `/create-app/${appId}/${versionId}/db`);
    const value = await screen.findByRole('combobox', { name: 'Filter 1 value' });
    expect(value).toHaveDisplayValue('{{nobody}} (not set before this step)');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(/nobody/);
    expect(within(screen.getByRole('region', { name: 'This step' })).getByText(/nobody/)).toBeInTheDocument();
  });

  it('write: one answer per column (or nothing), saved as the step’s values', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId } = await linkedApp();
    renderRoutes(client, `/create-app/${appId}/${versionId}/db`);
    await user.click(await screen.findByRole('radio', { name: /Save a row/ }));
    const pupil = screen.getByRole('combobox', { name: 'pupil (text)' });
    const score = screen.getByRole('combobox', { name: 'score (number)' });
    expect(pupil).toHaveDisplayValue('Nothing (left empty)');
    await user.selectOptions(pupil, '{{name}} — Name (asked in “Your score”)');
    await user.selectOptions(score, '{{points}} — Points (asked in “Your score”)');
    await waitFor(async () => expect((await savedStep(versionId))?.config).toMatchObject({ operation: 'write', values: { pupil: 'name', score: 'points' } }));
    // Saving gives later steps nothing to read: the rows' name is gone, and comes back with Read.
    expect((await savedStep(versionId))?.config.outputVariable).toBeUndefined();
    await user.selectOptions(score, 'Nothing (left empty)');
    await waitFor(async () => expect((await savedStep(versionId))?.config.values).toEqual({ pupil: 'name' }));
    await user.click(screen.getByRole('radio', { name: /Read rows/ }));
    expect(screen.getByRole('textbox', { name: /Rows saved as/ })).toHaveValue('rows');
  });

  it('changing the table drops the filters on columns the new table does not have', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId, database } = await linkedApp();
    await client.versions.updateSpec(versionId, specWith({ databaseId: database.id, tableId: database.tables[0]?.id ?? '', filters: [{ column: 'pupil', op: 'eq', variable: 'name' }] }));
    renderRoutes(client, `/create-app/${appId}/${versionId}/db`);
    expect(await screen.findByRole('combobox', { name: 'Filter 1 column' })).toHaveDisplayValue('pupil');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Table' }), 'People');
    expect(screen.queryByRole('combobox', { name: 'Filter 1 column' })).not.toBeInTheDocument();
    await waitFor(async () => expect((await savedStep(versionId))?.config).toMatchObject({ tableId: database.tables[1]?.id, filters: [] }));
  });

  it('a step that points at a table the linked database does not have asks for a table', async () => {
    const { client, appId, versionId, database } = await linkedApp();
    await client.versions.updateSpec(versionId, specWith({ databaseId: crypto.randomUUID(), tableId: crypto.randomUUID() }));
    renderRoutes(client, `/create-app/${appId}/${versionId}/db`);
    const table = await screen.findByRole('combobox', { name: 'Table' });
    expect(table).toHaveDisplayValue('Choose a table');
    expect(table).toHaveAccessibleDescription(new RegExp(`not linked to the app. Choose a table of “${database.name}”`));
  });
});

describe('adding a database step', () => {
  it('is offered in the add-step menu and reads the first table of the linked database', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId, database } = await linkedApp();
    const { router } = renderRoutes(client, `/create-app/${appId}/${versionId}`);
    await user.click(await screen.findByRole('button', { name: 'Add a step after Result' }));
    await user.click(within(screen.getByRole('group', { name: 'Add a step after Result' })).getByRole('button', { name: 'Database' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${appId}/${versionId}/database`));
    await waitFor(async () => {
      const added = (await savedSpec(versionId)).steps.at(-1);
      expect(added).toMatchObject({ kind: 'database', title: 'Read Scores', config: { databaseId: database.id, tableId: database.tables[0]?.id, operation: 'read', outputVariable: 'rows_2' } });
    });
  });

  it('without a linked database, the menu leads to linking one instead', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId } = await seedApp();
    renderRoutes(client, `/create-app/${appId}/${versionId}`);
    await user.click(await screen.findByRole('button', { name: 'Add a step after Result' }));
    const group = screen.getByRole('group', { name: 'Add a step after Result' });
    expect(within(group).getByRole('link', { name: 'Database: link one first' })).toHaveAttribute('href', `/create-app-database/${appId}/${versionId}`);
    expect(within(group).queryByRole('button', { name: 'Database' })).not.toBeInTheDocument();
  });
});
