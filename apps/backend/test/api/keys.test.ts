// create-api-key / revoke-api-key / rotate-api-key, the ApiKey tables' row-level security, and
// the key's value appearing nowhere after it was shown once.
import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, signedIn } from '../functions-ai/helpers.js';
import { api, apiApp, createKey } from './helpers.js';

let backend: TestBackend;
let logged = '';

async function keyRows(id: string): Promise<Record<string, unknown>[]> {
  return (await backend.db.query<Record<string, unknown>>('select * from public."ApiKey" where id = $1', [id])).rows;
}

describe.each(DATABASES)('on %s', (database) => {
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8');
        done();
      },
    });
    backend = await startTestBackend({ database, logger: pino({ level: 'trace' }, sink) });
  });
  afterAll(() => backend.stop());

  it('creates a key shown once: af_ + prefix + 43 base62 characters, stored only as its SHA-256', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const response = await callFunction(
      backend,
      'create-api-key',
      { name: '  CI key ', app_ids: [appId], expires_at: new Date(Date.now() + 86_400_000).toISOString(), rate_limit_per_minute: 30 },
      owner.token,
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(created).sort()).toEqual(['app_ids', 'expires_at', 'id', 'key', 'name', 'prefix', 'rate_limit_per_minute']);
    const key = String(created.key);
    expect(key).toMatch(/^af_[0-9A-Za-z]{8}[0-9A-Za-z]{43}$/);
    expect(created).toMatchObject({ name: 'CI key', prefix: key.slice(0, 11), app_ids: [appId], rate_limit_per_minute: 30 });

    const [row] = await keyRows(String(created.id));
    expect(row?.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row?.owner_id).toBe(owner.id);

    // Use the key once, so runs, usage and logs have had their chance to hold it.
    const run = await api(backend, `v1/apps/${appId}/runs`, { key, body: { inputs: { topic: 'tides' } } });
    expect(run.status).toBe(200);
    const secret = key.slice(11);
    const dump = await backend.db.query<{ t: string }>(
      `select concat_ws(' ', (select json_agg(k)::text from public."ApiKey" k), (select json_agg(d)::text from public."ApiKeyUsageDay" d),
        (select json_agg(r)::text from public."AppRun" r), (select json_agg(s)::text from public."AppRunStep" s)) as t`,
    );
    expect(dump.rows[0]?.t).toContain(String(created.prefix));
    expect(dump.rows[0]?.t).not.toContain(secret);
    expect(logged).toContain('api key created');
    expect(logged).not.toContain(secret);

    // The owner's own reads never carry the key or its hash.
    const listed = await owner.client.from('ApiKey').select('*');
    expect(listed.error?.message ?? '').toMatch(/permission denied/i);
    const visible = await owner.client.from('ApiKey').select('id, name, prefix, app_ids, runs_count, last_used_at');
    expect(visible.data).toHaveLength(1);
    expect(JSON.stringify(visible.data)).not.toContain(secret);
    const hash = await owner.client.from('ApiKey').select('key_hash');
    expect(hash.error?.message).toMatch(/permission denied/i);
  });

  it('refuses bad bodies, other users’ apps, past expiries and the anon key, creating nothing', async () => {
    const owner = await signedIn(backend);
    const other = await signedIn(backend);
    const { appId: foreignApp } = await apiApp(backend, other.id);
    const cases: [unknown, string][] = [
      [{ name: '', app_ids: null, expires_at: null }, 'name'],
      [{ name: 'x'.repeat(101), app_ids: null, expires_at: null }, 'name'],
      [{ name: 'k', app_ids: [foreignApp], expires_at: null }, foreignApp],
      [{ name: 'k', app_ids: [], expires_at: null }, 'app_ids'],
      [{ name: 'k', app_ids: ['not-a-uuid'], expires_at: null }, 'app_ids'],
      [{ name: 'k', app_ids: null, expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'k', app_ids: null, expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: 'k', app_ids: null, expires_at: null, rate_limit_per_minute: 0 }, 'rate_limit_per_minute'],
      [{ name: 'k', app_ids: null, expires_at: null, rate_limit_per_minute: 1.5 }, 'rate_limit_per_minute'],
      [{ name: 'k', app_ids: null, expires_at: null, owner_id: other.id }, 'owner_id'],
      [{ name: 'k' }, 'app_ids'],
      ['[1,2]', 'object'],
    ];
    for (const [body, mentioned] of cases) {
      const response = await callFunction(backend, 'create-api-key', body, owner.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { code: string; message: string };
      expect(error.message).toContain(mentioned);
    }
    const anon = await callFunction(backend, 'create-api-key', { name: 'k', app_ids: null, expires_at: null });
    expect(anon.status).toBe(401);
    const count = await backend.db.query<{ n: number }>('select count(*)::int as n from public."ApiKey" where owner_id = $1', [owner.id]);
    expect(count.rows[0]?.n).toBe(0);
  });

  it('lets nobody but the owner read a key or its usage, and no browser role write either table', async () => {
    const owner = await signedIn(backend);
    const other = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const created = await createKey(backend, owner, { app_ids: [appId] });
    await api(backend, `v1/apps/${appId}/runs`, { key: created.key, body: { inputs: { topic: 'tides' } } });

    expect((await owner.client.from('ApiKeyUsageDay').select('runs').eq('api_key_id', created.id)).data).toEqual([{ runs: 1 }]);
    expect((await other.client.from('ApiKey').select('id').eq('id', created.id)).data).toEqual([]);
    expect((await other.client.from('ApiKeyUsageDay').select('runs').eq('api_key_id', created.id)).data).toEqual([]);
    expect((await backend.client().from('ApiKey').select('id')).error?.message).toMatch(/permission denied/i);
    expect((await backend.client().from('ApiKeyUsageDay').select('runs')).error?.message).toMatch(/permission denied/i);

    for (const user of [owner, other]) {
      const inserted = await user.client.from('ApiKey').insert({ owner_id: user.id, name: 'x', prefix: 'af_AAAAAAAA', key_hash: 'a'.repeat(64) });
      expect(inserted.error?.message).toMatch(/permission denied/i);
      const updated = await user.client.from('ApiKey').update({ revoked_at: null, rate_limit_per_minute: 10000, app_ids: null }).eq('id', created.id);
      expect(updated.error?.message).toMatch(/permission denied/i);
      const deleted = await user.client.from('ApiKey').delete().eq('id', created.id);
      expect(deleted.error?.message).toMatch(/permission denied/i);
      const usage = await user.client.from('ApiKeyUsageDay').insert({ api_key_id: created.id, day: '2030-01-01', runs: 5 });
      expect(usage.error?.message).toMatch(/permission denied/i);
      const usageUpdate = await user.client.from('ApiKeyUsageDay').update({ runs: 0 }).eq('api_key_id', created.id);
      expect(usageUpdate.error?.message).toMatch(/permission denied/i);
      const usageDelete = await user.client.from('ApiKeyUsageDay').delete().eq('api_key_id', created.id);
      expect(usageDelete.error?.message).toMatch(/permission denied/i);
      const metered = await user.client.rpc('record_api_key_usage', { p_api_key_id: created.id, p_runs: 100, p_input_tokens: 0, p_output_tokens: 0, p_errors: 0 });
      expect(metered.error).not.toBeNull();
    }
    const [row] = await keyRows(created.id);
    expect(row).toMatchObject({ revoked_at: null, rate_limit_per_minute: 60, app_ids: [appId] });
    expect(Number(row?.runs_count)).toBe(1);
  });

  it('revokes only the owner’s key, at once; revoking twice keeps the first time', async () => {
    const owner = await signedIn(backend);
    const other = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const created = await createKey(backend, owner);
    expect((await api(backend, `v1/apps/${appId}`, { key: created.key })).status).toBe(200);

    const foreign = await callFunction(backend, 'revoke-api-key', { id: created.id }, other.token);
    expect(foreign.status).toBe(404);
    expect((await keyRows(created.id))[0]?.revoked_at).toBeNull();
    expect((await callFunction(backend, 'revoke-api-key', { id: 'nope' }, owner.token)).status).toBe(400);
    expect((await callFunction(backend, 'revoke-api-key', { id: randomUUID() }, owner.token)).status).toBe(404);

    const revoked = await callFunction(backend, 'revoke-api-key', { id: created.id }, owner.token);
    expect(revoked.status).toBe(200);
    const first = ((await revoked.json()) as { revoked_at: string }).revoked_at;
    expect((await api(backend, `v1/apps/${appId}`, { key: created.key })).status).toBe(401);
    const again = await callFunction(backend, 'revoke-api-key', { id: created.id }, owner.token);
    expect(((await again.json()) as { revoked_at: string }).revoked_at).toBe(first);
  });

  it('rotates a key: the new one works at once, the old one until its grace period ends', async () => {
    const owner = await signedIn(backend);
    const other = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const old = await createKey(backend, owner, { name: 'Rotating', app_ids: [appId], rate_limit_per_minute: 7 });

    expect((await callFunction(backend, 'rotate-api-key', { id: old.id, grace_period_minutes: 60 }, other.token)).status).toBe(404);
    expect((await callFunction(backend, 'rotate-api-key', { id: old.id, grace_period_minutes: -1 }, owner.token)).status).toBe(400);

    const response = await callFunction(backend, 'rotate-api-key', { id: old.id, grace_period_minutes: 60 }, owner.token);
    expect(response.status).toBe(201);
    const rotated = (await response.json()) as { id: string; key: string; name: string; app_ids: string[]; rate_limit_per_minute: number; replaces: { id: string; expires_at: string } };
    expect(rotated).toMatchObject({ name: 'Rotating', app_ids: [appId], rate_limit_per_minute: 7, replaces: { id: old.id } });
    expect(Date.parse(rotated.replaces.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await api(backend, `v1/apps/${appId}`, { key: rotated.key })).status).toBe(200);
    expect((await api(backend, `v1/apps/${appId}`, { key: old.key })).status).toBe(200);
    expect((await keyRows(old.id))[0]?.replaced_by).toBe(rotated.id);

    const now = await callFunction(backend, 'rotate-api-key', { id: rotated.id, grace_period_minutes: 0 }, owner.token);
    expect(now.status).toBe(201);
    expect((await api(backend, `v1/apps/${appId}`, { key: rotated.key })).status).toBe(401);
    expect((await callFunction(backend, 'rotate-api-key', { id: rotated.id, grace_period_minutes: 0 }, owner.token)).status).toBe(409);
  });
});
