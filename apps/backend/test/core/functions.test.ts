// add-user and get-user-school-info through the real host, supabase-js and /rest/v1.
import { createHmac, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const INTERCOM_SECRET = 'intercom-test-secret';

async function signedIn(backend: TestBackend, email: string): Promise<{ id: string; client: SupabaseClient }> {
  const id = randomUUID();
  await backend.db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
  const token = await backend.deps.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated', email }, 3600);
  return { id, client: backend.client({ global: { headers: { authorization: `Bearer ${token}` } } }) };
}

async function errorBody(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe.each(DATABASES)('functions on %s', (database) => {
  describe('with ACCESS_POLICY=open', () => {
    let backend: TestBackend;
    beforeAll(async () => {
      backend = await startTestBackend({ database, env: { INTERCOM_SECRET } });
    });
    afterAll(() => backend.stop());

    it('add-user creates the caller once, allowed, with the Intercom HMAC and referral', async () => {
      const { id, client } = await signedIn(backend, 'Ada@Example.org');
      const referral = randomUUID();
      const first = await client.functions.invoke('add-user', { body: { referral_app_id: referral } });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({
        created: true,
        user: {
          id,
          email: 'ada@example.org',
          status: 'allowed',
          referral_app_id: referral,
          intercom_hmac: createHmac('sha256', INTERCOM_SECRET).update(id).digest('hex'),
          plan: 'free',
        },
      });
      const again = await client.functions.invoke('add-user', { body: {} });
      expect(again.data).toMatchObject({ created: false, user: { id, referral_app_id: referral } });
      // The row is readable by its owner through the data API (RLS).
      const own = await client.from('User').select('id, status');
      expect(own.data).toEqual([{ id, status: 'allowed' }]);
    });

    it('add-user called many times at once creates exactly one row', async () => {
      const { id, client } = await signedIn(backend, 'burst@example.org');
      const results = await Promise.all(Array.from({ length: 8 }, () => client.functions.invoke('add-user')));
      for (const result of results) expect(result.error).toBeNull();
      const created = results.filter((result) => (result.data as { created: boolean }).created);
      expect(created).toHaveLength(1);
      const rows = await backend.db.query('select id from public."User" where id = $1', [id]);
      expect(rows.rowCount).toBe(1);
    });

    it('add-user refuses a bad body with 400 and creates nothing', async () => {
      const { id, client } = await signedIn(backend, 'bad-body@example.org');
      const notUuid = await client.functions.invoke('add-user', { body: { referral_app_id: "1'; drop table \"User\"; --" } });
      expect(await errorBody(notUuid.error)).toEqual({
        status: 400,
        body: { code: 'invalid_body', message: 'referral_app_id must be a UUID' },
      });
      const malformed = await client.functions.invoke('add-user', {
        body: '{"referral_app_id":',
        headers: { 'content-type': 'application/json' },
      });
      expect(await errorBody(malformed.error)).toMatchObject({ status: 400, body: { code: 'invalid_body' } });
      const rows = await backend.db.query('select id from public."User" where id = $1', [id]);
      expect(rows.rowCount).toBe(0);
    });

    it('add-user needs a signed-in user and POST', async () => {
      const anon = await backend.client().functions.invoke('add-user');
      expect(await errorBody(anon.error)).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
      const service = await backend.serviceClient().functions.invoke('add-user');
      expect(await errorBody(service.error)).toMatchObject({ status: 401 });
      const { client } = await signedIn(backend, 'get@example.org');
      const get = await client.functions.invoke('add-user', { method: 'GET' });
      expect(await errorBody(get.error)).toMatchObject({ status: 405 });
    });

    it('get-user-school-info reports teacher and student memberships of the caller only', async () => {
      const nobody = await signedIn(backend, 'nobody@school.test');
      const teacher = await signedIn(backend, 'teacher@school.test');
      const both = await signedIn(backend, 'both@school.test');
      await backend.db.query(
        `insert into public.school_member (user_id, role) values ($1, 'teacher'), ($2, 'teacher'), ($2, 'student')`,
        [teacher.id, both.id],
      );
      expect((await nobody.client.functions.invoke('get-user-school-info')).data).toEqual({ isTeacher: false, isStudent: false });
      expect((await teacher.client.functions.invoke('get-user-school-info', { method: 'GET' })).data).toEqual({
        isTeacher: true,
        isStudent: false,
      });
      expect((await both.client.functions.invoke('get-user-school-info')).data).toEqual({ isTeacher: true, isStudent: true });
      const anon = await backend.client().functions.invoke('get-user-school-info');
      expect(await errorBody(anon.error)).toMatchObject({ status: 401 });
    });
  });

  describe('with ACCESS_POLICY=invite', () => {
    let backend: TestBackend;
    beforeAll(async () => {
      backend = await startTestBackend({
        database,
        env: { ACCESS_POLICY: 'invite', ACCESS_ALLOW_LIST: '@school.test, VIP@example.org' },
      });
    });
    afterAll(() => backend.stop());

    it('seeds the allow list table from ACCESS_ALLOW_LIST', async () => {
      const rows = await backend.db.query<{ entry: string }>('select entry from public.access_allow_list order by entry');
      expect(rows.rows.map((row) => row.entry)).toEqual(['@school.test', 'vip@example.org']);
    });

    it('allows listed addresses and domains, and leaves everyone else pending', async () => {
      const cases = [
        ['pupil@school.test', 'allowed'],
        ['vip@example.org', 'allowed'],
        ['stranger@example.org', 'pending'],
        ['someone@evil-school.test', 'pending'],
      ] as const;
      for (const [email, status] of cases) {
        const { client } = await signedIn(backend, email);
        const { data } = await client.functions.invoke('add-user');
        expect(data).toMatchObject({ created: true, user: { email, status, intercom_hmac: null } });
      }
    });

    it('honours entries added to the table after start', async () => {
      await backend.db.query(`insert into public.access_allow_list (entry) values ('late@example.org')`);
      const { client } = await signedIn(backend, 'late@example.org');
      const { data } = await client.functions.invoke('add-user');
      expect(data).toMatchObject({ user: { status: 'allowed' } });
    });
  });
});
