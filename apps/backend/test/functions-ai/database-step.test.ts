// run-app's `database` steps: an app writes to and reads from its owner's database (the one linked
// as App.database_id), also when a signed-out visitor runs it; nothing else is reachable, and values
// of the wrong type fail the step without writing anything.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { runEvents, seedApp, signedIn } from './helpers.js';
import type { SseEvent } from './helpers.js';

const COLUMNS = [
  { name: 'Name', type: 'text' },
  { name: 'Age', type: 'number' },
  { name: 'Member', type: 'boolean' },
  { name: 'Joined', type: 'date' },
  { name: 'Extra', type: 'json' },
];

let backend: TestBackend;

/** A database of `ownerId` with a "People" table, and its rows (oldest first). */
async function seedDatabase(ownerId: string, rows: Record<string, unknown>[] = []): Promise<{ databaseId: string; tableId: string }> {
  const database = await backend.db.query<{ id: string }>('insert into public."Database" (owner_id, name) values ($1, $2) returning id', [
    ownerId,
    'Club',
  ]);
  const databaseId = database.rows[0]?.id ?? '';
  const table = await backend.db.query<{ id: string }>(
    'insert into public."DatabaseTable" (database_id, name, columns) values ($1, $2, $3) returning id',
    [databaseId, 'People', JSON.stringify(COLUMNS)],
  );
  const tableId = table.rows[0]?.id ?? '';
  for (const [i, data] of rows.entries()) {
    // Distinct, increasing times: reads return the oldest rows first.
    await backend.db.query(`insert into public."DatabaseRow" (table_id, data, created_at) values ($1, $2, now() + make_interval(secs => $3))`, [
      tableId,
      JSON.stringify(data),
      i,
    ]);
  }
  return { databaseId, tableId };
}

async function link(appId: string, databaseId: string): Promise<void> {
  await backend.db.query('update public."App" set database_id = $2 where id = $1', [appId, databaseId]);
}

async function rowsOf(tableId: string): Promise<Record<string, unknown>[]> {
  const result = await backend.db.query<{ data: Record<string, unknown> }>(
    'select data from public."DatabaseRow" where table_id = $1 order by created_at, id',
    [tableId],
  );
  return result.rows.map((row) => row.data);
}

/** Ask for a name, age, membership and joining date; save them; find people by name; show them. */
function signUpSpec(databaseId: string, tableId: string, options: { values?: Record<string, string>; filters?: unknown[] } = {}): Record<string, unknown> {
  return {
    entryStepId: 'ask',
    steps: [
      {
        id: 'ask',
        kind: 'input',
        title: 'Sign up',
        config: {
          fields: [
            { type: 'long_text', name: 'name', label: 'Name', required: true },
            { type: 'text', name: 'age', label: 'Age', required: true },
            { type: 'text', name: 'member', label: 'Member?', required: true },
            { type: 'text', name: 'joined', label: 'Joined', required: true },
          ],
        },
      },
      {
        id: 'save',
        kind: 'database',
        title: 'Save',
        config: {
          databaseId,
          tableId,
          operation: 'write',
          values: options.values ?? { Name: 'name', Age: 'age', Member: 'member', Joined: 'joined' },
        },
      },
      {
        id: 'find',
        kind: 'database',
        title: 'Find',
        config: {
          databaseId,
          tableId,
          operation: 'read',
          filters: options.filters ?? [{ column: 'Name', op: 'eq', variable: 'name' }],
          outputVariable: 'people',
        },
      },
      { id: 'show', kind: 'output', title: 'Members', config: { template: 'Found: {{people}}' } },
    ],
  };
}

/** Read only: asks for the filter values and shows what the read step found. */
function searchSpec(databaseId: string, tableId: string, filters: unknown[], limit = 50): Record<string, unknown> {
  return {
    entryStepId: 'ask',
    steps: [
      {
        id: 'ask',
        kind: 'input',
        title: 'Search',
        config: {
          fields: [
            { type: 'text', name: 'q', label: 'Query' },
            { type: 'text', name: 'from', label: 'From' },
          ],
        },
      },
      { id: 'find', kind: 'database', title: 'Find', config: { databaseId, tableId, operation: 'read', filters, limit, outputVariable: 'people' } },
      { id: 'show', kind: 'output', title: 'Results', config: { template: '{{people}}' } },
    ],
  };
}

function outputOf(events: SseEvent[], stepId: string): unknown {
  return events.find((event) => event.event === 'step_output' && event.data.stepId === stepId)?.data.value;
}

