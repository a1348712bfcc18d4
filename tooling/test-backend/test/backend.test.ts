import { describe, expect, it } from 'vitest';
import { startAppforgeBackend, setupAppforgeBackend } from '../src/index';

const backend = setupAppforgeBackend();

describe('a test file’s backend', () => {
  it('has the migrated schema, row-level security and real sign-in', async () => {
    const ada = await backend().signedInUser('ada');
    const grace = await backend().signedInUser('grace');
    const made = await backend().admin.from('App').insert({ owner_id: ada.id, name: 'Ada’s app' }).select('id').single();
    expect(made.error).toBeNull();
    expect((await ada.client.supabase.from('App').select('name')).data).toEqual([{ name: 'Ada’s app' }]);
    // Another user does not see it: the policies of the migrations are in force.
    expect((await grace.client.supabase.from('App').select('name')).data).toEqual([]);
    // A hostile request body is refused by the real REST layer, not by a fake.
    const refused = await grace.client.supabase.from('App').insert({ owner_id: ada.id, name: 'planted' });
    expect(refused.error).not.toBeNull();
  });

  it('is the file’s own: another backend started from the snapshot has none of its rows', async () => {
    await backend().admin.from('App').insert({ owner_id: (await backend().signedInUser('eve')).id, name: 'Only here' });
    const other = await startAppforgeBackend();
    try {
      expect(other.url).not.toBe(backend().url);
      expect((await other.admin.from('App').select('name').eq('name', 'Only here')).data).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});
