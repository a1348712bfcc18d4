import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMigrationsDir } from '../../src/db/locations.js';
import { withRequestContext } from '../../src/db/request-context.js';
import { nodeWebSocket } from '../../src/http/ws-transport.js';
import type { AppEnv } from '../../src/http/types.js';
import { createStorageApi } from '../../src/storage/index.js';
import { DATABASES } from '../harness.js';
import { countRows, startStorageBackend } from './helpers.js';
import type { StorageTestBackend } from './helpers.js';

const STORAGE_SQL = readFileSync(join(platformMigrationsDir(), '0003_storage_schema.sql'), 'utf8');

describe.each(DATABASES)('storage schema on %s', (database) => {
  let t: StorageTestBackend;
  beforeAll(async () => {
    t = await startStorageBackend(database);
  });
  afterAll(() => t.stop());

  it('applies again without error or change (idempotent)', async () => {
    // Policies come from the project's migrations (e.g. the app-icons bucket), never from this SQL.
    const policiesBefore = await t.db.query(`select policyname from pg_policies where schemaname = 'storage' order by 1`);
    await t.db.exec(STORAGE_SQL);
    await t.db.exec(STORAGE_SQL);
    const tables = await t.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'storage' and c.relkind = 'r' order by 1`,
    );
    expect(tables.rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
    const policies = await t.db.query(`select policyname from pg_policies where schemaname = 'storage' order by 1`);
    expect(policies.rows).toEqual(policiesBefore.rows);
  });

  it('provides the policy helpers as Supabase defines them', async () => {
    const result = await t.db.query<{ folders: string[]; file: string; ext: string; top: string[] }>(
      `select storage.foldername('user-1/photos/cat.final.png') as folders,
              storage.filename('user-1/photos/cat.final.png') as file,
              storage.extension('user-1/photos/cat.final.png') as ext,
              storage.foldername('top.txt') as top`,
    );
    expect(result.rows[0]).toEqual({ folders: ['user-1', 'photos'], file: 'cat.final.png', ext: 'png', top: [] });
  });

  it('grants the API roles table rights so that RLS alone decides: no policy, no rows', async () => {
    await t.db.query(`insert into storage.buckets (id, name) values ('schema-check', 'schema-check') on conflict do nothing`);
    await t.db.query(`insert into storage.objects (bucket_id, name) values ('schema-check', 'a.txt') on conflict do nothing`);
    const visible = async (role: 'anon' | 'authenticated' | 'service_role'): Promise<number> =>
      withRequestContext(
        t.db,
        { role, claims: {}, headers: {}, method: 'GET', path: '/', readOnly: true },
        async (tx) => (await tx.query('select id from storage.objects where bucket_id = $1', ['schema-check'])).rows.length,
      );
    expect(await visible('anon')).toBe(0);
    expect(await visible('authenticated')).toBe(0);
    expect(await visible('service_role')).toBe(1);
  });
});

describe('global upload limit', () => {
  let t: StorageTestBackend;
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    t = await startStorageBackend('pglite');
    // The same storage API with a 1000-byte global limit, on its own port, sharing the database.
    const app = new Hono<AppEnv>();
    app.route('/storage/v1', createStorageApi(t.deps, { fileSizeLimit: 1000 }));
    const listener = getRequestListener(app.fetch);
    const server = createServer((request, response) => {
      void listener(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await t.stop();
  });

  it('caps every bucket, even one whose own limit is higher or unset', async () => {
    const storage = createClient(url, t.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: nodeWebSocket },
    }).storage;
    expect((await storage.createBucket('unlimited')).error).toBeNull();
    expect((await storage.createBucket('roomy', { public: false, fileSizeLimit: 5000 })).error).toMatchObject({
      statusCode: '413',
    });
    const tooBig = await storage.from('unlimited').upload('big.txt', 'z'.repeat(1001), { contentType: 'text/plain' });
    expect(tooBig.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect(await countRows(t, 'unlimited')).toBe(0);
    expect(t.filesOnDisk()).toEqual([]);
    expect((await storage.from('unlimited').upload('ok.txt', 'z'.repeat(1000), { contentType: 'text/plain' })).error).toBeNull();
  });
});
