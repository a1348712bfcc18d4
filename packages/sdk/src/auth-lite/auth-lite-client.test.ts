// @vitest-environment jsdom
// The light sign-in client against the real embedded backend, as in a browser tab (jsdom's
// localStorage is the tab's storage): it signs in with the e-mail code, the full client then
// finds the same session, and its public reads answer exactly like the full client's.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { deployTestVersion, uniqueEmail } from '../../test/helpers';
import { remoteBackend } from '../../test/remote-backend';
import type { RemoteBackend } from '../../test/remote-backend';
import { createAppforgeClient } from '../client';
import { fromPostgrest as fullFromPostgrest, isAppforgeError, NETWORK_MESSAGE as FULL_NETWORK_MESSAGE } from '../errors';
import type { AppforgeClient } from '../types';
import { nodeWebSocket } from '../../test/ws';
import { fromPostgrest, NETWORK_MESSAGE } from './appforge-error';
import { createAuthLiteClient, defaultStorageKey } from './auth-lite-client';
import type { SignInClient } from './auth-lite-client';

const { url, anonKey } = inject('backend');

describe('createAuthLiteClient', () => {
  let backend: RemoteBackend;
  const appId = crypto.randomUUID();
  const bundleId = crypto.randomUUID();
  const host = `lite-${Date.now().toString(36)}.example.org`;
  let storageCount = 0;
  const storageKey = () => `appforge-lite-test-${(storageCount += 1)}`;

  beforeAll(async () => {
    backend = remoteBackend();
    const owner = await backend.admin.auth.admin.createUser({ email: uniqueEmail('lite-owner'), email_confirm: true });
    if (owner.error) throw owner.error;
    const app = await backend.admin.from('App').insert({ id: appId, owner_id: owner.data.user.id, name: 'Poem Helper' });
    if (app.error) throw app.error;
    await deployTestVersion(backend.admin, appId);
    const bundle = await backend.admin.from('Bundle').insert({ id: bundleId, owner_id: owner.data.user.id, name: 'Writing Kit', visibility: 'public' });
    if (bundle.error) throw bundle.error;
    const domain = await backend.admin.from('CustomDomain').insert({
      value: host,
      app_id: appId,
      is_app: false,
      is_landing_page: true,
      bundle_id: null,
      is_bundle: false,
      owner_id: owner.data.user.id,
      status: 'verified',
      // Owned by this test: the shared backend's re-check job takes domains whose next check is
      // due (default: now) and, finding no DNS record for this made-up host, would unverify it
      // between this insert and the lookups below (issue 33).
      next_check_at: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    });
    if (domain.error) throw domain.error;
  });
  afterAll(() => backend.stopClients());

  it('refuses a missing URL or key with the full client\'s words', () => {
    expect(() => createAuthLiteClient({ url: '', anonKey })).toThrow('supabaseUrl is required.');
    expect(() => createAuthLiteClient({ url, anonKey: '' })).toThrow('supabaseKey is required.');
  });

  it('keeps the session under the storage key supabase-js derives, so both clients share it', () => {
    const full = createAppforgeClient({ url, anonKey, realtimeTransport: nodeWebSocket });
    expect(defaultStorageKey(url)).toBe((full.supabase.auth as unknown as { storageKey: string }).storageKey);
    void full.supabase.auth.stopAutoRefresh();
  });

  it('signs in with the e-mail code; after dispose the full client finds that session', async () => {
    const key = storageKey();
    const lite = createAuthLiteClient({ url, anonKey, storageKey: key });
    const events: string[] = [];
    const unsubscribe = lite.auth.onAuthStateChange((event) => events.push(event));
    expect(await lite.auth.getSession()).toBeNull();

    const email = uniqueEmail('lite');
    await lite.auth.sendEmailCode(email, { redirectTo: 'http://localhost:4173/settings' });
    await expect(lite.auth.verifyEmailCode(email, '000000')).rejects.toMatchObject({ code: 'otp_expired', status: 403 });
    const session = await lite.auth.verifyEmailCode(email, await backend.codeFor(email));
    expect(session.user.email).toBe(email);
    expect(events).toContain('SIGNED_IN');
    unsubscribe();
    await lite.dispose();

    const full = createAppforgeClient({ url, anonKey, storageKey: key, realtimeTransport: nodeWebSocket });
    expect((await full.auth.getSession())?.user.id).toBe(session.user.id);
    // The shared session is a real one: the backend accepts it for the User row.
    expect(await full.users.ensure()).toMatchObject({ created: true });
    await full.auth.signOut();
    await full.supabase.auth.stopAutoRefresh();
  });

  it('one auth client per page: the full client made after the light one is disposed logs no "Multiple GoTrueClient instances"', async () => {
    const key = storageKey();
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args);
    });
    try {
      const lite = createAuthLiteClient({ url, anonKey, storageKey: key });
      await lite.auth.getSession();
      await lite.dispose();
      await lite.dispose();
      const full = createAppforgeClient({ url, anonKey, storageKey: key, realtimeTransport: nodeWebSocket });
      await full.auth.getSession();
      await full.supabase.auth.stopAutoRefresh();
      expect(warnings.map((args) => String(args[0])).filter((line) => line.includes('Multiple GoTrueClient'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('reads app and bundle names and custom domains like the full client, not_found included', async () => {
    const lite = createAuthLiteClient({ url, anonKey, storageKey: storageKey() });
    const full = backend.client();
    expect(await lite.apps.getName(appId)).toBe('Poem Helper');
    expect(await lite.bundles.getName(bundleId)).toBe('Writing Kit');
    expect(await lite.customDomains.lookup(`${host.toUpperCase()}:4173`)).toEqual(await full.customDomains.lookup(host));
    expect(await lite.customDomains.lookup(host)).toEqual({ app_id: appId, is_app: false, is_landing_page: true, bundle_id: null, is_bundle: false });
    expect(await lite.customDomains.lookup('nobody.example.org')).toBeNull();
    for (const id of [crypto.randomUUID(), "1' or '1'='1"]) {
      await expect(lite.apps.getName(id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
      await expect(full.apps.getName(id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    }
    await lite.dispose();
  });

  it('names a join link’s class to a signed-out visitor like the full client, and nothing for a wrong code', async () => {
    const teacher = await backend.admin.auth.admin.createUser({ email: uniqueEmail('lite-teacher'), email_confirm: true });
    if (teacher.error) throw teacher.error;
    const klass = await backend.admin.from('Class').insert({ name: 'Poetry 9', teacher_id: teacher.data.user.id }).select('join_code').single();
    if (klass.error) throw klass.error;
    const lite = createAuthLiteClient({ url, anonKey, storageKey: storageKey() });
    const full = backend.client();
    const spaced = `${klass.data.join_code.slice(0, 4).toLowerCase()}-${klass.data.join_code.slice(4)}`;
    for (const client of [lite, full]) {
      expect(await client.classes.joinPreview(spaced)).toEqual({ className: 'Poetry 9', schoolName: null });
      expect(await client.classes.joinPreview('ZZZZZZZZ')).toBeNull();
      expect(await client.classes.joinPreview("' or 1=1 --")).toBeNull();
    }
    await lite.dispose();
  });

  it('names a deployed app for signed-in people to a signed-out visitor (its sign-in page), but not an invite-only or undeployed one', async () => {
    const owner = await backend.admin.auth.admin.createUser({ email: uniqueEmail('members-owner'), email_confirm: true });
    if (owner.error) throw owner.error;
    const ids = { members: crypto.randomUUID(), invited: crypto.randomUUID(), draft: crypto.randomUUID() };
    const rows = [
      { id: ids.members, name: 'Members Quiz', visibility: 'signed_in' as const },
      { id: ids.invited, name: 'Staff Planner', visibility: 'allowed_users' as const },
      { id: ids.draft, name: 'Draft Quiz', visibility: 'signed_in' as const },
    ];
    const inserted = await backend.admin.from('App').insert(rows.map((row) => ({ ...row, owner_id: owner.data.user.id })));
    if (inserted.error) throw inserted.error;
    await deployTestVersion(backend.admin, ids.members);
    await deployTestVersion(backend.admin, ids.invited);
    const lite = createAuthLiteClient({ url, anonKey, storageKey: storageKey() });
    const full = backend.client();
    // Signed out, the row itself stays hidden; only the name is told.
    expect((await full.supabase.from('App').select('id, name').eq('id', ids.members)).data).toEqual([]);
    expect(await lite.apps.getName(ids.members)).toBe('Members Quiz');
    expect(await full.apps.getName(ids.members)).toBe('Members Quiz');
    for (const id of [ids.invited, ids.draft]) {
      await expect(lite.apps.getName(id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
      await expect(full.apps.getName(id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    }
    await lite.dispose();
  });

  it('tells the sign-in page an app’s icon, and a bundle’s first app’s, to anyone with the id; never an invite-only or undeployed one', async () => {
    const owner = await backend.admin.auth.admin.createUser({ email: uniqueEmail('icon-owner'), email_confirm: true });
    if (owner.error) throw owner.error;
    const ownerId = owner.data.user.id;
    const ids = { members: crypto.randomUUID(), invited: crypto.randomUUID(), draft: crypto.randomUUID(), plain: crypto.randomUUID() };
    const icon = (id: string) => `${ownerId}/${id}/icon.png`;
    const inserted = await backend.admin.from('App').insert([
      { id: ids.members, owner_id: ownerId, name: 'Members Quiz', visibility: 'signed_in', icon_path: icon(ids.members) },
      { id: ids.invited, owner_id: ownerId, name: 'Staff Planner', visibility: 'allowed_users', icon_path: icon(ids.invited) },
      { id: ids.draft, owner_id: ownerId, name: 'Draft Quiz', visibility: 'public', icon_path: icon(ids.draft) },
      { id: ids.plain, owner_id: ownerId, name: 'Plain Quiz', visibility: 'public', icon_path: null },
    ]);
    if (inserted.error) throw inserted.error;
    for (const id of [ids.members, ids.invited, ids.plain]) await deployTestVersion(backend.admin, id);
    const kit = crypto.randomUUID();
    const hidden = crypto.randomUUID();
    const bundles = await backend.admin.from('Bundle').insert([
      { id: kit, owner_id: ownerId, name: 'Quiz Kit', visibility: 'public' },
      { id: hidden, owner_id: ownerId, name: 'Staff Kit', visibility: 'allowed_users' },
    ]);
    if (bundles.error) throw bundles.error;
    // The kit's first app has no icon and its second is a draft: the third one's icon is shown.
    const members = await backend.admin.from('BundleApp').insert([
      { bundle_id: kit, app_id: ids.plain, position: 0 },
      { bundle_id: kit, app_id: ids.draft, position: 1 },
      { bundle_id: kit, app_id: ids.members, position: 2 },
      { bundle_id: hidden, app_id: ids.members, position: 0 },
    ]);
    if (members.error) throw members.error;

    const lite = createAuthLiteClient({ url, anonKey, storageKey: storageKey() });
    const full = backend.client();
    const expected = full.apps.iconUrl(icon(ids.members));
    expect(expected).toMatch(/\/storage\/v1\/object\/public\/app-icons\//);
    for (const client of [lite, full] as SignInClient[]) {
      expect(await client.apps.getSignInIcon(ids.members)).toBe(expected);
      expect(await client.bundles.getSignInIcon(kit)).toBe(expected);
      for (const id of [ids.invited, ids.draft, ids.plain, crypto.randomUUID(), "1' or '1'='1"]) expect(await client.apps.getSignInIcon(id)).toBeNull();
      expect(await client.bundles.getSignInIcon(hidden)).toBeNull();
    }
    await lite.dispose();
    // With image transformations on, both clients ask for the same 192 px rendering.
    const renderingLite = createAuthLiteClient({ url, anonKey, storageKey: storageKey(), imageTransformations: true });
    const renderingFull = backend.client({ imageTransformations: true });
    const rendered = renderingFull.apps.iconUrl(icon(ids.members));
    expect(rendered).toMatch(/\/storage\/v1\/render\/image\/public\/app-icons\/.*\?width=192&height=192&resize=cover$/);
    for (const client of [renderingLite, renderingFull] as SignInClient[]) {
      expect(await client.apps.getSignInIcon(ids.members)).toBe(rendered);
      expect(await client.bundles.getSignInIcon(kit)).toBe(rendered);
    }
    await renderingLite.dispose();
  });

  it('turns an unreachable backend into network_error', async () => {
    const lite = createAuthLiteClient({ url: 'http://127.0.0.1:9', anonKey, storageKey: storageKey() });
    await expect(lite.apps.getName(appId)).rejects.toMatchObject({ code: 'network_error', status: 0 });
    await expect(lite.customDomains.lookup('a.example.org')).rejects.toMatchObject({ code: 'network_error' });
    await expect(lite.auth.sendEmailCode('a@example.org')).rejects.toMatchObject({ code: 'network_error' });
    await lite.dispose();
  });

  it('a server error keeps its status and PostgREST code', async () => {
    const lite = createAuthLiteClient({
      url,
      anonKey,
      storageKey: storageKey(),
      fetch: () => Promise.resolve(Response.json({ code: '42501', message: 'permission denied for table App' }, { status: 401 })),
    });
    await expect(lite.apps.getName(appId)).rejects.toMatchObject({ code: 'permission_denied', status: 401 });
    await lite.dispose();
  });

  it('throws the full SDK’s own AppforgeError, so one instanceof check covers both clients', () => {
    expect(NETWORK_MESSAGE).toBe(FULL_NETWORK_MESSAGE);
    for (const code of ['PGRST116', '42501', '23505', 'XX000', '']) {
      const lite = fromPostgrest({ code, message: `failure ${code}` }, 400);
      expect(isAppforgeError(lite)).toBe(true);
      expect(lite).toEqual(fullFromPostgrest({ code, message: `failure ${code}` }, 400));
    }
    expect(fromPostgrest({ code: '', message: 'TypeError: fetch failed' }, 0).code).toBe('network_error');
  });

  it('the full client can stand wherever the sign-in client is asked for', () => {
    const full: AppforgeClient = backend.client();
    const signIn: SignInClient = full;
    expect(typeof signIn.auth.sendEmailCode).toBe('function');
  });
});
