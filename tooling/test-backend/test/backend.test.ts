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

describe('a test file’s backend options', () => {
  it('refuses a model provider off loopback, a bad rate limit and a non-boolean production, and starts none', async () => {
    for (const [options, message] of [
      [{ model: { baseUrl: 'https://api.openai.com/v1', name: 'gpt' } }, 'model.baseUrl must be an http://127.0.0.1:<port> address'],
      [{ model: { baseUrl: 'http://127.0.0.1:1/v1', name: 'a b' } }, 'model.name must be a model name'],
      [{ runRateLimitPerMinute: 0 }, 'runRateLimitPerMinute must be a whole number from 1'],
      [{ runRateLimitPerMinute: 1.5 }, 'runRateLimitPerMinute must be a whole number from 1'],
      [{ production: 'yes' }, 'production must be true or false'],
    ] as const) {
      await expect(startAppforgeBackend(options as never)).rejects.toThrow(message);
    }
  });
});
