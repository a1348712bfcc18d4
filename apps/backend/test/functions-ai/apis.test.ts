// "Your APIs" end to end on the real backend: row-level security of Api, ApiEndpoint, ApiSecret
// and AppRunApiCall per operation; api-secret (only the owner, never echoed, encrypted at rest);
// api-test-call through the guarded client (a fake API on loopback, reachable only because the
// test hatch is on; private addresses refused even then); `api` steps in run-app (the owner's API
// and secret, each call recorded, no secret in any response, run record or error) and deploy-app
// refusing `api` steps that name someone else's API.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { OUTBOUND_CALLS_PER_MINUTE } from '@appforge/functions';
import { callFunction, runEvents, seedApp, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

const SECRET = 'sk-live-THE-VERY-SECRET-VALUE-9f3a';

/** OpenAPI documents the fake serves: one valid with a circular schema and an external $ref, one pointing at metadata. */
const DOCS: Record<string, unknown> = {
  '/docs/weather.json': {
    openapi: '3.0.3',
    info: { title: 'Weather service', version: '1', description: 'Forecasts' },
    servers: [{ url: '/v1' }],
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } } },
    },
    paths: {
      '/weather/{city}': {
        get: {
          summary: 'Current weather',
          parameters: [
            { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'days', in: 'query', schema: { type: 'integer' } },
          ],
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
        },
      },
      '/reports': { post: { operationId: 'createReport', requestBody: { content: { 'application/json': { schema: { $ref: 'shared.json#/Report' } } } }, responses: { 201: { description: 'made' } } } },
    },
  },
  '/docs/shared.json': { Report: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, score: { type: 'number' } } } },
  '/docs/evil.json': {
    openapi: '3.0.3',
    info: { title: 'Evil', version: '1' },
    paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'http://169.254.169.254/latest/meta-data/iam.json' } } } } } } } },
  },
  '/docs/local-file.json': {
    openapi: '3.0.3',
    info: { title: 'Local', version: '1' },
    paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'file:///etc/passwd' } } } } } } } },
  },
  '/docs/invalid.json': { openapi: '3.0.3', paths: {} },
};

