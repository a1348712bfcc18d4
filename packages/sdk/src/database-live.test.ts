// The live grid's signal on the embedded backend (supabase/migrations/20261125103100_…): a write to
// a table's rows by anyone (here the service role, as run-app writes an app's `database` step)
// reaches the owner as one DatabaseTableStats change per statement, with the new count; another
// user hears nothing and cannot read or write the counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteBackend } from '../test/remote-backend';
import type { RemoteBackend } from '../test/remote-backend';
import type { LiveChange } from './live';

async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('live database tables (DatabaseTableStats)', () => {
  let backend: RemoteBackend;

  beforeAll(() => {
    backend = remoteBackend();
  });

  afterAll(async () => {
    await backend.stopClients();
  });

  it('tells the owner once per writing statement with the new row count; nobody else hears or reads it', async () => {
    const owner = await backend.signedInUser('stats-owner');
    const other = await backend.signedInUser('stats-other');
    const database = await backend.admin.from('Database').insert({ owner_id: owner.id, name: 'Live' }).select('id').single();
    if (database.error) throw new Error(database.error.message);
    const table = await backend.admin
      .from('DatabaseTable')
      .insert({ database_id: database.data.id, name: 'Log', columns: [{ name: 'Line', type: 'text' }] })
      .select('id')
      .single();
    if (table.error) throw new Error(table.error.message);
    const tableId = table.data.id;
    const heard: LiveChange[] = [];
    const overheard: LiveChange[] = [];
    const stopOwner = owner.client.live.subscribe({ table: 'DatabaseTableStats', match: { column: 'table_id', value: tableId } }, (change) => heard.push(change));
    const stopOther = other.client.live.subscribe({ table: 'DatabaseTableStats' }, (change) => overheard.push(change));
    await until(() => owner.client.supabase.getChannels().every((channel) => channel.state === 'joined'), 'owner channel joined');
    await until(() => other.client.supabase.getChannels().every((channel) => channel.state === 'joined'), 'other channel joined');

    const many = await backend.admin.from('DatabaseRow').insert(Array.from({ length: 25 }, (_, i) => ({ table_id: tableId, data: { Line: `line ${i}` } })));
    if (many.error) throw new Error(many.error.message);
    await until(() => heard.length === 1, 'the insert statement');
    expect(heard[0]).toMatchObject({ eventType: 'UPDATE', new: { table_id: tableId, row_count: 25 } });

    const gone = await owner.client.supabase.from('DatabaseRow').delete().eq('table_id', tableId).like('data->>Line', 'line 1%');
    if (gone.error) throw new Error(gone.error.message);
    await until(() => heard.length === 2, 'the delete statement');
    expect(heard[1]?.new).toMatchObject({ row_count: 14 });
    expect((await owner.client.databases.tableCounts([database.data.id]))[0]?.row_count).toBe(14);

    // Another user: no change heard, no counter read, no counter written.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(overheard).toEqual([]);
    expect((await other.client.supabase.from('DatabaseTableStats').select('row_count').eq('table_id', tableId)).data).toEqual([]);
    const forged = await owner.client.supabase.from('DatabaseTableStats').update({ row_count: 0 }).eq('table_id', tableId);
    expect(forged.error?.code).toBe('42501');
    expect((await backend.admin.from('DatabaseTableStats').select('row_count').eq('table_id', tableId).single()).data?.row_count).toBe(14);
    stopOwner();
    stopOther();
  });
});
