import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthAdminApi } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteAccount } from './delete-account.ts';
import { createModelCatalogue } from '@appforge/models';
import { memoryLimits } from './limits.ts';
import type { FunctionCaller, FunctionContext } from './types.ts';

// The handler only talks to GoTrue's admin API (on Supabase: the hosted auth server). This is a
// loopback server answering those endpoints as GoTrue does; the embedded backend's own tests
// and the SDK's integration tests run the handler against the real thing.
interface FakeGoTrue {
  factors: Map<string, { id: string; status: 'verified' | 'unverified' }[]>;
  users: Set<string>;
  requests: string[];
  failDeletes: boolean;
}

const gotrue: FakeGoTrue = { factors: new Map(), users: new Set(), requests: [], failDeletes: false };
const server = createServer((req, res) => {
  const path = req.url ?? '';
  gotrue.requests.push(`${req.method} ${path}`);
  const factorsMatch = /^\/auth\/v1\/admin\/users\/([^/]+)\/factors$/.exec(path);
  const userMatch = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(path);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' });
    res.end(JSON.stringify(body));
  };
  const id = factorsMatch?.[1] ?? userMatch?.[1] ?? '';
  if (!gotrue.users.has(id)) return send(404, { code: 'user_not_found', message: 'User not found' });
  if (req.method === 'GET' && factorsMatch) return send(200, gotrue.factors.get(id) ?? []);
  // auth-js reads the user before deleting it, to return it.
  if (req.method === 'GET' && userMatch) return send(200, { id, aud: 'authenticated', role: 'authenticated', email: '' });
  if (req.method === 'DELETE' && userMatch) {
    if (gotrue.failDeletes) return send(500, { code: 'unexpected_failure', message: 'Database error deleting user' });
    gotrue.users.delete(id);
    return send(200, {});
  }
  return send(404, { code: 'not_found', message: 'Not found' });
});

let context: (caller: FunctionCaller | null) => FunctionContext;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const admin = new AuthAdminApi({ url: `http://127.0.0.1:${port}/auth/v1`, headers: { authorization: 'Bearer service' } });
  // The handler uses nothing of the service-role client but auth.admin.
  const supabase = { auth: { admin } } as unknown as SupabaseClient;
  context = (caller) => ({
    supabase,
    caller,
    env: { accessPolicy: 'open', accessAllowList: [], intercomSecret: undefined, runRateLimitPerMinute: 30 },
    models: createModelCatalogue(),
    log: quiet,
    limits: memoryLimits(),
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  gotrue.factors.clear();
  gotrue.users.clear();
  gotrue.requests.length = 0;
  gotrue.failDeletes = false;
});

function user(id: string, aal: 'aal1' | 'aal2' = 'aal1'): FunctionCaller {
  gotrue.users.add(id);
  return { id, email: `${id}@example.com`, role: 'authenticated', claims: { sub: id, aal } };
}

// GoTrue user ids are UUIDs (auth-js checks); readable names for the people in these tests.
const ids = {
  ada: '00000000-0000-4000-8000-00000000000a',
  grace: '00000000-0000-4000-8000-00000000000b',
  mfa: '00000000-0000-4000-8000-00000000000c',
  half: '00000000-0000-4000-8000-00000000000d',
  gone: '00000000-0000-4000-8000-00000000000e',
  x: '00000000-0000-4000-8000-00000000000f',
  y: '00000000-0000-4000-8000-000000000010',
};

const post = () => new Request('https://functions.test/delete-account', { method: 'POST' });

describe('delete-account', () => {
  it('deletes the signed-in caller and nobody else', async () => {
    const caller = user(ids.ada);
    user(ids.grace);
    const response = await deleteAccount(post(), context(caller));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect([...gotrue.users]).toEqual([ids.grace]);
  });

  it('refuses visitors and the service role: there is no one to delete', async () => {
    for (const caller of [null, { id: null, email: null, role: 'service_role' as const, claims: {} }]) {
      const response = await deleteAccount(post(), context(caller));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'not_authenticated' });
    }
    expect(gotrue.requests).toEqual([]);
  });

  it('asks for the authenticator code first when the account has two-factor authentication', async () => {
    const caller = user(ids.mfa);
    gotrue.factors.set(ids.mfa, [{ id: 'f1', status: 'verified' }]);
    const refused = await deleteAccount(post(), context(caller));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_aal' });
    expect(gotrue.users.has(ids.mfa)).toBe(true);

    const verified = await deleteAccount(post(), context(user(ids.mfa, 'aal2')));
    expect(verified.status).toBe(200);
    expect(gotrue.users.has(ids.mfa)).toBe(false);
  });

  it('ignores an enrolment that was never verified', async () => {
    const caller = user(ids.half);
    gotrue.factors.set(ids.half, [{ id: 'f2', status: 'unverified' }]);
    expect((await deleteAccount(post(), context(caller))).status).toBe(200);
  });

  it('answers 404 for an account that is already gone, 405 for other methods, and throws on a server failure', async () => {
    const gone: FunctionCaller = { id: ids.gone, email: null, role: 'authenticated', claims: { sub: ids.gone, aal: 'aal2' } };
    const missing = await deleteAccount(post(), context(gone));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'user_not_found' });

    const get = await deleteAccount(new Request('https://functions.test/delete-account'), context(user(ids.x)));
    expect(get.status).toBe(405);

    gotrue.failDeletes = true;
    await expect(deleteAccount(post(), context(user(ids.y)))).rejects.toThrow(/Deleting the user failed/);
    expect(gotrue.users.has(ids.y)).toBe(true);
  });
});