function failure(events: SseEvent[]): { stepId?: string; code?: string; message?: string } {
  const last = events.at(-1);
  expect(last?.event).toBe('run_failed');
  return last?.data ?? {};
}

const ada = { name: 'Ada', age: '36', member: 'yes', joined: '2024-05-01' };

describe.each(DATABASES)('database steps on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  it('a signed-out visitor of a deployed app saves a row and reads it back, typed, with its id', async () => {
    const owner = await signedIn(backend);
    const { databaseId, tableId } = await seedDatabase(owner.id, [{ Name: 'Grace', Age: 85 }]);
    const { appId } = await seedApp(backend, owner.id, { spec: signUpSpec(databaseId, tableId) });
    await link(appId, databaseId);

    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: ada });
    expect(events.at(-1)?.event).toBe('run_done');
    const stored = { Name: 'Ada', Age: 36, Member: true, Joined: '2024-05-01' };
    expect(await rowsOf(tableId)).toEqual([{ Name: 'Grace', Age: 85 }, stored]);
    const rowId = (await backend.db.query<{ id: string }>(`select id from public."DatabaseRow" where table_id = $1 and data ->> 'Name' = 'Ada'`, [tableId]))
      .rows[0]?.id;
    expect(outputOf(events, 'save')).toEqual({ ...stored, id: rowId });
    expect(outputOf(events, 'find')).toEqual([{ ...stored, id: rowId }]);
    const shown = (events.at(-1)?.data as { outputs: { markdown: string }[] }).outputs[0]?.markdown;
    expect(shown).toContain('Ada');
    expect(shown).not.toContain('Grace');
  });

  it('filters compare numbers as numbers, dates as dates, text in any case for contains, and honour the limit', async () => {
    const owner = await signedIn(backend);
    const { databaseId, tableId } = await seedDatabase(owner.id, [
      { Name: 'Ada Lovelace', Age: 36, Joined: '1843-01-01', Member: true },
      { Name: 'Grace Hopper', Age: 85, Joined: '1944-06-01', Member: false },
      { Name: 'Linus', Age: 9, Joined: '2001-03-15' },
      { Name: 'Alan Turing', Age: 41, Joined: '1936-11-12', Member: true },
    ]);
    const names = async (filters: unknown[], inputs: Record<string, string>, limit?: number): Promise<string[]> => {
      const { appId } = await seedApp(backend, owner.id, { spec: searchSpec(databaseId, tableId, filters, limit) });
      await link(appId, databaseId);
      const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs });
      expect(events.at(-1)?.event).toBe('run_done');
      return (outputOf(events, 'find') as { Name: string }[]).map((row) => row.Name);
    };
    // As text, "9" would sort after "10".
    expect(await names([{ column: 'Age', op: 'gte', variable: 'q' }], { q: '10' })).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(await names([{ column: 'Age', op: 'lt', variable: 'q' }], { q: '40' })).toEqual(['Ada Lovelace', 'Linus']);
    expect(await names([{ column: 'Age', op: 'eq', variable: 'q' }], { q: '36.0' })).toEqual(['Ada Lovelace']);
    expect(await names([{ column: 'Joined', op: 'lt', variable: 'q' }], { q: '1940-01-01' })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(
      await names(
        [
          { column: 'Joined', op: 'gte', variable: 'from' },
          { column: 'name', op: 'contains', variable: 'q' },
        ],
        { from: '1900-01-01', q: 'N' },
      ),
    ).toEqual(['Linus', 'Alan Turing']);
    expect(await names([{ column: 'Member', op: 'eq', variable: 'q' }], { q: 'yes' })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await names([{ column: 'Name', op: 'neq', variable: 'q' }], { q: 'Linus' })).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(await names([], { q: 'anything' }, 2)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // Hostile filter text is a value, never SQL.
    expect(await names([{ column: 'Name', op: 'eq', variable: 'q' }], { q: "x' or '1'='1" })).toEqual([]);
    expect(await names([{ column: 'Name', op: 'contains', variable: 'q' }], { q: '%' })).toEqual([]);
  });

  it('a step pointing at another user\'s database fails with a reason and writes nothing there', async () => {
    const owner = await signedIn(backend);
    const stranger = await signedIn(backend);
    const mine = await seedDatabase(owner.id);
    const theirs = await seedDatabase(stranger.id, [{ Name: 'Private' }]);

    // Linked to the owner's database, but the steps name the stranger's.
    const linked = await seedApp(backend, owner.id, { spec: signUpSpec(theirs.databaseId, theirs.tableId) });
    await link(linked.appId, mine.databaseId);
    // Not linked at all.
    const unlinked = await seedApp(backend, owner.id, { spec: signUpSpec(theirs.databaseId, theirs.tableId) });
    for (const appId of [linked.appId, unlinked.appId]) {
      const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: ada });
      const failed = failure(events);
      expect(failed).toMatchObject({ stepId: 'save', code: 'database_error' });
      expect(failed.message).toContain('This app is not linked to that database.');
    }
    // The right database, someone else's table in it.
    const foreignTable = await seedApp(backend, owner.id, { spec: signUpSpec(mine.databaseId, theirs.tableId) });
    await link(foreignTable.appId, mine.databaseId);
    const events = await runEvents(backend, { app_id: foreignTable.appId, visitor_session: randomUUID(), inputs: ada });
    expect(failure(events).message).toContain(`The table ${theirs.tableId} no longer exists.`);

    expect(await rowsOf(theirs.tableId)).toEqual([{ Name: 'Private' }]);
    expect(await rowsOf(mine.tableId)).toEqual([]);
    // Nor can the link itself be pointed at the stranger's database.
    await expect(link(linked.appId, theirs.databaseId)).rejects.toThrow('An app can only use a database that belongs to its owner.');
  });

  it('a deleted table fails the step in words', async () => {
    const owner = await signedIn(backend);
    const { databaseId, tableId } = await seedDatabase(owner.id);
    const { appId } = await seedApp(backend, owner.id, { spec: signUpSpec(databaseId, tableId) });
    await link(appId, databaseId);
    await backend.db.query('delete from public."DatabaseTable" where id = $1', [tableId]);
    const failed = failure(await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: ada }));
    expect(failed.message).toBe(`Step “Save”: the database said: The table ${tableId} no longer exists.`);
  });

  it('values of the wrong type, and unknown columns, fail the step and write nothing', async () => {
    const owner = await signedIn(backend);
    const { databaseId, tableId } = await seedDatabase(owner.id);
    const { appId } = await seedApp(backend, owner.id, { spec: signUpSpec(databaseId, tableId) });
    await link(appId, databaseId);
    const run = async (inputs: Record<string, string>) => failure(await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs }));

    const badNumber = await run({ ...ada, age: 'forty' });
    expect(badNumber).toMatchObject({ stepId: 'save', code: 'database_error' });
    expect(badNumber.message).toContain('Column "Age" needs a number, not "forty".');
    const several = await run({ ...ada, member: 'maybe', joined: '2024-02-30' });
    expect(several.message).toContain('Column "Member" needs true or false (or yes or no), not "maybe".');
    expect(several.message).toContain('Column "Joined" needs a date written yyyy-mm-dd, not "2024-02-30".');
    expect((await run({ ...ada, name: 'x'.repeat(10_001) })).message).toContain('Column "Name" holds at most 10,000 characters');

    const unknown = await seedApp(backend, owner.id, { spec: signUpSpec(databaseId, tableId, { values: { Name: 'name', Colour: 'age' } }) });
    await link(unknown.appId, databaseId);
    const unknownColumn = failure(await runEvents(backend, { app_id: unknown.appId, visitor_session: randomUUID(), inputs: ada }));
    expect(unknownColumn.message).toContain('The table "People" has no column "Colour".');
    expect(await rowsOf(tableId)).toEqual([]);

    // A read on an unknown column, or with a value the column cannot compare, names it too.
    const badFilter = await seedApp(backend, owner.id, { spec: searchSpec(databaseId, tableId, [{ column: 'Shoe size', op: 'eq', variable: 'q' }]) });
    await link(badFilter.appId, databaseId);
    const filterFailed = failure(await runEvents(backend, { app_id: badFilter.appId, visitor_session: randomUUID(), inputs: { q: '1' } }));
    expect(filterFailed.message).toContain('The table "People" has no column "Shoe size".');
    const badValue = await seedApp(backend, owner.id, { spec: searchSpec(databaseId, tableId, [{ column: 'Age', op: 'gt', variable: 'q' }]) });
    await link(badValue.appId, databaseId);
    const valueFailed = failure(await runEvents(backend, { app_id: badValue.appId, visitor_session: randomUUID(), inputs: { q: 'old' } }));
    expect(valueFailed.message).toContain('The filter on "Age" needs a number, not "old".');
  });
});
