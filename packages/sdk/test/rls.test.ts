// Row-level security of supabase/migrations/20261121000300_apps_bundles_domains.sql on the real
// backend: for each table and operation, what a visitor, another user and the owner can do.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/database.types';
import { startBackend } from './backend';
import { deployTestVersion } from './helpers';
import type { SdkTestBackend } from './backend';

type Db = SupabaseClient<Database>;

/** Refused outright: no privilege, or a row the policies do not allow to be written. */
function expectDenied(result: { error: PostgrestError | null }): void {
  expect(result.error?.code).toBe('42501');
}

describe('row-level security on App, Bundle, BundleApp and CustomDomain', () => {
  let backend: SdkTestBackend;
  let admin: Db;
  let anon: Db;
  let owner: Db;
  let other: Db;
  let ownerId: string;
  let otherId: string;

  beforeAll(async () => {
    backend = await startBackend();
    admin = backend.admin;
    anon = backend.client().supabase;
    const ownerUser = await backend.signedInUser('owner');
    const otherUser = await backend.signedInUser('other');
    owner = ownerUser.client.supabase;
    other = otherUser.client.supabase;
    ownerId = ownerUser.id;
    otherId = otherUser.id;
  });
  afterAll(() => backend.stop());

  async function makeApp(fields: Partial<Database['public']['Tables']['App']['Insert']> = {}): Promise<string> {
    const id = crypto.randomUUID();
    const { error } = await admin.from('App').insert({ id, owner_id: ownerId, name: 'An app', ...fields });
    if (error) throw new Error(error.message);
    return id;
  }

  async function makeDeployedApp(fields: Partial<Database['public']['Tables']['App']['Insert']> = {}): Promise<string> {
    const id = await makeApp(fields);
    await deployTestVersion(admin, id);
    return id;
  }

  async function makeBundle(fields: Partial<Database['public']['Tables']['Bundle']['Insert']> = {}): Promise<string> {
    const id = crypto.randomUUID();
    const { error } = await admin.from('Bundle').insert({ id, owner_id: ownerId, name: 'A bundle', ...fields });
    if (error) throw new Error(error.message);
    return id;
  }

  async function appName(id: string): Promise<string | undefined> {
    return (await admin.from('App').select('name').eq('id', id).maybeSingle()).data?.name;
  }

  describe('App', () => {
    it('select: visitors and other users see deployed public and unlisted apps only; owners see all theirs', async () => {
      const publicApp = await makeDeployedApp({ visibility: 'public' });
      const unlisted = await makeDeployedApp({ visibility: 'unlisted' });
      const membersOnly = await makeDeployedApp({ visibility: 'signed_in' });
      const invited = await makeDeployedApp({ visibility: 'allowed_users' });
      const draft = await makeApp({ visibility: 'public' });
      const all = [publicApp, unlisted, membersOnly, invited, draft];
      const visible = async (db: Db) =>
        new Set(((await db.from('App').select('id').in('id', all)).data ?? []).map((row) => row.id));

      expect(await visible(anon)).toEqual(new Set([publicApp, unlisted]));
      expect(await visible(other)).toEqual(new Set([publicApp, unlisted, membersOnly]));
      expect(await visible(owner)).toEqual(new Set(all));
    });

    it('insert: visitors cannot, nobody can create an app for someone else, owners create their own', async () => {
      expectDenied(await anon.from('App').insert({ owner_id: ownerId, name: 'Visitor app' }));
      expectDenied(await other.from('App').insert({ owner_id: ownerId, name: 'Planted app' }));
      const created = await owner.from('App').insert({ owner_id: ownerId, name: 'Mine' }).select('id, visibility, api_access_enabled').single();
      expect(created.error).toBeNull();
      expect(created.data).toMatchObject({ visibility: 'public', api_access_enabled: false });
    });

    it('insert: the name must be 1 to 120 characters and the visibility one of the four', async () => {
      expect((await owner.from('App').insert({ owner_id: ownerId, name: '' })).error?.code).toBe('23514');
      expect((await owner.from('App').insert({ owner_id: ownerId, name: 'x'.repeat(121) })).error?.code).toBe('23514');
      expect((await owner.from('App').insert({ owner_id: ownerId, name: 'Odd', visibility: 'everyone' })).error?.code).toBe('23514');
    });

    it('update: visitors and other users change nothing, even on apps they can read; owners can, but not give them away', async () => {
      const id = await makeDeployedApp();
      const byAnon = await anon.from('App').update({ name: 'Defaced' }).eq('id', id).select('id');
      expect(byAnon.data ?? []).toEqual([]);
      const byOther = await other.from('App').update({ name: 'Defaced' }).eq('id', id).select('id');
      expect(byOther.data ?? []).toEqual([]);
      expect(await appName(id)).toBe('An app');

      const before = (await admin.from('App').select('updated_at').eq('id', id).single()).data?.updated_at;
      const renamed = await owner.from('App').update({ name: 'Renamed' }).eq('id', id).select('name, updated_at').single();
      expect(renamed.data?.name).toBe('Renamed');
      expect(renamed.data?.updated_at).not.toBe(before);
      expectDenied(await owner.from('App').update({ owner_id: otherId }).eq('id', id));
      expect((await admin.from('App').select('owner_id').eq('id', id).single()).data?.owner_id).toBe(ownerId);
    });

    it('delete: visitors and other users remove nothing; owners remove their apps', async () => {
      const id = await makeDeployedApp();
      await anon.from('App').delete().eq('id', id);
      await other.from('App').delete().eq('id', id);
      expect(await appName(id)).toBe('An app');
      const removed = await owner.from('App').delete().eq('id', id).select('id');
      expect(removed.data).toEqual([{ id }]);
      expect(await appName(id)).toBeUndefined();
    });
  });

  describe('Bundle', () => {
    it('select: public bundles are readable by anyone, others only by their owner', async () => {
      const publicBundle = await makeBundle({ visibility: 'public' });
      const unlisted = await makeBundle({ visibility: 'unlisted' });
      const visible = async (db: Db) =>
        ((await db.from('Bundle').select('id').in('id', [publicBundle, unlisted])).data ?? []).map((row) => row.id).sort();

      expect(await visible(anon)).toEqual([publicBundle]);
      expect(await visible(other)).toEqual([publicBundle]);
      expect(await visible(owner)).toEqual([publicBundle, unlisted].sort());
    });

    it('select: the allowed users list is not a column of Bundle any more (it lives in AllowedUser, owner-only)', async () => {
      const id = await makeBundle({ visibility: 'public' });
      expect((await owner.from('Bundle').select('allowed_users' as 'id').eq('id', id)).error).not.toBeNull();
    });

    it('insert: visitors cannot, nobody can create a bundle for someone else, owners create their own', async () => {
      expectDenied(await anon.from('Bundle').insert({ owner_id: ownerId, name: 'Visitor bundle' }));
      expectDenied(await other.from('Bundle').insert({ owner_id: ownerId, name: 'Planted bundle' }));
      const id = crypto.randomUUID();
      const created = await owner.from('Bundle').insert({ id, owner_id: ownerId, name: 'Kit' });
      expect(created.error).toBeNull();
      expect((await admin.from('Bundle').select('owner_id, name').eq('id', id).single()).data).toEqual({
        owner_id: ownerId,
        name: 'Kit',
      });
    });

    it('update: visitors and other users change nothing; owners rename and reprice', async () => {
      const id = await makeBundle({ visibility: 'public' });
      await anon.from('Bundle').update({ name: 'Defaced' }).eq('id', id);
      await other.from('Bundle').update({ name: 'Defaced', price: { kind: 'free', amount_cents: 0, currency: 'USD' } }).eq('id', id);
      expect((await admin.from('Bundle').select('name').eq('id', id).single()).data?.name).toBe('A bundle');
      const price = { kind: 'monthly', amount_cents: 500, currency: 'EUR' };
      expect((await owner.from('Bundle').update({ name: 'Kit 2', price }).eq('id', id)).error).toBeNull();
      const stored = (await admin.from('Bundle').select('name, price').eq('id', id).single()).data;
      expect(stored).toEqual({ name: 'Kit 2', price });
    });

    it('delete: visitors and other users remove nothing; owners remove their bundles', async () => {
      const id = await makeBundle({ visibility: 'public' });
      await anon.from('Bundle').delete().eq('id', id);
      await other.from('Bundle').delete().eq('id', id);
      expect((await admin.from('Bundle').select('id').eq('id', id)).data).toHaveLength(1);
      expect((await owner.from('Bundle').delete().eq('id', id)).error).toBeNull();
      expect((await admin.from('Bundle').select('id').eq('id', id)).data).toHaveLength(0);
    });
  });

  describe('BundleApp', () => {
    it('select: a bundle\'s apps are readable wherever the bundle is', async () => {
      const app = await makeApp();
      const publicBundle = await makeBundle({ visibility: 'public' });
      const unlisted = await makeBundle({ visibility: 'unlisted' });
      const { error } = await admin.from('BundleApp').insert([
        { bundle_id: publicBundle, app_id: app, position: 0 },
        { bundle_id: unlisted, app_id: app, position: 0 },
      ]);
      if (error) throw new Error(error.message);
      const bundlesOf = async (db: Db) =>
        ((await db.from('BundleApp').select('bundle_id').eq('app_id', app)).data ?? []).map((row) => row.bundle_id).sort();
      expect(await bundlesOf(anon)).toEqual([publicBundle]);
      expect(await bundlesOf(other)).toEqual([publicBundle]);
      expect(await bundlesOf(owner)).toEqual([publicBundle, unlisted].sort());
    });

    it('insert: only the bundle\'s owner adds apps, and only their own apps', async () => {
      const app = await makeApp();
      const bundle = await makeBundle();
      const { data: foreign } = await admin.from('App').insert({ owner_id: otherId, name: 'Not yours' }).select('id').single();
      expectDenied(await anon.from('BundleApp').insert({ bundle_id: bundle, app_id: app, position: 0 }));
      expectDenied(await other.from('BundleApp').insert({ bundle_id: bundle, app_id: app, position: 0 }));
      expectDenied(await owner.from('BundleApp').insert({ bundle_id: bundle, app_id: foreign?.id ?? '', position: 1 }));
      expect((await owner.from('BundleApp').insert({ bundle_id: bundle, app_id: app, position: 0 })).error).toBeNull();
      expect((await owner.from('BundleApp').insert({ bundle_id: bundle, app_id: app, position: 1 })).error?.code).toBe('23505');
    });

    it('update and delete: only the bundle\'s owner reorders or removes its apps', async () => {
      const app = await makeApp();
      const bundle = await makeBundle({ visibility: 'public' });
      await admin.from('BundleApp').insert({ bundle_id: bundle, app_id: app, position: 0 });
      const position = async () => (await admin.from('BundleApp').select('position').eq('bundle_id', bundle)).data;

      expect((await other.from('BundleApp').update({ position: 5 }).eq('bundle_id', bundle).select('position')).data ?? []).toEqual([]);
      expect((await anon.from('BundleApp').update({ position: 5 }).eq('bundle_id', bundle).select('position')).data ?? []).toEqual([]);
      await other.from('BundleApp').delete().eq('bundle_id', bundle);
      await anon.from('BundleApp').delete().eq('bundle_id', bundle);
      expect(await position()).toEqual([{ position: 0 }]);

      expect((await owner.from('BundleApp').update({ position: 3 }).eq('bundle_id', bundle).select('position')).data).toEqual([{ position: 3 }]);
      expect((await owner.from('BundleApp').update({ position: -1 }).eq('bundle_id', bundle)).error?.code).toBe('23514');
      await owner.from('BundleApp').delete().eq('bundle_id', bundle);
      expect(await position()).toEqual([]);
    });
  });

  describe('CustomDomain', () => {
    const noTarget = { app_id: null, is_app: false, is_landing_page: false, bundle_id: null, is_bundle: false };
    let host = 0;
    const nextHost = () => `site${(host += 1)}.example.org`;

    async function makeDomain(status: 'pending' | 'verified' | 'failed'): Promise<string> {
      const value = nextHost();
      const app = await makeApp();
      const { error } = await admin.from('CustomDomain').insert({ ...noTarget, value, app_id: app, is_app: true, owner_id: ownerId, status });
      if (error) throw new Error(error.message);
      return value;
    }

    it('select: anyone reads verified domains’ routing columns (the host check runs before sign-in); owners also their pending ones', async () => {
      const verified = await makeDomain('verified');
      const pending = await makeDomain('pending');
      const failed = await makeDomain('failed');
      const visible = async (db: Db) =>
        ((await db.from('CustomDomain').select('value').in('value', [verified, pending, failed])).data ?? []).map((row) => row.value).sort();
      expect(await visible(anon)).toEqual([verified]);
      expect(await visible(other)).toEqual([verified]);
      expect(await visible(owner)).toEqual([verified, pending, failed].sort());
    });

    it('insert: nobody writes a domain over REST, not even for their own app: domains are added through manage-domain (issue 26)', async () => {
      const app = await makeApp();
      const { data: foreign } = await admin.from('App').insert({ owner_id: otherId, name: 'Theirs' }).select('id').single();
      expectDenied(await anon.from('CustomDomain').insert({ ...noTarget, value: nextHost(), app_id: app, is_app: true, owner_id: ownerId }));
      expectDenied(await other.from('CustomDomain').insert({ ...noTarget, value: nextHost(), app_id: app, is_app: true, owner_id: ownerId }));
      expectDenied(await other.from('CustomDomain').insert({ ...noTarget, value: nextHost(), app_id: app, is_app: true, owner_id: otherId }));
      expectDenied(await owner.from('CustomDomain').insert({ ...noTarget, value: nextHost(), app_id: foreign?.id ?? null, is_app: true, owner_id: ownerId }));
      expectDenied(await owner.from('CustomDomain').insert({ ...noTarget, value: nextHost(), app_id: app, is_app: true, owner_id: ownerId }));
      expectDenied(await owner.from('CustomDomain').insert({ ...noTarget, value: 'schools.localhost', app_id: app, is_app: true, owner_id: ownerId }));
    });

    it('insert (server): the host must be lower-case without a port, not the platform’s own nor an address, and point at exactly one thing', async () => {
      const app = await makeApp();
      const bundle = await makeBundle();
      const attempt = (fields: Partial<Database['public']['Tables']['CustomDomain']['Insert']>) =>
        admin.from('CustomDomain').insert({ ...noTarget, value: nextHost(), owner_id: ownerId, ...fields });
      expect((await attempt({ value: 'Shop.Example.org', app_id: app, is_app: true })).error?.code).toBe('23514');
      expect((await attempt({ value: 'shop.example.org:8080', app_id: app, is_app: true })).error?.code).toBe('23514');
      expect((await attempt({ value: 'localhost', app_id: app, is_app: true })).error?.code).toBe('23514');
      expect((await attempt({ value: 'schools.localhost', app_id: app, is_app: true })).error?.code).toBe('23514');
      expect((await attempt({ value: '203.0.113.7', app_id: app, is_app: true })).error?.code).toBe('23514');
      expect((await attempt({})).error?.code).toBe('23514');
      expect((await attempt({ app_id: app, is_app: true, is_landing_page: true })).error?.code).toBe('23514');
      expect((await attempt({ app_id: app, is_app: true, bundle_id: bundle, is_bundle: true })).error?.code).toBe('23514');
      expect((await attempt({ is_bundle: true })).error?.code).toBe('23514');
      expect((await attempt({ bundle_id: bundle, is_bundle: true })).error).toBeNull();
    });

    it('update: nobody changes a domain over REST, neither its target nor its state (manage-domain switches targets)', async () => {
      const value = await makeDomain('verified');
      const bundle = await makeBundle();
      expectDenied(await anon.from('CustomDomain').update({ is_app: false, is_landing_page: true }).eq('value', value));
      expectDenied(await other.from('CustomDomain').update({ is_app: false, is_landing_page: true }).eq('value', value));
      expectDenied(await owner.from('CustomDomain').update({ ...noTarget, bundle_id: bundle, is_bundle: true }).eq('value', value));
      const pending = await makeDomain('pending');
      expectDenied(await owner.from('CustomDomain').update({ status: 'verified' }).eq('value', pending));
      expect((await admin.from('CustomDomain').select('status, is_app').eq('value', value).single()).data).toEqual({ status: 'verified', is_app: true });
      expect((await admin.from('CustomDomain').select('status').eq('value', pending).single()).data?.status).toBe('pending');
    });

    it('delete: owners remove their domains; visitors and other users remove nothing', async () => {
      const value = await makeDomain('verified');
      await anon.from('CustomDomain').delete().eq('value', value);
      await other.from('CustomDomain').delete().eq('value', value);
      expect((await admin.from('CustomDomain').select('value').eq('value', value)).data).toHaveLength(1);
      expect((await owner.from('CustomDomain').delete().eq('value', value).select('value')).data).toEqual([{ value }]);
      expect((await admin.from('CustomDomain').select('value').eq('value', value)).data).toHaveLength(0);
    });

    it('goes away with the app it serves, and everything goes away with its owner', async () => {
      const value = await makeDomain('verified');
      const { data: row } = await admin.from('CustomDomain').select('app_id').eq('value', value).single();
      await admin.from('App').delete().eq('id', row?.app_id ?? '');
      expect((await admin.from('CustomDomain').select('value').eq('value', value)).data).toHaveLength(0);

      const leaving = await backend.signedInUser('leaving');
      const app = crypto.randomUUID();
      await admin.from('App').insert({ id: app, owner_id: leaving.id, name: 'Soon gone' });
      await admin.auth.admin.deleteUser(leaving.id);
      expect((await admin.from('App').select('id').eq('id', app)).data).toHaveLength(0);
    });
  });
});
