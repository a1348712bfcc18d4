// Issue 28, "Embed on your site": only an app's owner turns embedding on and lists the sites that
// may frame it; the database refuses anything that is not a bare origin (a stored value goes into a
// Content-Security-Policy header as it is); and the web server, asking without a session, learns
// the list only for a deployed app with embedding on. Real supabase-js clients with real JWTs.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApp, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

let backend: TestBackend;
let owner: TestUser;
let stranger: TestUser;
let anon: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  owner = await signedIn(backend);
  stranger = await signedIn(backend);
  anon = backend.client();
});
afterAll(async () => {
  await backend.stop();
});

async function embedOf(appId: string): Promise<{ embed_enabled: boolean; embed_origins: string[] }> {
  const result = await backend.db.query<{ embed_enabled: boolean; embed_origins: string[] }>(
    'select embed_enabled, embed_origins from public."App" where id = $1',
    [appId],
  );
  const row = result.rows[0];
  if (!row) throw new Error('no such app');
  return row;
}

async function ancestors(appId: string): Promise<unknown> {
  const { data, error } = await anon.rpc('app_frame_ancestors', { app_id: appId });
  if (error) throw new Error(error.message);
  return data;
}

describe('embedding an app on other sites (issue 28)', () => {
  it('is off by default, and a signed-out visitor learns no allowed site', async () => {
    const { appId } = await seedApp(backend, owner.id);
    expect(await embedOf(appId)).toEqual({ embed_enabled: false, embed_origins: [] });
    expect(await ancestors(appId)).toEqual([]);
  });

  it('the owner turns it on with a list of sites, which the web server then reads without a session', async () => {
    const { appId } = await seedApp(backend, owner.id);
    const origins = ['https://blog.example.com', 'https://*.school.example', 'http://embedder.localhost:4173'];
    const { error } = await owner.client.from('App').update({ embed_enabled: true, embed_origins: origins }).eq('id', appId);
    expect(error).toBeNull();
    expect(await embedOf(appId)).toEqual({ embed_enabled: true, embed_origins: origins });
    expect(await ancestors(appId)).toEqual(origins);
  });

  it('the list is not told while embedding is off, nor for an app that is not deployed or does not exist', async () => {
    const off = await seedApp(backend, owner.id);
    await backend.db.query(`update public."App" set embed_origins = '{https://blog.example.com}' where id = $1`, [off.appId]);
    expect(await ancestors(off.appId)).toEqual([]);
    const draft = await seedApp(backend, owner.id, { deployed: false });
    await backend.db.query(`update public."App" set embed_enabled = true, embed_origins = '{https://blog.example.com}' where id = $1`, [draft.appId]);
    expect(await ancestors(draft.appId)).toEqual([]);
    expect(await ancestors('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('nobody else can turn embedding on or add their own site, signed in or not', async () => {
    const { appId } = await seedApp(backend, owner.id);
    await stranger.client.from('App').update({ embed_enabled: true, embed_origins: ['https://evil.example'] }).eq('id', appId);
    await anon.from('App').update({ embed_enabled: true, embed_origins: ['https://evil.example'] }).eq('id', appId);
    expect(await embedOf(appId)).toEqual({ embed_enabled: false, embed_origins: [] });
    expect(await ancestors(appId)).toEqual([]);
  });

  it.each([
    ['a directive smuggled after a semicolon', 'https://a.com; script-src *'],
    ['a space-separated second source', 'https://a.com https://b.com'],
    ['a quoted keyword', "'self'"],
    ['a javascript: address', 'javascript:alert(1)'],
    ['plain http to a real host', 'http://evil.com'],
    ['a path', 'https://a.com/page'],
    ['capital letters (the header is compared as written)', 'https://A.com'],
    ['a bare wildcard', '*'],
    ['an empty string', ''],
  ])('the database refuses %s, even from the owner', async (_what, origin) => {
    const { appId } = await seedApp(backend, owner.id);
    const { error } = await owner.client.from('App').update({ embed_enabled: true, embed_origins: [origin] }).eq('id', appId);
    expect(error?.code).toBe('23514');
    expect(await embedOf(appId)).toEqual({ embed_enabled: false, embed_origins: [] });
  });

  it('the database refuses more than 20 sites', async () => {
    const { appId } = await seedApp(backend, owner.id);
    const many = Array.from({ length: 21 }, (_, index) => `https://site${index}.example.com`);
    const { error } = await owner.client.from('App').update({ embed_origins: many }).eq('id', appId);
    expect(error?.code).toBe('23514');
    const twenty = many.slice(0, 20);
    const ok = await owner.client.from('App').update({ embed_origins: twenty }).eq('id', appId);
    expect(ok.error).toBeNull();
  });
});

describe('GET /functions/v1/frame-ancestors: what Caddy asks in production (issue 28)', () => {
  const ask = (appId: string) => fetch(`${backend.url}/functions/v1/frame-ancestors?app_id=${encodeURIComponent(appId)}`);

  it('answers 200 with the https origins in one header, ready for the policy, only while embedding is on', async () => {
    const { appId } = await seedApp(backend, owner.id);
    const origins = ['https://blog.example.com', 'https://*.school.example', 'http://embedder.localhost:4173'];
    await owner.client.from('App').update({ embed_enabled: true, embed_origins: origins }).eq('id', appId);
    const on = await ask(appId.toUpperCase());
    expect(on.status).toBe(200);
    // Production never lets plain http frame an app: the loopback origin is for development only.
    expect(on.headers.get('x-appforge-frame-ancestors')).toBe('https://blog.example.com https://*.school.example');
    expect(on.headers.get('cache-control')).toBe('no-store');

    await owner.client.from('App').update({ embed_enabled: false }).eq('id', appId);
    const off = await ask(appId);
    expect(off.status).toBe(404);
    expect(off.headers.get('x-appforge-frame-ancestors')).toBeNull();
  });

  it('answers 404 for an app with only loopback sites, an unknown app and a malformed or hostile id, and 405 for POST', async () => {
    const { appId } = await seedApp(backend, owner.id);
    await owner.client.from('App').update({ embed_enabled: true, embed_origins: ['http://localhost:4173'] }).eq('id', appId);
    for (const id of [appId, crypto.randomUUID(), 'nope', "' or 1=1 --", `${appId}; frame-ancestors *`]) {
      const answer = await ask(id);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-appforge-frame-ancestors')).toBeNull();
    }
    expect((await fetch(`${backend.url}/functions/v1/frame-ancestors?app_id=${appId}`, { method: 'POST' })).status).toBe(405);
  });
});
