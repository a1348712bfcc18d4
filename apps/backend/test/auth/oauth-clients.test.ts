// The OAuth 2.1 server's admin client endpoints through unchanged supabase-js
// (`auth.admin.oauth.*`): create (secret shown once, hashed at rest), get, list with pagination,
// update, regenerate the secret, delete; service role only; GoTrue's validation of redirect URIs
// and its error shapes; feature_disabled when the OAuth server is off; the table closed to every
// API role.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS } from './helpers.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe.each(DATABASES)('OAuth 2.1 admin clients on %s', (database) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend({ database, env: { ...GENEROUS_LIMITS, AUTH_OAUTH_SERVER_ENABLED: 'true' } });
  });
  afterAll(() => backend.stop());

  const oauth = () => backend.serviceClient().auth.admin.oauth;
  const storedHash = async (id: string) =>
    (await backend.db.query<{ client_secret_hash: string | null }>('select client_secret_hash from auth.oauth_clients where id = $1', [id])).rows[0]
      ?.client_secret_hash;

  it('creates a confidential client whose secret is shown once and kept only as a hash', async () => {
    const { data, error } = await oauth().createClient({
      client_name: 'Reporting tool',
      client_uri: 'https://reports.example.com',
      redirect_uris: ['https://reports.example.com/callback', 'http://localhost:5173/cb', 'myapp://oauth'],
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_type: 'confidential',
      redirect_uris: ['https://reports.example.com/callback', 'http://localhost:5173/cb', 'myapp://oauth'],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Reporting tool',
      client_uri: 'https://reports.example.com',
      registration_type: 'manual',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = data?.client_id ?? '';
    const secret = data?.client_secret ?? '';
    expect(await storedHash(id)).toBe(sha256(secret));
    const fetched = await oauth().getClient(id);
    expect(fetched.data).toMatchObject({ client_id: id, client_name: 'Reporting tool' });
    expect(fetched.data).not.toHaveProperty('client_secret');

    // A new secret replaces the old one; the old one no longer matches.
    const regenerated = await oauth().regenerateClientSecret(id);
    expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data?.client_secret).not.toBe(secret);
    expect(await storedHash(id)).toBe(sha256(regenerated.data?.client_secret ?? ''));
  });

  it('makes public clients without a secret, updates fields, and soft-deletes', async () => {
    const created = await oauth().createClient({ client_name: 'SPA', redirect_uris: ['https://spa.example.com/cb'], token_endpoint_auth_method: 'none' });
    expect(created.data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(created.data).not.toHaveProperty('client_secret');
    const id = created.data?.client_id ?? '';
    expect(await storedHash(id)).toBeNull();
    const regenerate = await oauth().regenerateClientSecret(id);
    expect(regenerate.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Cannot regenerate secret for public client' });

    const updated = await oauth().updateClient(id, { client_name: 'SPA v2', redirect_uris: ['https://spa.example.com/v2'], logo_uri: 'https://spa.example.com/logo.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_name: 'SPA v2', redirect_uris: ['https://spa.example.com/v2'], logo_uri: 'https://spa.example.com/logo.png' });
    const wrongMethod = await oauth().updateClient(id, { token_endpoint_auth_method: 'client_secret_post' });
    expect(wrongMethod.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: "token_endpoint_auth_method 'client_secret_post' is not valid for client_type 'public'; valid methods: [none]",
    });

    const removed = await oauth().deleteClient(id);
    expect(removed.error).toBeNull();
    expect((await oauth().getClient(id)).error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
    expect((await oauth().listClients()).data.clients.map((client) => client.client_id)).not.toContain(id);
    expect((await oauth().deleteClient(id)).error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
    // Soft-deleted: the row stays (as GoTrue keeps it).
    expect((await backend.db.query('select 1 from auth.oauth_clients where id = $1 and deleted_at is not null', [id])).rows).toHaveLength(1);
  });

  it('lists newest first with pagination headers auth-js reads', async () => {
    const names = ['page-a', 'page-b', 'page-c'];
    for (const name of names) await oauth().createClient({ client_name: name, redirect_uris: ['https://pages.example.com/cb'] });
    const first = await oauth().listClients({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.clients).toHaveLength(2);
    expect(first.data.clients[0]?.client_name).toBe('page-c');
    expect(first.data.clients.every((client) => !('client_secret' in client))).toBe(true);
    const total = (first.data as { total?: number }).total ?? 0;
    expect(total).toBeGreaterThanOrEqual(3);
    expect((first.data as { nextPage?: number | null }).nextPage).toBe(2);
    const bad = await fetch(`${backend.url}/auth/v1/admin/oauth/clients?page=abc`, {
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "abc": invalid syntax' });
  });

  it('validates redirect URIs and the other fields as GoTrue does, creating nothing', async () => {
    const before = Number((await backend.db.query<{ n: number }>('select count(*)::int as n from auth.oauth_clients')).rows[0]?.n);
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: 'x' }, 'redirect_uris is required'],
      [{ redirect_uris: [] }, 'redirect_uris is required'],
      [{ redirect_uris: ['http://evil.example.com/cb'] }, "invalid redirect_uri 'http://evil.example.com/cb': HTTP scheme only allowed for localhost"],
      [{ redirect_uris: ['javascript:alert(1)'] }, "invalid redirect_uri 'javascript:alert(1)': scheme 'javascript' is not allowed for security reasons"],
      [{ redirect_uris: ['data:text/html,hi'] }, "invalid redirect_uri 'data:text/html,hi': scheme 'data' is not allowed for security reasons"],
      [{ redirect_uris: ['https://app.example.com/cb#frag'] }, "invalid redirect_uri 'https://app.example.com/cb#frag': fragment not allowed in redirect URI"],
      [{ redirect_uris: ['/relative/path'] }, "invalid redirect_uri '/relative/path': must have scheme and host"],
      [{ redirect_uris: [''] }, "invalid redirect_uri '': redirect URI cannot be empty"],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example.com/${i}`) }, 'redirect_uris cannot exceed 10 items'],
      [{ redirect_uris: ['https://a.example.com/cb'], grant_types: ['password'] }, "grant_types must only contain 'authorization_code' and/or 'refresh_token'"],
      [{ redirect_uris: ['https://a.example.com/cb'], client_uri: 'not a url' }, 'client_uri must be a valid URL'],
      [{ redirect_uris: ['https://a.example.com/cb'], client_name: 'n'.repeat(1025) }, 'client_name cannot exceed 1024 characters'],
      [{ redirect_uris: ['https://a.example.com/cb'], client_type: 'trusted' }, "client_type must be 'public' or 'confidential'"],
    ];
    for (const [params, message] of cases) {
      const { data, error } = await oauth().createClient(params as never);
      expect(data, message).toBeNull();
      expect(error, message).toMatchObject({ status: 400, code: 'validation_failed', message });
    }
    const notUuid = await oauth().getClient("1' or '1'='1");
    expect(notUuid.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'invalid client_id format' });
    expect(Number((await backend.db.query<{ n: number }>('select count(*)::int as n from auth.oauth_clients')).rows[0]?.n)).toBe(before);
  });

  it('is for the service role only, and the table is closed to every API role', async () => {
    const created = await oauth().createClient({ client_name: 'guarded', redirect_uris: ['https://g.example.com/cb'] });
    const id = created.data?.client_id ?? '';
    const anon = backend.client().auth.admin.oauth;
    expect((await anon.listClients()).error).toMatchObject({ status: 403, code: 'not_admin' });
    expect((await anon.createClient({ client_name: 'x', redirect_uris: ['https://x.example.com'] })).error?.code).toBe('not_admin');
    expect((await anon.regenerateClientSecret(id)).error?.code).toBe('not_admin');
    expect((await anon.deleteClient(id)).error?.code).toBe('not_admin');
    expect((await oauth().getClient(id)).data?.client_id).toBe(id);
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(
        backend.db.transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          return tx.query('select client_secret_hash from auth.oauth_clients');
        }),
        role,
      ).rejects.toThrow(/permission denied/);
    }
  });
});

describe('OAuth 2.1 admin clients while the OAuth server is off (the default)', () => {
  it("answers GoTrue's 404 feature_disabled", async () => {
    const backend = await startTestBackend({ database: 'pglite', env: GENEROUS_LIMITS });
    try {
      const { data, error } = await backend.serviceClient().auth.admin.oauth.listClients();
      expect(data.clients).toEqual([]);
      expect(error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
      const created = await backend.serviceClient().auth.admin.oauth.createClient({ client_name: 'x', redirect_uris: ['https://x.example.com'] });
      expect(created.error?.code).toBe('feature_disabled');
    } finally {
      await backend.stop();
    }
  });
});
