import { makeDatabase, makeDatabaseTable, makeRun, makeSpec } from '@appforge/sdk/testing';
import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

// jsdom does not paint, so colour contrast is left to the browser (e2e axe run).
const options: axe.RunOptions = { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } };

async function violations(): Promise<string[]> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const result = await axe.run(document.body, options);
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

describe('accessibility of the home and the step editor (axe)', () => {
  it('home with apps and runs, and the step list', async () => {
    const { client, app, version } = seedApp();
    const run = makeRun({ app_id: app.id });
    client.fake.data.runs[run.id] = { run, steps: [], state: null };
    const home = renderRoutes(client, '/');
    await screen.findByRole('heading', { name: 'Essay helper' });
    await screen.findByText('Finished');
    expect(await violations()).toEqual([]);
    home.unmount();
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    await screen.findByRole('list', { name: 'Steps' });
    expect(await violations()).toEqual([]);
  });

  it('the AI step page with its prompt editor, and the next-step selector with conditions', async () => {
    const { client, app, version } = seedApp();
    const step = renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    await screen.findByRole('textbox', { name: 'System prompt (optional)' });
    expect(await violations()).toEqual([]);
    step.unmount();
    const next = renderRoutes(client, `/create-app/${app.id}/${version.id}/ask/next-step-selector`);
    await screen.findByRole('radio', { name: /Depends on an answer/ });
    expect(await violations()).toEqual([]);
    next.unmount();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write/delete`);
    await screen.findByRole('button', { name: 'Delete step' });
    expect(await violations()).toEqual([]);
  });

  it('deploy, change version and database pages', async () => {
    const { client, app, version } = seedApp({ deployed: true });
    const deploy = renderRoutes(client, `/create-app-deploy/${app.id}/${version.id}`);
    await screen.findByRole('heading', { name: /is what visitors see/ });
    expect(await violations()).toEqual([]);
    deploy.unmount();
    const change = renderRoutes(client, `/create-app-change-version/${app.id}/${version.id}`);
    await screen.findByRole('button', { name: 'Copy into a new draft' });
    expect(await violations()).toEqual([]);
    change.unmount();
    const empty = renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    await screen.findByRole('heading', { name: 'You have no databases yet' });
    expect(await violations()).toEqual([]);
    empty.unmount();
    const form = renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    await screen.findByRole('textbox', { name: /^Table name/ });
    expect(await violations()).toEqual([]);
    form.unmount();
  });

  it('the database page with a linked database, the new-database form with errors, and the database step form', async () => {
    const { client, app, version } = seedApp();
    const ownerId = client.fake.data.session?.user.id ?? '';
    const table = makeDatabaseTable({ name: 'Scores', columns: [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }] });
    const database = makeDatabase({ owner_id: ownerId, name: 'Class data', tables: [table] });
    client.fake.data.databases[database.id] = database;
    client.fake.data.apps[app.id] = { ...app, database_id: database.id };
    client.fake.data.versions[version.id] = {
      ...version,
      spec: makeSpec({
        steps: [
          { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
          {
            id: 'db',
            kind: 'database',
            title: 'Read',
            config: { databaseId: database.id, tableId: table.id, operation: 'read', outputVariable: 'rows', filters: [{ column: 'pupil', op: 'eq', variable: 'topic' }] },
          },
          { id: 'save', kind: 'database', title: 'Save', config: { databaseId: database.id, tableId: table.id, operation: 'write', values: { pupil: 'topic' } } },
        ],
      }),
    };
    const page = renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    await screen.findByRole('list', { name: 'Tables of Class data' });
    await screen.findByRole('radio', { name: /Class data/ });
    expect(await violations()).toEqual([]);
    page.unmount();
    const form = renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    (await screen.findByRole('button', { name: 'Create and link' })).click();
    await screen.findByText('Check the fields marked above.');
    expect(await violations()).toEqual([]);
    form.unmount();
    const read = renderRoutes(client, `/create-app/${app.id}/${version.id}/db`);
    await screen.findByRole('combobox', { name: 'Filter 1 value' });
    expect(await violations()).toEqual([]);
    read.unmount();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/save`);
    await screen.findByRole('combobox', { name: 'pupil (text)' });
    expect(await violations()).toEqual([]);
  });
});
