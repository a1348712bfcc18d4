// Issue 26 items 5 and 6: custom domains cannot be squatted over REST, the platform's own hosts and
// IP literals can never be claimed (the database refuses them, whoever writes), a pending claim by
// someone else never blocks the domain's real owner (verification wins), and nobody but the server
// reads a domain's owner or verification token. Real supabase-js clients with real JWTs, a real
// authoritative DNS server on loopback, both database engines.
import { randomUUID } from 'node:crypto';
import { recheckDomains } from '@appforge/functions';
import { startFakeDnsServer } from '@appforge/functions/testing';
import type { FakeDnsServer } from '@appforge/functions/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

let backend: TestBackend;
let dns: FakeDnsServer;
let owner: TestUser;
let squatter: TestUser;
let admin: SupabaseClient;

interface DomainBody {
  domain: { host: string; status: string; failure_reason: string | null; records: { type: string; name: string; value: string }[] };
}

async function manage(user: TestUser, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await callFunction(backend, 'manage-domain', body, user.token);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newApp(user: TestUser): Promise<string> {
  const id = randomUUID();
  await backend.db.query(`insert into public."App" (id, owner_id, name, visibility) values ($1, $2, 'Quiz', 'public')`, [id, user.id]);
  return id;
}

async function claims(host: string): Promise<{ owner_id: string; status: string }[]> {
  return (await backend.db.query<{ owner_id: string; status: string }>(
    `select owner_id, status from public."CustomDomain" where value = $1 order by created_at`,
    [host],
  )).rows;
}

const countAll = async () => (await backend.db.query<{ n: number }>(`select count(*)::int as n from public."CustomDomain"`)).rows[0]?.n;

function createRecords(host: string, body: DomainBody): void {
  const txt = body.domain.records.find((record) => record.type === 'TXT');
  dns.set(`_appforge.${host}`, { txt: [txt?.value ?? ''] });
  dns.set(host, { cname: 'domains.appforge.test' });
}

beforeAll(async () => {
  dns = await startFakeDnsServer();
});
afterAll(() => dns.close());

describe.each(DATABASES)('custom domain claims on %s', (database) => {
  let run = 0;
  const host = (name: string) => `${name}-${database}-${(run += 1)}.example.org`;

  beforeAll(async () => {
    backend = await startTestBackend({
      database,
      env: {
        APP_HOST: 'appforge.test',
        SCHOOLS_HOST: 'schools.appforge.test',
        DOMAIN_CNAME_TARGET: 'domains.appforge.test',
        DNS_RESOLVER: dns.address,
        DNS_TIMEOUT_MS: '300',
        DOMAIN_RECHECK_INTERVAL_MS: '0',
      },
    });
    admin = backend.serviceClient();
    owner = await signedIn(backend);
    squatter = await signedIn(backend);
  });
  afterAll(() => backend.stop());

  it('a signed-in user cannot INSERT a domain over REST, whatever the host: it goes through manage-domain', async () => {
    const appId = await newApp(squatter);
    const before = await countAll();
    for (const value of ['schools.localhost', 'localhost.localdomain', 'appforge.test', 'schools.appforge.test', 'www.appforge.test', '192.0.2.10', '127.1', 'victim-shop.example.org', `quiz-${database}.localhost`]) {
      const inserted = await squatter.client
        .from('CustomDomain')
        .insert({ value, owner_id: squatter.id, app_id: appId, is_app: true });
      expect(inserted.error?.code, value).toBe('42501');
    }
    expect(await countAll()).toBe(before);
  });

  it('a signed-in user cannot UPDATE a domain over REST (not its target, not its host)', async () => {
    const appId = await newApp(owner);
    const otherApp = await newApp(owner);
    const name = host('own');
    expect((await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: appId } })).status).toBe(201);
    const moved = await owner.client.from('CustomDomain').update({ app_id: otherApp }).eq('value', name);
    expect(moved.error?.code).toBe('42501');
    const renamed = await owner.client.from('CustomDomain').update({ value: 'schools.localhost' }).eq('value', name);
    expect(renamed.error?.code).toBe('42501');
    expect((await backend.db.query(`select app_id from public."CustomDomain" where value = $1`, [name])).rows).toEqual([{ app_id: appId }]);
  });

  it.each([
    ['schools.localhost', 'the development schools host'],
    ['schools.appforge.test', 'the configured schools host'],
    ['appforge.test', 'the configured app host'],
    ['api.appforge.test', 'a name under the app host'],
    ['192.0.2.10', 'an IPv4 address'],
    ['10.1', 'a short IPv4 form'],
    ['0x7f.0.0.1', 'a hex IPv4 form'],
    ['www.example.0x7f', 'a name ending in a number'],
  ])('the database refuses %s (%s) even from the server itself', async (value) => {
    const appId = await newApp(owner);
    // Makes the server register the configured platform hosts, as any add does.
    await manage(owner, { action: 'add', host: host('warm'), target: { kind: 'app', app_id: appId } });
    const before = await countAll();
    const inserted = await admin.from('CustomDomain').insert({ value, owner_id: owner.id, app_id: appId, is_app: true });
    expect(inserted.error?.code).toBe('23514');
    expect(inserted.error?.message).toMatch(/cannot be a custom domain/);
    expect(await countAll()).toBe(before);
  });

  it('a pending claim by someone else does not block the real owner; the one who verifies wins and the squatter’s claim goes', async () => {
    const theirs = await newApp(squatter);
    const mine = await newApp(owner);
    const name = host('contested');
    expect((await manage(squatter, { action: 'add', host: name, target: { kind: 'app', app_id: theirs } })).status).toBe(201);

    const added = await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: mine } });
    expect(added.status).toBe(201);
    expect((added.body as unknown as DomainBody).domain.status).toBe('pending');
    expect(JSON.stringify(added.body)).not.toContain(squatter.id);

    createRecords(name, added.body as unknown as DomainBody);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const checked = await manage(owner, { action: 'check', host: name });
    expect((checked.body as unknown as DomainBody).domain.status).toBe('verified');
    expect(await claims(name)).toEqual([{ owner_id: owner.id, status: 'verified' }]);
    expect((await backend.client().from('CustomDomain').select('app_id, is_app').eq('value', name)).data).toEqual([{ app_id: mine, is_app: true }]);

    // The squatter's claim is gone; a new one is refused as taken, without saying by whom.
    expect((await manage(squatter, { action: 'check', host: name })).status).toBe(404);
    const again = await manage(squatter, { action: 'add', host: name, target: { kind: 'app', app_id: theirs } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('domain_taken');
    expect(JSON.stringify(again.body)).not.toContain(owner.id);
  }, 20_000);

  it('the re-check job gives the host to the claimant whose records are in DNS, not to the earlier claim', async () => {
    const theirs = await newApp(squatter);
    const mine = await newApp(owner);
    const name = host('job');
    expect((await manage(squatter, { action: 'add', host: name, target: { kind: 'app', app_id: theirs } })).status).toBe(201);
    const added = await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: mine } });
    createRecords(name, added.body as unknown as DomainBody);
    await recheckDomains(admin, backend.config.domains, new Date(Date.now() + 2 * 60_000));
    expect(await claims(name)).toEqual([{ owner_id: owner.id, status: 'verified' }]);
  });

  it('a claim left unverified for 72 hours no longer counts for anything: a later claimant replaces it', async () => {
    const theirs = await newApp(squatter);
    const mine = await newApp(owner);
    const name = host('stale');
    expect((await manage(squatter, { action: 'add', host: name, target: { kind: 'app', app_id: theirs } })).status).toBe(201);
    await backend.db.query(`update public."CustomDomain" set pending_since = now() - interval '73 hours' where value = $1`, [name]);
    expect((await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: mine } })).status).toBe(201);
    expect(await claims(name)).toEqual([{ owner_id: owner.id, status: 'pending' }]);
  });

  it('anonymous callers and other users read a verified domain’s host and target, never its owner or token', async () => {
    const appId = await newApp(owner);
    const name = `routed-${database}.localhost`;
    expect((await manage(owner, { action: 'add', host: name, target: { kind: 'landing_page', app_id: appId } })).status).toBe(201);
    const anon = backend.client();
    const stranger = await signedIn(backend);
    for (const client of [anon, stranger.client]) {
      // seed §7.1, as the host check asks it.
      const routed = await client.from('CustomDomain').select('app_id, is_app, is_landing_page, bundle_id, is_bundle').eq('value', name);
      expect(routed.data).toEqual([{ app_id: appId, is_app: false, is_landing_page: true, bundle_id: null, is_bundle: false }]);
      for (const columns of ['*', 'owner_id', 'verification_token', 'value, owner_id', 'failure_reason']) {
        const read = await client.from('CustomDomain').select(columns).eq('value', name);
        expect(read.error?.code, columns).toBe('42501');
        expect(read.data).toBeNull();
      }
      // Nor guessed through a filter or an embedding.
      expect((await client.from('CustomDomain').select('value').eq('owner_id', owner.id)).error?.code).toBe('42501');
      expect((await client.from('CustomDomain').select('value').like('verification_token', 'a%')).error?.code).toBe('42501');
      expect((await client.from('App').select('id, CustomDomain(owner_id)').eq('id', appId)).data ?? null).toBeNull();
    }
  });

  it('the owner still counts their domains on the plan page without reading the columns', async () => {
    const appId = await newApp(owner);
    await manage(owner, { action: 'add', host: host('count'), target: { kind: 'app', app_id: appId } });
    const counted = await owner.client.rpc('my_custom_domain_count');
    const expected = (await backend.db.query<{ n: number }>(`select count(*)::int as n from public."CustomDomain" where owner_id = $1`, [owner.id])).rows[0]?.n;
    expect(counted.error).toBeNull();
    expect(counted.data).toBe(expected);
    expect((await stranger()).data).toBe(0);
    async function stranger() {
      return (await signedIn(backend)).client.rpc('my_custom_domain_count');
    }
  });
});
