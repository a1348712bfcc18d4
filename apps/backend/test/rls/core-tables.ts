// Row-level security of the core tables (User, school_member, access_allow_list), one suite run
// against any database that has supabase/migrations applied: the embedded backend on both engines
// (test/core/migrations.test.ts) and a Supabase-shaped PostgreSQL 15 with no embedded-backend code
// (test/scale/supabase-shape.test.ts). Callers impersonate the API roles however they connect.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

export interface RlsResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}
export type Run = (sql: string, params?: unknown[]) => Promise<RlsResult>;

export interface RlsTarget {
  /** One statement in its own transaction as `role` with these JWT claims (`request.jwt.claims`). */
  as(role: 'anon' | 'authenticated' | 'service_role', sub?: string): Run;
  /** One statement as the migrations' owner (bypasses row-level security), for seeding and checks. */
  admin<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** Registers the core tables' RLS tests; `target()` is read once the suite's beforeAll runs. */
export function describeCoreTablesRls(target: () => RlsTarget): void {
  const owner = randomUUID();
  const other = randomUUID();
  const anon = (): Run => target().as('anon');
  const user = (id: string): Run => target().as('authenticated', id);
  const service = (): Run => target().as('service_role');
  const admin = <R = Record<string, unknown>>(sql: string, params?: unknown[]) => target().admin<R>(sql, params);
  const denied = { code: '42501' };

  beforeAll(async () => {
    for (const [id, email] of [
      [owner, 'owner@school.test'],
      [other, 'other@school.test'],
    ] as const) {
      await admin('insert into auth.users (id, email) values ($1, $2)', [id, email]);
      await admin(`insert into public."User" (id, email, status) values ($1, $2, 'allowed')`, [id, email]);
      await admin(`insert into public.school_member (user_id, role) values ($1, 'teacher')`, [id]);
    }
    await admin(`insert into public.access_allow_list (entry) values ('@school.test')`);
  });

describe('User', () => {
  it('anon can neither read nor write it', async () => {
    await expect(anon()('select * from "User"')).rejects.toMatchObject(denied);
    await expect(anon()(`insert into "User" (id) values ($1)`, [randomUUID()])).rejects.toMatchObject(denied);
    await expect(anon()(`update "User" set display_name = 'x'`)).rejects.toMatchObject(denied);
    await expect(anon()('delete from "User"')).rejects.toMatchObject(denied);
  });

  it('a user reads only their own row', async () => {
    const rows = await user(owner)('select id from "User"');
    expect(rows.rows).toEqual([{ id: owner }]);
    const theirs = await user(other)('select id from "User" where id = $1', [owner]);
    expect(theirs.rows).toEqual([]);
  });

  it('a user may rename only themselves, and change nothing else', async () => {
    const own = await user(owner)(`update "User" set display_name = 'Ada' where id = $1 returning display_name`, [owner]);
    expect(own.rows).toEqual([{ display_name: 'Ada' }]);
    const foreign = await user(other)(`update "User" set display_name = 'Mallory' where id = $1`, [owner]);
    expect(foreign.rowCount).toBe(0);
    await expect(user(owner)(`update "User" set status = 'allowed' where id = $1`, [owner])).rejects.toMatchObject(denied);
    await expect(user(owner)(`update "User" set plan = 'pro' where id = $1`, [owner])).rejects.toMatchObject(denied);
    await expect(user(owner)(`update "User" set id = $2 where id = $1`, [owner, other])).rejects.toMatchObject(denied);
    const row = await admin<{ display_name: string; plan: string }>(
      'select display_name, plan from "User" where id = $1',
      [owner],
    );
    expect(row.rows[0]).toEqual({ display_name: 'Ada', plan: 'free' });
  });

  it('a user cannot create or delete rows, even their own', async () => {
    await expect(user(owner)(`insert into "User" (id) values ($1)`, [owner])).rejects.toMatchObject(denied);
    await expect(user(owner)('delete from "User" where id = $1', [owner])).rejects.toMatchObject(denied);
  });

  it('the service role reads and writes every row', async () => {
    const all = await service()('select count(*)::int as n from "User"');
    expect(all.rows[0]).toEqual({ n: 2 });
    const extra = randomUUID();
    await admin('insert into auth.users (id, email) values ($1, $2)', [extra, 'x@school.test']);
    await service()(`insert into "User" (id, status) values ($1, 'pending')`, [extra]);
    const updated = await service()(`update "User" set status = 'blocked' where id = $1`, [extra]);
    expect(updated.rowCount).toBe(1);
    const deleted = await service()('delete from "User" where id = $1', [extra]);
    expect(deleted.rowCount).toBe(1);
  });

  it('stamps updated_at on every update', async () => {
    const before = await admin<{ updated_at: Date }>('select updated_at from "User" where id = $1', [other]);
    await service()(`update "User" set display_name = 'Later' where id = $1`, [other]);
    const after = await admin<{ updated_at: Date }>('select updated_at from "User" where id = $1', [other]);
    expect(after.rows[0]?.updated_at.getTime()).toBeGreaterThan(before.rows[0]?.updated_at.getTime() ?? Infinity);
  });

  it('refuses a status outside allowed/pending/blocked', async () => {
    await expect(service()(`update "User" set status = 'admin' where id = $1`, [other])).rejects.toMatchObject({
      code: '23514',
    });
  });
});

describe('school_member', () => {
  it('a user reads only their own memberships; anon nothing', async () => {
    expect((await user(owner)('select user_id from school_member')).rows).toEqual([{ user_id: owner }]);
    await expect(anon()('select * from school_member')).rejects.toMatchObject(denied);
  });

  it('only the service role writes memberships', async () => {
    await expect(
      user(owner)(`insert into school_member (user_id, role) values ($1, 'student')`, [owner]),
    ).rejects.toMatchObject(denied);
    await expect(user(owner)(`update school_member set role = 'student'`)).rejects.toMatchObject(denied);
    await expect(user(owner)('delete from school_member')).rejects.toMatchObject(denied);
    await expect(anon()('delete from school_member')).rejects.toMatchObject(denied);
    const added = await service()(`insert into school_member (user_id, role) values ($1, 'student') returning role`, [owner]);
    expect(added.rows).toEqual([{ role: 'student' }]);
    const removed = await service()(`delete from school_member where user_id = $1 and role = 'student'`, [owner]);
    expect(removed.rowCount).toBe(1);
  });

  it('refuses the same membership twice, also without a school', async () => {
    await expect(
      service()(`insert into school_member (user_id, role) values ($1, 'teacher')`, [owner]),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('access_allow_list', () => {
  it('is invisible to anon and signed-in users', async () => {
    for (const run of [anon(), user(owner)]) {
      await expect(run('select * from access_allow_list')).rejects.toMatchObject(denied);
      await expect(run(`insert into access_allow_list (entry) values ('@evil.test')`)).rejects.toMatchObject(denied);
      await expect(run('delete from access_allow_list')).rejects.toMatchObject(denied);
    }
  });

  it('the service role manages it; entries must be a lower-case address or @domain', async () => {
    expect((await service()('select entry from access_allow_list')).rows).toEqual([{ entry: '@school.test' }]);
    await service()(`insert into access_allow_list (entry) values ('ada@example.org')`);
    await expect(service()(`insert into access_allow_list (entry) values ('Ada@Example.org')`)).rejects.toMatchObject({
      code: '23514',
    });
    await expect(service()(`insert into access_allow_list (entry) values ('not an address')`)).rejects.toMatchObject({
      code: '23514',
    });
    const removed = await service()(`delete from access_allow_list where entry = 'ada@example.org'`);
    expect(removed.rowCount).toBe(1);
  });
});
}
