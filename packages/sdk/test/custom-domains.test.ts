// The SDK's custom-domain calls against the real backend and manage-domain (issue 18): what the
// domains screens rely on — errors arrive as AppforgeError with the server's code and words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppforgeError } from '../src/errors';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

describe('client.customDomains', () => {
  let backend: SdkTestBackend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.stop());

  it('adds, lists, switches, checks and removes an owner’s domain; a *.localhost host verifies at once', async () => {
    const owner = await backend.signedInUser('domains-owner');
    const appId = crypto.randomUUID();
    await backend.admin.from('App').insert({ id: appId, owner_id: owner.id, name: 'Quiz' });
    const domains = owner.client.customDomains;

    const added = await domains.add('Quiz-SDK.localhost', { kind: 'app', app_id: appId });
    expect(added).toMatchObject({ host: 'quiz-sdk.localhost', status: 'verified', target: { kind: 'app', app_id: appId } });
    expect(added.note).toMatch(/development/);
    expect(await backend.client().customDomains.lookup('quiz-sdk.localhost')).toMatchObject({ app_id: appId, is_app: true });

    const pending = await domains.add('www.sdk-example.org', { kind: 'landing_page', app_id: appId });
    expect(pending.status).toBe('pending');
    // Its owner may read the pending row, yet the host check does not serve it, to them either.
    expect(await domains.lookup('www.sdk-example.org')).toBeNull();
    expect(pending.records.map((record) => record.type)).toEqual(['TXT', 'CNAME']);
    expect((await domains.listMine({ appId })).map((domain) => domain.host)).toEqual(['quiz-sdk.localhost', 'www.sdk-example.org']);

    const switched = await domains.switchTarget('quiz-sdk.localhost', { kind: 'landing_page', app_id: appId });
    expect(switched.target).toEqual({ kind: 'landing_page', app_id: appId });
    expect((await domains.check('quiz-sdk.localhost')).status).toBe('verified');

    await domains.remove('quiz-sdk.localhost');
    expect(await backend.client().customDomains.lookup('quiz-sdk.localhost')).toBeNull();
  });

  it('nobody claims a host over REST, and visitors read a domain’s target but never its owner or token (issue 26)', async () => {
    const owner = await backend.signedInUser('domains-rest');
    const appId = crypto.randomUUID();
    await backend.admin.from('App').insert({ id: appId, owner_id: owner.id, name: 'Quiz' });
    for (const value of ['schools.localhost', 'victim.sdk-example.org', '198.51.100.4']) {
      const squatted = await owner.client.supabase.from('CustomDomain').insert({ value, owner_id: owner.id, app_id: appId, is_app: true });
      expect(squatted.error?.code).toBe('42501');
    }
    await owner.client.customDomains.add('routed-sdk.localhost', { kind: 'app', app_id: appId });
    const visitor = backend.client();
    expect(await visitor.customDomains.lookup('routed-sdk.localhost')).toEqual({ app_id: appId, is_app: true, is_landing_page: false, bundle_id: null, is_bundle: false });
    const secrets = await visitor.supabase.from('CustomDomain').select('owner_id, verification_token').eq('value', 'routed-sdk.localhost');
    expect(secrets.error?.code).toBe('42501');
    expect(secrets.data).toBeNull();
    // The plan page still counts the owner's domains.
    const plan = await owner.client.billing.myPlan();
    expect(plan.usage.find((entry) => entry.key === 'custom_domains')?.used).toBe(1);
  });

  it('a bad host and a host someone else has verified fail with the server’s code and message; nothing changes', async () => {
    const owner = await backend.signedInUser('domains-a');
    const other = await backend.signedInUser('domains-b');
    const mine = crypto.randomUUID();
    const theirs = crypto.randomUUID();
    await backend.admin.from('App').insert([
      { id: mine, owner_id: owner.id, name: 'Mine' },
      { id: theirs, owner_id: other.id, name: 'Theirs' },
    ]);
    const bad = await owner.client.customDomains.add('https://shop.example.org', { kind: 'app', app_id: mine }).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(AppforgeError);
    expect(bad).toMatchObject({ code: 'invalid_host', status: 400 });
    expect((bad as AppforgeError).message).toMatch(/Leave out/);

    // A verified claim holds the host (a pending one would not: issue 26).
    expect((await other.client.customDomains.add('held-sdk.localhost', { kind: 'app', app_id: theirs })).status).toBe('verified');
    const taken = await owner.client.customDomains.add('held-sdk.localhost', { kind: 'app', app_id: mine }).catch((error: unknown) => error);
    expect(taken).toMatchObject({ code: 'domain_taken', status: 409 });
    expect(await owner.client.customDomains.listMine({ appId: mine })).toEqual([]);
  });
});
