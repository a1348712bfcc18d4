import type { FunctionContext, FunctionRegistry } from '@appforge/functions';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const seen: { method: string; url: string; caller: FunctionContext['caller']; body: string }[] = [];

const registry: FunctionRegistry = {
  whoami: async (req, ctx) => {
    seen.push({ method: req.method, url: req.url, caller: ctx.caller, body: await req.text() });
    return Response.json({ caller: ctx.caller, method: req.method, path: new URL(req.url).pathname });
  },
  teapot: () =>
    Promise.resolve(
      new Response('short and stout', { status: 418, headers: { 'x-brew': 'earl-grey', 'x-relay-error': 'true' } }),
    ),
  broken: () => Promise.reject(new Error('db password is hunter2 at /srv/functions/broken.ts:3')),
  // A handler that breaks the contract (no Response): the host cannot relay anything.
  'no-response': () => Promise.resolve('not a response' as unknown as Response),
  created: async (req) => Response.json({ got: (await req.json()) }, { status: 201 }),
};

describe('functions host', () => {
  let backend: TestBackend;
  let userToken: string;
  beforeAll(async () => {
    backend = await startTestBackend({ functions: registry });
    userToken = await backend.deps.jwt.sign(
      { sub: '7d2c1f0e-4b8a-4c55-9a1e-2f6f3a1d9b10', role: 'authenticated', aud: 'authenticated', email: 'ada@example.org' },
      3600,
    );
  });
  afterAll(() => backend.stop());

  it('gives the handler the verified signed-in caller', async () => {
    const client = backend.client({ global: { headers: { authorization: `Bearer ${userToken}` } } });
    const { data, error } = await client.functions.invoke('whoami', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/whoami',
      caller: { id: '7d2c1f0e-4b8a-4c55-9a1e-2f6f3a1d9b10', email: 'ada@example.org', role: 'authenticated' },
    });
    expect(seen.at(-1)?.body).toBe('{"hello":"world"}');
  });

  it('treats the anon key as no caller and the service key as a caller without a user', async () => {
    const anon = await backend.client().functions.invoke('whoami');
    expect(anon.data).toMatchObject({ caller: null });
    const service = await backend.serviceClient().functions.invoke('whoami');
    expect(service.data).toMatchObject({ caller: { id: null, role: 'service_role' } });
  });

  it('passes any method, sub-path and query string through', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const { data } = await backend.client().functions.invoke('whoami', { method });
      expect(data).toMatchObject({ method });
    }
    const response = await fetch(`${backend.url}/functions/v1/whoami/items/42?sort=asc`, {
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
    expect(await response.json()).toMatchObject({ path: '/whoami/items/42' });
    expect(new URL(seen.at(-1)?.url ?? 'http://x').search).toBe('?sort=asc');
  });

  it("returns the handler's status, body and headers, and never its x-relay-error", async () => {
    const response = await fetch(`${backend.url}/functions/v1/teapot`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
    expect(response.status).toBe(418);
    expect(response.headers.get('x-brew')).toBe('earl-grey');
    expect(response.headers.get('x-relay-error')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('short and stout');

    const { error } = await backend.client().functions.invoke('teapot');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(418);

    const created = await backend.client().functions.invoke('created', { body: { a: 1 } });
    expect(created.data).toEqual({ got: { a: 1 } });
    expect(created.response?.status).toBe(201);
  });

  it('answers an unknown or malformed function name with 404 JSON', async () => {
    for (const name of ['nope', 'Whoami', '..%2F..%2Fetc', '-dash-first', 'a'.repeat(65)]) {
      const response = await fetch(`${backend.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${backend.anonKey}` },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    const bare = await fetch(`${backend.url}/functions/v1/`, { headers: { authorization: `Bearer ${backend.anonKey}` } });
    expect(bare.status).toBe(404);
    // Inherited object keys are not functions.
    const proto = await fetch(`${backend.url}/functions/v1/constructor`, { headers: { authorization: `Bearer ${backend.anonKey}` } });
    expect(proto.status).toBe(404);
  });

  it('refuses a missing, tampered, foreign or expired token with 401 before the handler runs', async () => {
    const before = seen.length;
    const missing = await fetch(`${backend.url}/functions/v1/whoami`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'missing_authorization' });

    const [header, payload] = userToken.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'x', role: 'service_role' })).toString('base64url');
    const foreign = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-project-secret-that-is-long-enough'));
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const expired = await backend.deps.jwt.sign({ sub: 'u', role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 120 }, 60);
    for (const [token, message] of [
      [`${header}.${forged}.${userToken.split('.')[2]}`, 'Invalid JWT'],
      [foreign, 'Invalid JWT'],
      [unsigned, 'Invalid JWT'],
      ['not-a-jwt', 'Invalid JWT'],
      [expired, 'JWT has expired'],
    ] as const) {
      const response = await fetch(`${backend.url}/functions/v1/whoami`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, apikey: backend.anonKey },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: expect.any(String), message });
    }
    expect(seen.length).toBe(before);
  });

  it('turns a throwing handler into 500 JSON with a request id and no internals', async () => {
    const response = await fetch(`${backend.url}/functions/v1/broken`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}`, 'x-request-id': 'fn-req-1' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-relay-error')).toBeNull();
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 'function_error', message: 'Function broken failed', request_id: 'fn-req-1' });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('.ts:');
  });

  it('reports a handler that returns no Response as a relay error', async () => {
    const { error } = await backend.client().functions.invoke('no-response');
    expect(error).toBeInstanceOf(FunctionsRelayError);
  });

  it('answers the browser preflight for a function itself', async () => {
    const response = await fetch(`${backend.url}/functions/v1/whoami`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type, x-app-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('x-app-version');
  });
});
