// Custom domains end to end on the server (issue 18): manage-domain, the recurring re-check,
// domain-allowed and the redirect allow-list, through the real host and supabase-js, with DNS
// answered by a real authoritative server on loopback (dns2) and both database engines.
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

const HOUR = 60 * 60 * 1000;
let backend: TestBackend;
let dns: FakeDnsServer;
let owner: TestUser;
let other: TestUser;
let admin: SupabaseClient;

interface DomainBody {
  domain: {
    host: string;
    display: string;
    status: string;
    suspended: boolean;
    failure_reason: string | null;
    note: string | null;
    target: Record<string, string>;
    records: { type: string; name: string; value: string }[];
  };
}

async function manage(user: TestUser | null, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await callFunction(backend, 'manage-domain', body, user?.token);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newApp(user: TestUser): Promise<string> {
  const id = randomUUID();
  await backend.db.query(`insert into public."App" (id, owner_id, name) values ($1, $2, 'Quiz')`, [id, user.id]);
  return id;
}

async function row(host: string): Promise<Record<string, unknown> | undefined> {
  return (await backend.db.query(`select status, suspended, failure_reason, next_check_at, owner_id from public."CustomDomain" where value = $1`, [host])).rows[0];
}

const allowed = (domain: string) => fetch(`${backend.url}/functions/v1/domain-allowed?domain=${encodeURIComponent(domain)}`);

/** Scripts the records an owner would create for `host` at their DNS provider. */
function createRecords(host: string, body: DomainBody): void {
  const txt = body.domain.records.find((record) => record.type === 'TXT');
  dns.set(`_appforge.${host}`, { txt: [txt?.value ?? ''] });
  dns.set(host, { cname: 'domains.appforge.test' });
}

beforeAll(async () => {
  dns = await startFakeDnsServer();
});
afterAll(() => dns.close());

describe.each(DATABASES)('custom domains on %s', (database) => {
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
    other = await signedIn(backend);
  });
  afterAll(() => backend.stop());

  it('an owner adds a host, sees the records to create, and it verifies once they exist; Caddy may then get a certificate', async () => {
    const appId = await newApp(owner);
    const name = host('shop');
    const added = await manage(owner, { action: 'add', host: `  ${name.toUpperCase()}. `, target: { kind: 'app', app_id: appId } });
    expect(added.status).toBe(201);
    const { domain } = added.body as unknown as DomainBody;
    expect(domain).toMatchObject({ host: name, status: 'pending', target: { kind: 'app', app_id: appId } });
    expect(domain.failure_reason).toContain(`_appforge.${name}`);
    expect(domain.records.map((record) => [record.type, record.name])).toEqual([['TXT', `_appforge.${name}`], ['CNAME', name]]);
    expect((await allowed(name)).status).toBe(404);

    createRecords(name, added.body as unknown as DomainBody);
    // "Check now" right after a check answers that check; after the pause it asks DNS again.
    const early = await manage(owner, { action: 'check', host: name });
    expect((early.body as unknown as DomainBody).domain.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const checked = await manage(owner, { action: 'check', host: name });
    expect((checked.body as unknown as DomainBody).domain).toMatchObject({ status: 'verified', failure_reason: null });
    const answer = await allowed(name);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ allowed: true });
    expect((await allowed(name.toUpperCase() + '.')).status).toBe(200);

    // The owner switches it to the landing page; then removes it, and it is no longer allowed.
    const switched = await manage(owner, { action: 'switch', host: name, target: { kind: 'landing_page', app_id: appId } });
    expect((switched.body as unknown as DomainBody).domain.target).toEqual({ kind: 'landing_page', app_id: appId });
    expect((await manage(other, { action: 'remove', host: name })).status).toBe(404);
    expect((await manage(owner, { action: 'remove', host: name })).body).toEqual({ removed: name });
    // A recent "yes" is reused for at most a second (DOMAIN_ALLOWED_CACHE_MS), then the answer is no.
    await expect.poll(async () => (await allowed(name)).status, { timeout: 3000, interval: 250 }).toBe(404);
    expect(await row(name)).toBeUndefined();
  }, 20_000);

  it('stores unicode as punycode and shows it as unicode', async () => {
    const appId = await newApp(owner);
    const added = await manage(owner, { action: 'add', host: `Bücher-${database}.example.org`, target: { kind: 'app', app_id: appId } });
    expect((added.body as unknown as DomainBody).domain).toMatchObject({ host: expect.stringMatching(/^xn--/) as string, display: `bücher-${database}.example.org` });
    expect(await row(`bücher-${database}.example.org`)).toBeUndefined();
  });

  it.each([
    ['https://a.example.org/path', 'Leave out'],
    ['a.example.org:8080', 'port'],
    ['a.example.org/pricing', 'path'],
    ['*.example.org', 'Wildcard'],
    ['192.0.2.10', 'IP address'],
    ['appforge.test', 'own hosts'],
    ['schools.appforge.test', 'own hosts'],
    [`${'x'.repeat(300)}.org`, '253'],
  ])('refuses %s with a clear message and changes nothing', async (input, words) => {
    const appId = await newApp(owner);
    const before = (await backend.db.query(`select count(*)::int as n from public."CustomDomain"`)).rows[0];
    const refused = await manage(owner, { action: 'add', host: input, target: { kind: 'app', app_id: appId } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_host');
    expect(String(refused.body.message)).toContain(words);
    expect((await backend.db.query(`select count(*)::int as n from public."CustomDomain"`)).rows[0]).toEqual(before);
  });

  it('a host someone else holds (verified) is refused without saying who; nobody points a domain at another owner’s app', async () => {
    // A verified claim holds a host; a pending one does not (issue 26, test/domains/claims.test.ts).
    const name = `taken-${database}-${(run += 1)}.localhost`;
    const mine = await newApp(owner);
    const theirs = await newApp(other);
    expect((await manage(other, { action: 'add', host: name, target: { kind: 'app', app_id: theirs } })).status).toBe(201);
    const refused = await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: mine } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('domain_taken');
    expect(JSON.stringify(refused.body)).not.toContain(other.id);
    expect((await row(name))?.owner_id).toBe(other.id);
    expect((await manage(owner, { action: 'add', host: host('foreign'), target: { kind: 'app', app_id: theirs } })).status).toBe(404);
    expect((await manage(null, { action: 'add', host: host('anon'), target: { kind: 'app', app_id: mine } })).status).toBe(401);
    expect((await manage(owner, { action: 'switch', host: name, target: { kind: 'app', app_id: mine } })).status).toBe(404);
  });

  it('a wrong token, a DNS server failure and a timeout each say why and leave the domain pending', async () => {
    const appId = await newApp(owner);
    for (const [script, words] of [
      [{ txt: ['appforge-verify=not-the-token'] }, 'does not hold this domain'],
      [{ servfail: true }, 'server failure'],
      [{ silent: true }, 'did not answer in time'],
    ] as const) {
      const name = host('bad');
      dns.set(`_appforge.${name}`, script);
      const added = await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: appId } });
      expect((added.body as unknown as DomainBody).domain.status).toBe('pending');
      expect((added.body as unknown as DomainBody).domain.failure_reason).toContain(words);
      expect((await allowed(name)).status).toBe(404);
    }
  });

  it('*.localhost verifies at once in development and says so', async () => {
    const appId = await newApp(owner);
    const added = await manage(owner, { action: 'add', host: `quiz-${database}.localhost`, target: { kind: 'app', app_id: appId } });
    expect((added.body as unknown as DomainBody).domain).toMatchObject({ status: 'verified' });
    expect((added.body as unknown as DomainBody).domain.note).toMatch(/development/);
    expect((await allowed(`quiz-${database}.localhost`)).status).toBe(200);
  });

  it('recheckDomains: pending verifies when the records appear, verified is suspended when they go, 72 h without fails; a second run at the same time does nothing', async () => {
    const appId = await newApp(owner);
    const late = host('late');
    const gone = host('gone');
    const never = host('never');
    const bodies = new Map<string, DomainBody>();
    for (const name of [late, gone, never]) {
      const added = await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: appId } });
      bodies.set(name, added.body as unknown as DomainBody);
    }
    createRecords(gone, bodies.get(gone) as DomainBody);
    const config = backend.config.domains;
    const at = (ms: number) => new Date(Date.now() + ms);

    createRecords(late, bodies.get(late) as DomainBody);
    await recheckDomains(admin, config, at(2 * 60_000));
    expect(await row(late)).toMatchObject({ status: 'verified' });
    expect(await row(gone)).toMatchObject({ status: 'verified' });
    expect(await row(never)).toMatchObject({ status: 'pending' });

    dns.set(`_appforge.${gone}`, undefined);
    const dayLater = at(25 * HOUR);
    await recheckDomains(admin, config, dayLater);
    expect(await row(gone)).toMatchObject({ status: 'failed', suspended: true });
    expect(String((await row(gone))?.failure_reason)).toMatch(/^Suspended/);
    await expect.poll(async () => (await allowed(gone)).status, { timeout: 3000, interval: 250 }).toBe(404);
    expect((await recheckDomains(admin, config, dayLater)).checked).toBe(0);

    await recheckDomains(admin, config, at(73 * HOUR));
    expect(await row(never)).toMatchObject({ status: 'failed', next_check_at: null });
    expect(String((await row(never))?.failure_reason)).toMatch(/72 hours/);
  });

  it('row-level security: only the server changes status; nobody reads another owner’s pending domains', async () => {
    const appId = await newApp(owner);
    const name = host('rls');
    await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: appId } });
    const denied = await owner.client.from('CustomDomain').update({ status: 'verified' }).eq('value', name);
    expect(denied.error?.code).toBe('42501');
    const sneaky = await owner.client.from('CustomDomain').update({ failure_reason: null, suspended: false, next_check_at: null }).eq('value', name);
    expect(sneaky.error?.code).toBe('42501');
    const inserted = await owner.client
      .from('CustomDomain')
      .insert({ value: host('direct'), owner_id: owner.id, app_id: appId, is_app: true, status: 'verified' });
    expect(inserted.error?.code).toBe('42501');
    expect(await row(name)).toMatchObject({ status: 'pending' });
    expect((await other.client.from('CustomDomain').select('value').eq('value', name)).data).toEqual([]);
    expect((await backend.client().from('CustomDomain').select('value').eq('value', name)).data).toEqual([]);
    expect((await owner.client.from('CustomDomain').select('value').eq('value', name)).data).toEqual([{ value: name }]);
    const listed = await manage(other, { action: 'list', app_id: appId });
    expect(listed.body).toEqual({ domains: [] });
  });

  it('lists all of an owner’s domains, of apps and bundles, when no app or bundle is named (issue 27: the Custom domains page), and none of anyone else’s', async () => {
    const mine = await signedIn(backend);
    const appId = await newApp(mine);
    const bundleId = randomUUID();
    await backend.db.query(`insert into public."Bundle" (id, owner_id, name) values ($1, $2, 'Kit')`, [bundleId, mine.id]);
    const forApp = host('list-app');
    const forBundle = host('list-bundle');
    expect((await manage(mine, { action: 'add', host: forApp, target: { kind: 'app', app_id: appId } })).status).toBe(201);
    expect((await manage(mine, { action: 'add', host: forBundle, target: { kind: 'bundle', bundle_id: bundleId } })).status).toBe(201);
    await manage(other, { action: 'add', host: host('list-other'), target: { kind: 'app', app_id: await newApp(other) } });

    const listed = await manage(mine, { action: 'list' });
    expect(listed.status).toBe(200);
    const domains = (listed.body as unknown as { domains: DomainBody['domain'][] }).domains;
    expect(domains.map((domain) => [domain.host, domain.target])).toEqual([
      [forApp, { kind: 'app', app_id: appId }],
      [forBundle, { kind: 'bundle', bundle_id: bundleId }],
    ]);
    expect((await manage(await signedIn(backend), { action: 'list' })).body).toEqual({ domains: [] });
    // Naming both is still refused, with a message; signed out is refused too.
    const both = await manage(mine, { action: 'list', app_id: appId, bundle_id: bundleId });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: 'invalid_body' });
    expect((await manage(null, { action: 'list' })).status).toBe(401);
  });

  it('the auth server sends sign-in links for a verified custom domain to the platform’s hand-over page once the set is refreshed (issue 26), and to nothing unverified', async () => {
    const appId = await newApp(owner);
    const name = host('signin');
    const added = await manage(owner, { action: 'add', host: name, target: { kind: 'app', app_id: appId } });
    const link = async () => {
      const generated = await admin.auth.admin.generateLink({ type: 'signup', email: `${randomUUID()}@example.org`, password: 'a-long-password-1', options: { redirectTo: `https://${name}/deployed-app/${appId}` } });
      return generated.data.properties?.redirect_to;
    };
    expect(await link()).toBe(backend.config.siteUrl);
    createRecords(name, added.body as unknown as DomainBody);
    await recheckDomains(admin, backend.config.domains, new Date(Date.now() + 2 * 60_000));
    await backend.deps.verifiedDomains?.refresh();
    expect(await link()).toBe(`${backend.config.siteUrl}/hand-over?to=${encodeURIComponent(`https://${name}/deployed-app/${appId}`)}`);
  });
});
