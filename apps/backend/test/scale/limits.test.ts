// The shared limits (packages/functions/src/limits.ts) on both engines: counters in PostgreSQL that
// every process on one database shares, invisible to the API roles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMIT_TABLE_SQL, postgresLimits } from '@appforge/functions';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMigrationsDir } from '../../src/db/locations.js';
import { DATABASES, createTestPostgresDatabase, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const statements = (sql: string): string[] =>
  sql
    .replace(/--.*$/gm, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter((statement) => statement !== '');

describe('the shared limits table', () => {
  it('is created by the migration with the very statements the backend runs at start', () => {
    const migration = readFileSync(join(projectMigrationsDir(), '20261125001000_rate_limits.sql'), 'utf8');
    expect(statements(migration)).toEqual(statements(LIMIT_TABLE_SQL));
  });
});

describe('limits shared by two processes on one PostgreSQL (two pools = two processes)', () => {
  let url: string;
  const pools: pg.Pool[] = [];
  const pool = (index: number): pg.Pool => {
    const found = pools[index];
    if (!found) throw new Error(`no pool ${index}`);
    return found;
  };
  beforeAll(async () => {
    url = await createTestPostgresDatabase();
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(LIMIT_TABLE_SQL);
    await setup.end();
    pools.push(new pg.Pool({ connectionString: url, max: 2 }), new pg.Pool({ connectionString: url, max: 2 }));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('allows exactly N in a window, whichever process asks', async () => {
    const rule = { name: 'join-code', points: 5, durationSeconds: 60 };
    const a = postgresLimits(pool(0)).limiter(rule);
    const b = postgresLimits(pool(1)).limiter(rule);
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? a : b).consume('user:1')),
    );
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(5);
    const refused = decisions.find((decision) => !decision.ok);
    expect(refused).toMatchObject({ ok: false });
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Another key and another rule have their own allowance.
    expect(await a.consume('user:2')).toMatchObject({ ok: true, remainingPoints: 4 });
    const other = postgresLimits(pool(1)).limiter({ name: 'api-key', points: 5, durationSeconds: 60 });
    expect(await other.consume('user:1')).toMatchObject({ ok: true });
  });

  it('takes several points at once, and reset gives the allowance back', async () => {
    const limiter = postgresLimits(pool(0)).limiter({ name: 'bundle-cap', points: 10, durationSeconds: 60 });
    expect(await limiter.consume('bundle:1', 7)).toEqual({ ok: true, remainingPoints: 3 });
    expect(await limiter.consume('bundle:1', 4)).toMatchObject({ ok: false });
    await limiter.reset('bundle:1');
    expect(await limiter.consume('bundle:1', 10)).toEqual({ ok: true, remainingPoints: 0 });
  });

  it('keeps very long keys apart without overflowing the key column', async () => {
    const limiter = postgresLimits(pool(0)).limiter({ name: 'mail-address', points: 1, durationSeconds: 60 });
    const long = (letter: string) => `${letter.repeat(250)}@example.com`;
    expect(await limiter.consume(long('a'))).toMatchObject({ ok: true });
    expect(await limiter.consume(long('b'))).toMatchObject({ ok: true });
    expect(await limiter.consume(long('a'))).toMatchObject({ ok: false });
  });

  it('refuses a malformed rule', () => {
    const limits = postgresLimits(pool(0));
    expect(() => limits.limiter({ name: 'Bad Name', points: 1, durationSeconds: 1 })).toThrow(/Bad limit name/);
    expect(() => limits.limiter({ name: 'zero', points: 0, durationSeconds: 1 })).toThrow(/positive integer/);
  });
});

describe.each(DATABASES)('the limits table on the embedded backend (%s)', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('counts in the database, so a second limits instance on it sees the same counters', async () => {
    const rule = { name: 'run-visitor', points: 2, durationSeconds: 60 };
    expect(await backend.deps.sharedLimits.limiter(rule).consume('session:x')).toMatchObject({ ok: true });
    const again = postgresLimits({ query: (text, values) => backend.db.query(text, values) });
    expect(await again.limiter(rule).consume('session:x')).toEqual({ ok: true, remainingPoints: 0 });
    expect(await again.limiter(rule).consume('session:x')).toMatchObject({ ok: false });
  });

  it('is out of reach of the API roles: not over the data API, not in SQL as anon or authenticated', async () => {
    const service = backend.serviceClient();
    const overApi = await service.schema('appforge_internal').from('rate_limit').select('*');
    expect(overApi.error).not.toBeNull();
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select * from appforge_internal.rate_limit',
        "insert into appforge_internal.rate_limit (key, points, expire) values ('x', 0, 0)",
        'update appforge_internal.rate_limit set points = 0',
        'delete from appforge_internal.rate_limit',
      ]) {
        await expect(
          backend.db.transaction(async (tx) => {
            await tx.query(`set local role ${role}`);
            await tx.query(sql);
          }),
        ).rejects.toMatchObject({ code: '42501' });
      }
    }
    const rows = await backend.db.query<{ points: number }>(
      "select points from appforge_internal.rate_limit where key = 'run-visitor:session:x'",
    );
    // Three tries were counted (the refused one too), none changed by the refused statements.
    expect(rows.rows).toEqual([{ points: 3 }]);
  });
});