/** A weather API on loopback: answers only with the right key; /echo repeats the request's credentials back. */
async function startFakeApi(): Promise<{ server: Server; port: number; requests: { url: string; key: string | undefined }[] }> {
  const requests: { url: string; key: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = req.headers['x-api-key'] as string | undefined;
    requests.push({ url: req.url ?? '', key });
    const doc = DOCS[url.pathname];
    if (doc !== undefined) return void res.writeHead(200, { 'content-type': 'application/json' }).end(typeof doc === 'string' ? doc : JSON.stringify(doc));
    // Like the public echo services: the credentials back exactly as they arrived on the wire.
    if (url.pathname === '/echo-all') {
      return void res
        .writeHead(200, { 'content-type': 'application/json', 'x-seen-authorization': req.headers.authorization ?? '' })
        .end(JSON.stringify({ authorization: req.headers.authorization ?? null, query: url.search, url: req.url }));
    }
    if (key !== SECRET) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
    if (url.pathname === '/echo') return void res.writeHead(200, { 'content-type': 'application/json', 'x-seen-key': key }).end(JSON.stringify({ youSent: key }));
    const city = url.pathname.split('/')[2] ?? '';
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city: decodeURIComponent(city), current: { temperature: 21, units: url.searchParams.get('units') ?? 'metric' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests };
}

describe.each(DATABASES)('Your APIs (%s)', (database) => {
  let backend: TestBackend;
  let fake: Awaited<ReturnType<typeof startFakeApi>>;
  let owner: TestUser;
  let other: TestUser;
  let apiId = '';
  let endpointId = '';
  let echoId = '';

  beforeAll(async () => {
    fake = await startFakeApi();
    backend = await startTestBackend({
      database,
      env: { OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true', OUTBOUND_PORTS: `80,443,${fake.port}`, SECRETS_KEY: 'test-secrets-key-0123456789-abcdefghijklmnop' },
    });
    owner = await signedIn(backend);
    other = await signedIn(backend);
    const api = await owner.client
      .from('Api')
      .insert({ name: 'Weather', base_url: `http://127.0.0.1:${fake.port}`, auth_kind: 'header', auth_name: 'x-api-key' })
      .select('id')
      .single<{ id: string }>();
    if (api.error) throw new Error(api.error.message);
    apiId = api.data.id;
    const endpoints = await owner.client
      .from('ApiEndpoint')
      .insert([
        {
          api_id: apiId,
          name: 'Current weather',
          path: '/weather/{city}',
          parameters: [
            { name: 'city', in: 'path', type: 'string', required: true },
            { name: 'units', in: 'query', type: 'string', required: false },
            { name: 'x-trace', in: 'header', type: 'string', required: false },
          ],
          response_path: '$.current',
          position: 0,
        },
        { api_id: apiId, name: 'Echo', path: '/echo', parameters: [], response_path: '', position: 1 },
      ])
      .select('id, name');
    if (endpoints.error) throw new Error(endpoints.error.message);
    endpointId = endpoints.data.find((e) => e.name === 'Current weather')?.id ?? '';
    echoId = endpoints.data.find((e) => e.name === 'Echo')?.id ?? '';
  }, 60_000);

  afterAll(async () => {
    await backend.stop();
    fake.server.closeAllConnections();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  describe('row-level security', () => {
    it('Api and ApiEndpoint: another user reads, changes, deletes and adds nothing of the owner’s', async () => {
      expect((await other.client.from('Api').select('id').eq('id', apiId)).data).toEqual([]);
      expect((await other.client.from('ApiEndpoint').select('id').eq('api_id', apiId)).data).toEqual([]);
      expect((await backend.client().from('Api').select('id')).data ?? []).toEqual([]);
      await other.client.from('Api').update({ base_url: 'http://evil.example' }).eq('id', apiId);
      await other.client.from('ApiEndpoint').update({ path: '/evil' }).eq('id', endpointId);
      await other.client.from('ApiEndpoint').delete().eq('id', endpointId);
      await other.client.from('Api').delete().eq('id', apiId);
      const stored = await backend.db.query<{ base_url: string }>('select base_url from public."Api" where id = $1', [apiId]);
      expect(stored.rows[0]?.base_url).toBe(`http://127.0.0.1:${fake.port}`);
      const path = await backend.db.query<{ path: string }>('select path from public."ApiEndpoint" where id = $1', [endpointId]);
      expect(path.rows[0]?.path).toBe('/weather/{city}');
      const sneaked = await other.client.from('ApiEndpoint').insert({ api_id: apiId, name: 'Sneaky', path: '/x' });
      expect(sneaked.error?.code).toBe('42501');
      const stolen = await other.client.from('Api').insert({ owner_id: owner.id, name: 'Fake', base_url: 'https://a.example' });
      expect(stolen.error?.code).toBe('42501');
    });

    it('Api: the owner cannot write the server-kept columns (secret marker, health)', async () => {
      const forged = await owner.client.from('Api').update({ secret_set: true, secret_last4: 'abcd' }).eq('id', apiId);
      expect(forged.error?.code).toBe('42501');
      const health = await owner.client.from('Api').update({ last_test_status: 200 }).eq('id', apiId);
      expect(health.error?.code).toBe('42501');
    });

    it('ApiSecret: no role but the service role reads or writes it, not even the owner', async () => {
      for (const client of [owner.client, other.client, backend.client()]) {
        const read = await client.from('ApiSecret').select('*');
        expect(read.error?.code).toBe('42501');
        const write = await client.from('ApiSecret').insert({ api_id: apiId, ciphertext: 'v1.00000000.a.b.c' });
        expect(write.error?.code).toBe('42501');
      }
    });
  });

  describe('api-secret', () => {
    it('stores the secret encrypted, shows only “set · last 4”, never echoes it', async () => {
      const response = await callFunction(backend, 'api-secret', { api_id: apiId, secret: SECRET }, owner.token);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(JSON.parse(text)).toEqual({ secret_set: true, secret_last4: '9f3a' });
      expect(text).not.toContain(SECRET);
      const row = await backend.db.query<{ ciphertext: string }>('select ciphertext from public."ApiSecret" where api_id = $1', [apiId]);
      expect(row.rows[0]?.ciphertext).toMatch(/^v1\./);
      expect(row.rows[0]?.ciphertext).not.toContain(SECRET);
      expect(row.rows[0]?.ciphertext).not.toContain(Buffer.from(SECRET).toString('base64url'));
      const seen = await owner.client.from('Api').select('secret_set, secret_last4').eq('id', apiId).single();
      expect(seen.data).toEqual({ secret_set: true, secret_last4: '9f3a' });
    });

    it('refuses another user’s API, a signed-out caller and a malformed body, changing nothing', async () => {
      const before = await backend.db.query<{ ciphertext: string }>('select ciphertext from public."ApiSecret" where api_id = $1', [apiId]);
      const foreign = await callFunction(backend, 'api-secret', { api_id: apiId, secret: 'mine-now-mine-now' }, other.token);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ code: 'api_not_found', message: 'You have no such API' });
      expect((await callFunction(backend, 'api-secret', { api_id: apiId, secret: 'x' })).status).toBe(401);
      const bad = await callFunction(backend, 'api-secret', { api_id: apiId, secret: 'a\r\nb' }, owner.token);
      expect(bad.status).toBe(400);
      const after = await backend.db.query<{ ciphertext: string }>('select ciphertext from public."ApiSecret" where api_id = $1', [apiId]);
      expect(after.rows).toEqual(before.rows);
    });
  });

  describe('api-test-call', () => {
    it('calls the endpoint with the secret and shows status, headers, timing, body and a masked curl', async () => {
      const response = await callFunction(backend, 'api-test-call', { api_id: apiId, endpoint_id: endpointId, params: { city: 'Lyon', units: 'imperial' } }, owner.token);
      const text = await response.text();
      expect(response.status).toBe(200);
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 200, ok: true, output: { temperature: 21, units: 'imperial' }, truncated: false });
      expect(JSON.parse(body.body as string)).toEqual({ city: 'Lyon', current: { temperature: 21, units: 'imperial' } });
      expect(body.duration_ms).toEqual(expect.any(Number));
      expect((body.request as { curl: string }).curl).toContain("-H 'x-api-key: ••••'");
      expect((body.request as { url: string }).url).toBe(`http://127.0.0.1:${fake.port}/weather/Lyon?units=imperial`);
      expect(text).not.toContain(SECRET);
      expect(fake.requests.at(-1)).toEqual({ url: '/weather/Lyon?units=imperial', key: SECRET });
      const health = await owner.client.from('Api').select('last_test_status').eq('id', apiId).single();
      expect(health.data).toEqual({ last_test_status: 200 });
    });

    it('scrubs the secret when the API echoes it back in its body or headers', async () => {
      const response = await callFunction(backend, 'api-test-call', { api_id: apiId, endpoint_id: echoId }, owner.token);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).not.toContain(SECRET);
      expect(text).toContain('••••');
    });

    it('scrubs a Basic-auth credential and a form-encoded query secret that the API echoes back', async () => {
      const secret = 'p@ss word/+=é&x';
      const basic = Buffer.from(`api-user:${secret}`).toString('base64');
      const formEncoded = new URLSearchParams({ k: secret }).toString().slice(2);
      for (const auth of [
        { auth_kind: 'basic', auth_name: 'api-user' },
        { auth_kind: 'query', auth_name: 'api_key' },
      ]) {
        const made = await owner.client
          .from('Api')
          .insert({ name: `Echo ${auth.auth_kind}`, base_url: `http://127.0.0.1:${fake.port}`, ...auth })
          .select('id')
          .single<{ id: string }>();
        if (made.error) throw new Error(made.error.message);
        const endpoint = await owner.client
          .from('ApiEndpoint')
          .insert({ api_id: made.data.id, name: 'Echo all', path: '/echo-all', parameters: [], response_path: '', position: 0 })
          .select('id')
          .single<{ id: string }>();
        if (endpoint.error) throw new Error(endpoint.error.message);
        expect((await callFunction(backend, 'api-secret', { api_id: made.data.id, secret }, owner.token)).status).toBe(200);
        const response = await callFunction(backend, 'api-test-call', { api_id: made.data.id, endpoint_id: endpoint.data.id }, owner.token);
        const text = await response.text();
        expect(response.status).toBe(200);
        // The API did receive the credential…
        const sent = fake.requests.at(-1)?.url ?? '';
        if (auth.auth_kind === 'query') expect(sent).toContain(`api_key=${formEncoded}`);
        // …and the person sees none of its forms.
        for (const form of [secret, encodeURIComponent(secret), formEncoded, basic, JSON.stringify(secret).slice(1, -1)]) expect(text).not.toContain(form);
        expect(text).toContain('••••');
      }
    });

    it('refuses CR/LF in a header parameter, a missing required parameter and another user’s API', async () => {
      const calls = fake.requests.length;
      const injected = await callFunction(
        backend,
        'api-test-call',
        { api_id: apiId, endpoint_id: endpointId, params: { city: 'Lyon', 'x-trace': 'a\r\nX-Admin: 1' } },
        owner.token,
      );
      expect(injected.status).toBe(422);
      expect(((await injected.json()) as { code: string }).code).toBe('header_injection');
      const missing = await callFunction(backend, 'api-test-call', { api_id: apiId, endpoint_id: endpointId, params: {} }, owner.token);
      expect(await missing.json()).toEqual({ code: 'missing_parameter', message: 'Current weather needs the parameter city.' });
      const foreign = await callFunction(backend, 'api-test-call', { api_id: apiId, endpoint_id: endpointId, params: { city: 'x' } }, other.token);
      expect(foreign.status).toBe(404);
      expect(fake.requests.length).toBe(calls);
    });

    it('refuses private and metadata addresses even with the loopback test hatch on', async () => {
      for (const base of ['http://10.0.0.1', 'http://169.254.169.254', 'http://[fd00:ec2::254]', 'http://0x0a000001']) {
        const api = await owner.client.from('Api').insert({ name: 'Internal', base_url: base }).select('id').single<{ id: string }>();
        const endpoint = await owner.client.from('ApiEndpoint').insert({ api_id: api.data?.id, name: 'Root', path: '/' }).select('id').single<{ id: string }>();
        const response = await callFunction(backend, 'api-test-call', { api_id: api.data?.id, endpoint_id: endpoint.data?.id }, owner.token);
        expect(response.status).toBe(422);
        const body = (await response.json()) as { code: string; message: string };
        expect(body.code).toBe('blocked_address');
        expect(body.message).toMatch(/only public internet addresses can be called/);
      }
    });
  });

  describe('api-import-openapi', () => {
    const importDoc = (body: unknown, token = owner.token) => callFunction(backend, 'api-import-openapi', body, token);

    it('reads a document by URL (circular and external $refs) into a preview, storing nothing', async () => {
      const before = await backend.db.query('select count(*)::int as n from public."Api"');
      const response = await importDoc({ url: `http://127.0.0.1:${fake.port}/docs/weather.json` });
      expect(response.status).toBe(200);
      const preview = (await response.json()) as { api: Record<string, unknown>; endpoints: Record<string, unknown>[]; skipped: string[] };
      expect(preview.api).toEqual({ name: 'Weather service', description: 'Forecasts', base_url: `http://127.0.0.1:${fake.port}/v1`, auth_kind: 'header', auth_name: 'X-API-Key' });
      expect(preview.endpoints).toEqual([
        expect.objectContaining({
          name: 'Current weather',
          method: 'GET',
          path: '/weather/{city}',
          parameters: [
            { name: 'city', in: 'path', type: 'string', required: true },
            { name: 'days', in: 'query', type: 'integer', required: false },
          ],
        }),
        expect.objectContaining({
          name: 'createReport',
          method: 'POST',
          parameters: [
            { name: 'title', in: 'body', type: 'string', required: true },
            { name: 'score', in: 'body', type: 'number', required: false },
          ],
        }),
      ]);
      expect((await backend.db.query('select count(*)::int as n from public."Api"')).rows).toEqual(before.rows);
    });

    it('reads an uploaded document too', async () => {
      const response = await importDoc({ document: JSON.stringify(DOCS['/docs/shared.json'] && { swagger: '2.0', info: { title: 'Old', version: '1' }, host: 'old.example', basePath: '/api', schemes: ['https'], paths: { '/items/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, type: 'integer' }], responses: { 200: { description: 'ok' } } } } } }) });
      expect(response.status).toBe(200);
      const preview = (await response.json()) as { api: { base_url: string }; endpoints: { parameters: unknown[] }[] };
      expect(preview.api.base_url).toBe('https://old.example/api');
      expect(preview.endpoints[0]?.parameters).toEqual([{ name: 'id', in: 'path', type: 'integer', required: true }]);
    });

    it('refuses an external $ref to a private address, a file: $ref, an invalid document and a signed-out caller', async () => {
      const evil = await importDoc({ url: `http://127.0.0.1:${fake.port}/docs/evil.json` });
      expect(evil.status).toBe(422);
      expect(await evil.json()).toMatchObject({ code: 'blocked_address' });
      const local = await importDoc({ url: `http://127.0.0.1:${fake.port}/docs/local-file.json` });
      expect(local.status).toBe(422);
      expect(JSON.stringify(await local.json())).not.toContain('root:');
      const invalid = await importDoc({ url: `http://127.0.0.1:${fake.port}/docs/invalid.json` });
      expect(await invalid.json()).toMatchObject({ code: 'invalid_document', message: expect.stringContaining('not a valid OpenAPI 3 or Swagger 2 document') as string });
      const privateUrl = await importDoc({ url: 'http://10.0.0.1/openapi.json' });
      expect(await privateUrl.json()).toMatchObject({ code: 'blocked_address' });
      expect((await callFunction(backend, 'api-import-openapi', { url: 'https://x.example/o.json' })).status).toBe(401);
    });

    it('limits outbound calls per person and minute, across the console and the import, with 429 and Retry-After', async () => {
      const person = await signedIn(backend);
      const answers = [];
      for (let i = 0; i < OUTBOUND_CALLS_PER_MINUTE; i += 1) {
        answers.push((await callFunction(backend, i % 2 ? 'api-import-openapi' : 'api-test-call', {}, person.token)).status);
      }
      expect(answers.every((status) => status === 400)).toBe(true);
      const limited = await callFunction(backend, 'api-import-openapi', { url: 'https://x.example/o.json' }, person.token);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await callFunction(backend, 'api-test-call', {}, person.token)).status).toBe(429);
      // Someone else still has their own allowance.
      expect((await importDoc({})).status).toBe(400);
    });

    it('refuses a 20 MB document', async () => {
      const response = await importDoc({ document: 'x'.repeat(20 * 1024 * 1024) });
      expect(response.status).toBe(413);
    });
  });

  describe('api steps in run-app', () => {
    const weatherSpec = (api: string, endpoint: string, outputPath?: string): Record<string, unknown> => ({
      entryStepId: 'ask',
      steps: [
        { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'city', label: 'City', required: true }] } },
        { id: 'call', kind: 'api', title: 'Weather', config: { apiId: api, endpointId: endpoint, params: { city: '{{city}}' }, outputVariable: 'weather', ...(outputPath ? { outputPath } : {}) } },
        { id: 'show', kind: 'output', title: 'Show', config: { template: 'It is {{weather}} degrees in {{city}}.' } },
      ],
    });

    it('a visitor’s run calls the owner’s API with the owner’s secret; the call is recorded, the secret nowhere', async () => {
      const { appId } = await seedApp(backend, owner.id, { spec: weatherSpec(apiId, endpointId, '$.current.temperature') });
      const first = await runEvents(backend, { app_id: appId, visitor_session: 'visitor-1' });
      const runId = (first[0]?.data as { run_id: string }).run_id;
      const events = await runEvents(backend, { app_id: appId, run_id: runId, visitor_session: 'visitor-1', inputs: { city: 'Nice' } });
      const output = events.find((e) => e.event === 'step_output' && e.data.stepId === 'show');
      expect(output?.data.value).toBe('It is 21 degrees in Nice.');
      expect(JSON.stringify(events)).not.toContain(SECRET);
      const calls = await backend.db.query<{ step_id: string; status: number; response_bytes: number; error_code: string | null }>(
        'select step_id, status, response_bytes, error_code from public."AppRunApiCall" where run_id = $1',
        [runId],
      );
      expect(calls.rows).toEqual([{ step_id: 'call', status: 200, response_bytes: expect.any(Number) as number, error_code: null }]);
      expect(calls.rows[0]?.response_bytes).toBeGreaterThan(10);
      const stored = await backend.db.query('select r.*, (select json_agg(s) from public."AppRunStep" s where s.run_id = r.id) as steps from public."AppRun" r where r.id = $1', [runId]);
      expect(JSON.stringify(stored.rows)).not.toContain(SECRET);
      // The owner reads the calls of their app's runs; nobody else does.
      expect((await owner.client.from('AppRunApiCall').select('status').eq('run_id', runId)).data).toEqual([{ status: 200 }]);
      expect((await other.client.from('AppRunApiCall').select('status').eq('run_id', runId)).data).toEqual([]);
    });

    it('an app cannot call someone else’s API: the step fails in words, nothing is sent', async () => {
      const calls = fake.requests.length;
      const { appId } = await seedApp(backend, other.id, { spec: weatherSpec(apiId, endpointId) });
      const first = await runEvents(backend, { app_id: appId, visitor_session: 'visitor-2' });
      const runId = (first[0]?.data as { run_id: string }).run_id;
      const events = await runEvents(backend, { app_id: appId, run_id: runId, visitor_session: 'visitor-2', inputs: { city: 'Nice' } });
      const failed = events.find((e) => e.event === 'run_failed');
      expect(failed?.data).toMatchObject({ code: 'api_error' });
      expect(String(failed?.data.message)).toContain('no such API');
      expect(fake.requests.length).toBe(calls);
    });

    it('deploy-app refuses a version whose api step names an API that is not the owner’s', async () => {
      const { appId, versionId } = await seedApp(backend, other.id, { spec: weatherSpec(apiId, endpointId), deployed: false });
      const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: versionId }, other.token);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('unknown_api');
    });
  });
});
