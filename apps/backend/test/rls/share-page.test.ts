// Issue 28, "Pages that preview when shared": what the web server learns, asking without a
// session, about a page it is about to serve (share_page_facts) and which pages it lists in
// sitemap.xml (share_sitemap). Only what a signed-out visitor could read anyway: a private,
// invited-only or draft app, a private bundle and an unknown id answer nothing and are never listed.
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

async function facts(client: SupabaseClient, kind: string, id: string): Promise<unknown> {
  const { data, error } = await client.rpc('share_page_facts', { kind, id });
  if (error) throw new Error(error.message);
  return data;
}

async function sitemap(client: SupabaseClient, customHost?: string): Promise<string[]> {
  const { data, error } = await client.rpc('share_sitemap', customHost === undefined ? {} : { custom_host: customHost });
  if (error) throw new Error(error.message);
  return (data as { path: string }[]).map((row) => row.path);
}

async function app(options: { visibility?: string; deployed?: boolean; name?: string } = {}): Promise<string> {
  const { appId } = await seedApp(backend, owner.id, options);
  await backend.db.query(
    `update public."App" set name = $2, description = 'Explains a topic in three sentences.', icon_path = $3,
       price = '{"kind":"one_time","amount_cents":499,"currency":"EUR"}' where id = $1`,
    [appId, options.name ?? 'Topic explainer', `${owner.id}/${appId}/icon.png`],
  );
  return appId;
}

async function bundle(visibility: string): Promise<string> {
  const result = await backend.db.query<{ id: string }>(
    `insert into public."Bundle" (owner_id, name, description, visibility) values ($1, 'Study kit', 'Three study apps.', $2) returning id`,
    [owner.id, visibility],
  );
  return result.rows[0]?.id ?? '';
}

describe('share_page_facts: what a shared link previews (issue 28)', () => {
  it('tells anyone the name, description, icon, price of a public deployed app, and that it is listed', async () => {
    const appId = await app();
    const expected = {
      name: 'Topic explainer',
      description: 'Explains a topic in three sentences.',
      icon_path: `${owner.id}/${appId}/icon.png`,
      price: { kind: 'one_time', amount_cents: 499, currency: 'EUR' },
      listed: true,
    };
    expect(await facts(anon, 'app', appId)).toEqual(expected);
    expect(await facts(stranger.client, 'app', appId)).toEqual(expected);
  });

  it('an unlisted app previews but is not listed', async () => {
    const appId = await app({ visibility: 'unlisted' });
    expect(await facts(anon, 'app', appId)).toMatchObject({ name: 'Topic explainer', listed: false });
  });

  it.each([
    ['a draft that was never deployed', { deployed: false }],
    ['an app for signed-in people only', { visibility: 'signed_in' }],
    ['an app for invited people only', { visibility: 'allowed_users' }],
  ])('tells nothing about %s, signed in or not', async (_what, options) => {
    const appId = await app({ ...options, name: 'Secret plans' });
    expect(await facts(anon, 'app', appId)).toBeNull();
    expect(await facts(stranger.client, 'app', appId)).toBeNull();
    expect(await sitemap(anon)).not.toContain(`/landing-page/${appId}`);
    expect(await sitemap(anon)).not.toContain(`/deployed-app/${appId}`);
  });

  it('tells a public bundle, and nothing of a private bundle or an unknown id', async () => {
    const open = await bundle('public');
    const answer = await facts(anon, 'bundle', open);
    expect(answer).toEqual({ name: 'Study kit', description: 'Three study apps.', icon_path: null, price: null, listed: true });
    const hidden = await bundle('allowed_users');
    expect(await facts(anon, 'bundle', hidden)).toBeNull();
    expect(await facts(anon, 'app', crypto.randomUUID())).toBeNull();
    expect(await facts(anon, 'bundle', crypto.randomUUID())).toBeNull();
    expect(await facts(anon, 'something-else', open)).toBeNull();
  });

  it('gives no way to change anything: the function is read-only and the tables stay closed to strangers', async () => {
    const appId = await app();
    await anon.from('App').update({ name: 'Hacked' }).eq('id', appId);
    await stranger.client.from('App').update({ name: 'Hacked' }).eq('id', appId);
    expect(await facts(anon, 'app', appId)).toMatchObject({ name: 'Topic explainer' });
  });
});

describe('share_sitemap: the public pages of a host (issue 28)', () => {
  it('lists public deployed apps (landing page and app) and public bundles on the platform host, never unlisted ones', async () => {
    const listed = await app();
    const unlisted = await app({ visibility: 'unlisted' });
    const open = await bundle('public');
    const unlistedBundle = await bundle('unlisted');
    const paths = await sitemap(anon);
    expect(paths).toEqual(expect.arrayContaining([`/landing-page/${listed}`, `/deployed-app/${listed}`, `/bundle/${open}`]));
    expect(paths.filter((path) => path.includes(unlisted) || path.includes(unlistedBundle))).toEqual([]);
  });

  it('on a custom domain lists its own target only, once verified and public', async () => {
    const target = await app();
    const other = await app();
    const host = `quiz-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await backend.db.query(
      `insert into public."CustomDomain" (value, app_id, is_landing_page, owner_id, status) values ($1, $2, true, $3, 'pending')`,
      [host, target, owner.id],
    );
    expect(await sitemap(anon, host)).toEqual([]);
    await backend.db.query(`update public."CustomDomain" set status = 'verified' where value = $1`, [host]);
    expect(await sitemap(anon, host)).toEqual([`/landing-page/${target}`]);
    expect(await sitemap(anon, host.toUpperCase())).toEqual([`/landing-page/${target}`]);
    expect(await sitemap(anon, host)).not.toContain(`/deployed-app/${other}`);
    await backend.db.query(`update public."App" set visibility = 'signed_in' where id = $1`, [target]);
    expect(await sitemap(anon, host)).toEqual([]);
    expect(await sitemap(anon, 'unknown.example.com')).toEqual([]);
  });
});
