// supabase/migrations on a Supabase-shaped PostgreSQL 15, with no embedded-backend code: a fresh
// cluster whose bootstrap superuser is supabase_admin gets Supabase's roles, grants and the auth,
// storage and realtime shapes from test/fixtures/supabase-shape.sql; then every file in
// supabase/migrations is applied unchanged, in name order, connected as `postgres` (not a
// superuser, as on hosted Supabase); then the row-level security tests run there, impersonating
// the API roles the way PostgREST does (`set local role` + `request.jwt.claims`).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer } from '../postgres-server.js';
import type { PostgresServer } from '../postgres-server.js';
import { describeCoreTablesRls } from '../rls/core-tables.js';
import type { RlsTarget } from '../rls/core-tables.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
const migrationsDir = join(repoRoot, 'supabase', 'migrations');
const fixture = join(import.meta.dirname, '..', 'fixtures', 'supabase-shape.sql');

describe('supabase/migrations on a Supabase-shaped PostgreSQL 15', () => {
  let server: PostgresServer;
  let owner: pg.Pool;
  const applied: string[] = [];
  const files = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).sort();

  beforeAll(async () => {
    server = await startPostgresServer({ superuser: 'supabase_admin' });
    const setup = new pg.Client({ connectionString: server.url });
    await setup.connect();
    try {
      await setup.query(readFileSync(fixture, 'utf8'));
    } finally {
      await setup.end();
    }
    const url = new URL(server.url);
    url.username = 'postgres';
    owner = new pg.Pool({ connectionString: url.toString(), max: 4 });
    for (const file of files) {
      const client = await owner.connect();
      try {
        await client.query('begin');
        await client.query(readFileSync(join(migrationsDir, file), 'utf8'));
        await client.query('commit');
        applied.push(file);
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`${file} does not apply on the Supabase-shaped database: ${String(error)}`, { cause: error });
      } finally {
        client.release();
      }
    }
  }, 120_000);

  afterAll(async () => {
    await owner?.end();
    await server?.stop();
  });

  const target = (): RlsTarget => ({
    as: (role, sub) => async (sql, params = []) => {
      const client = await owner.connect();
      try {
        await client.query('begin');
        await client.query(`set local role ${role}`);
        const claims = sub ? { sub, role, aud: 'authenticated' } : { role };
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        const result = await client.query(sql, params);
        await client.query('commit');
        return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? result.rows.length };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    admin: async <R,>(sql: string, params: unknown[] = []) => ({ rows: (await owner.query(sql, params)).rows as R[] }),
  });

  it('applies every file in supabase/migrations unchanged, as the non-superuser postgres', async () => {
    expect(files.length).toBeGreaterThan(0);
    expect(applied).toEqual(files);
    const { rows } = await owner.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    expect(rows[0]?.rolsuper).toBe(false);
  });

  it('leaves no table in public without row-level security', async () => {
    const { rows } = await owner.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps the API roles out of auth.users and serves them only the helpers', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(target().as(role)('select count(*) from auth.users')).rejects.toMatchObject({ code: '42501' });
    }
    const sub = '6f0d1c8e-1a1b-4c1d-9e1f-0a1b2c3d4e5f';
    const { rows } = await target().as('authenticated', sub)(`select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'aud' as aud`);
    expect(rows).toEqual([{ uid: sub, role: 'authenticated', aud: 'authenticated' }]);
  });

  it('storage.objects (app-icons): only the app owner writes, reads and removes icons under their folder', async () => {
    const [ada, eve] = [randomUUID(), randomUUID()];
    for (const id of [ada, eve]) await owner.query('insert into auth.users (id, email) values ($1, $2)', [id, `${id}@example.org`]);
    const { rows } = await owner.query<{ id: string }>('insert into public."App" (owner_id, name) values ($1, $2) returning id', [ada, 'Icons']);
    const icon = `${ada}/${rows[0]?.id ?? ''}/${randomUUID()}.png`;
    const insert = `insert into storage.objects (bucket_id, name, owner) values ('app-icons', $1, $2)`;
    await expect(target().as('authenticated', eve)(insert, [icon, eve])).rejects.toMatchObject({ code: '42501' });
    await expect(target().as('anon')(insert, [icon, null])).rejects.toMatchObject({ code: '42501' });
    await target().as('authenticated', ada)(insert, [icon, ada]);
    const read = `select name from storage.objects where bucket_id = 'app-icons' and name = $1`;
    expect((await target().as('authenticated', ada)(read, [icon])).rows).toEqual([{ name: icon }]);
    expect((await target().as('authenticated', eve)(read, [icon])).rows).toEqual([]);
    expect((await target().as('authenticated', eve)('delete from storage.objects where name = $1', [icon])).rowCount).toBe(0);
    expect((await target().as('authenticated', ada)('delete from storage.objects where name = $1', [icon])).rowCount).toBe(1);
  });

  describeCoreTablesRls(target);
});
