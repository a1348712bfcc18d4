import { Readable } from 'node:stream';
import type { FunctionRegistry } from '@appforge/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { openPglite } from '../../src/db/pglite.js';
import { CORS_ALLOWED_HEADERS } from '../../src/http/cors.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const echo: FunctionRegistry = {
  echo: async (req) => {
    const body = await req.text();
    return Response.json({ length: body.length });
  },
};

describe.each(DATABASES)('health on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  it('reports ok with the database kind and version', async () => {
    const response = await fetch(`${backend.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

describe('gateway edge', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ env: { MAX_BODY_BYTES: '2048' }, functions: echo });
  });
  afterAll(() => backend.stop());

  it('answers a browser preflight with every header the Supabase clients send, plus the requested ones', async () => {
    const response = await fetch(`${backend.url}/rest/v1/todos`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, prefer, x-my-app-header',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(', ');
    for (const header of [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'prefer',
      'range',
      'accept-profile',
      'content-profile',
      'x-upsert',
      'x-region',
      'x-retry-count',
      'x-my-app-header',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('does not echo a malformed requested header name into the allow list', async () => {
    const response = await fetch(`${backend.url}/auth/v1/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-ok, bad(header), <script>',
      },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(', ');
    expect(allowed).toEqual([...CORS_ALLOWED_HEADERS, 'x-ok']);
  });

  it('lets the browser read the headers postgrest-js, auth-js and functions-js need', async () => {
    const response = await fetch(`${backend.url}/health`, { headers: { origin: 'http://localhost:5173' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(', ');
    expect(exposed).toEqual(
      expect.arrayContaining([
        'content-range',
        'content-location',
        'location',
        'range-unit',
        'x-supabase-api-version',
        'x-total-count',
        'link',
        'x-relay-error',
        'preference-applied',
      ]),
    );
  });

  it('puts the CORS headers and the request id on every data API answer, served or refused', async () => {
    const asked = await fetch(`${backend.url}/rest/v1/no_such_table?select=id`, {
      headers: { origin: 'http://localhost:5173', apikey: backend.anonKey, 'x-request-id': 'req-rest-1' },
    });
    expect(asked.status).toBe(404);
    const refused = await fetch(`${backend.url}/rest/v1/anything`, {
      headers: { origin: 'http://localhost:5173', authorization: 'Bearer not-a-jwt', 'x-request-id': 'req-rest-2' },
    });
    expect(refused.status).toBe(401);
    for (const [response, id] of [
      [asked, 'req-rest-1'],
      [refused, 'req-rest-2'],
    ] as const) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(response.headers.get('x-request-id')).toBe(id);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const hostile = await fetch(`${backend.url}/rest/v1/no_such_table`, { headers: { apikey: backend.anonKey, 'x-request-id': 'bad id <x>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over MAX_BODY_BYTES with 413 JSON before the route sees it', async () => {
    const response = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}`, 'content-type': 'text/plain' },
      body: 'x'.repeat(4096),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('2048') });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('also refuses an oversized chunked body that declares no length', async () => {
    const chunks = Readable.from(Array.from({ length: 8 }, () => Buffer.alloc(512, 97)));
    const response = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}` },
      body: Readable.toWeb(chunks) as ReadableStream,
      duplex: 'half',
    });
    expect(response.status).toBe(413);
  });

  it('passes a chunked body under the limit through intact', async () => {
    const chunks = Readable.from(Array.from({ length: 3 }, () => Buffer.alloc(500, 97)));
    const response = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}` },
      body: Readable.toWeb(chunks) as ReadableStream,
      duplex: 'half',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: 1500 });
  });

  it('answers an unknown route with 404 JSON', async () => {
    const response = await fetch(`${backend.url}/nope/v1/thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ code: 'not_found', message: 'No route for GET /nope/v1/thing' });
  });

  it('echoes a sane x-request-id and replaces a hostile one', async () => {
    const kept = await fetch(`${backend.url}/health`, { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-123.abc');
    const replaced = await fetch(`${backend.url}/health`, { headers: { 'x-request-id': `<script>${'a'.repeat(300)}` } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await fetch(`${backend.url}/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns a thrown error into 500 JSON with the request id and no stack trace', async () => {
    const app = createApp(backend.deps);
    app.get('/boom', () => {
      throw new Error('secret detail at /srv/app/src/thing.ts:12');
    });
    const response = await app.request('/boom', { headers: { 'x-request-id': 'req-500' } });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on the server',
      request_id: 'req-500',
    });
    expect(body).not.toContain('secret detail');
    expect(body).not.toContain('.ts:');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('reports 503 from /health when the database is gone', async () => {
    const closed = await openPglite('memory://');
    await closed.close();
    const response = await createApp({ ...backend.deps, db: closed }).request('/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', database: 'pglite' });
    // Starting a second PGlite (initdb in WebAssembly) takes long on a busy machine.
  }, 90_000);

  it('answers malformed JSON read by a route with 400, not 500', async () => {
    const app = createApp(backend.deps);
    app.post('/parse', async (c) => c.json(await c.req.json()));
    const response = await app.request('/parse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });
});
