// #17 on the real backend: row-level security of the purchase, allowed-user, cap and usage tables
// (per table and operation, through supabase-js), the entitlement matrix (owner, allowed, bought,
// subscribed, expired, other × page, run, API admission), caps and the 200-run race on one cap.
import { randomUUID } from 'node:crypto';
import { admitRun } from '@appforge/functions';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, runEvents, seedApp, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

let backend: TestBackend;

const MONTHLY = { kind: 'monthly', amount_cents: 900, currency: 'EUR' };

async function purchase(
  buyerId: string,
  item: { app_id?: string; bundle_id?: string },
  fields: Partial<{ status: string; period_end: string | null; mode: string }> = {},
): Promise<string> {
  const id = randomUUID();
  await backend.db.query(
    `insert into public."Purchase" (id, buyer_id, item_kind, app_id, bundle_id, provider, provider_reference, mode,
       amount_cents, currency, status, period_start, period_end, last_event_at)
     values ($1, $2, $3, $4, $5, 'test', $6, $7, 900, 'EUR', $8, now(), $9, now())`,
    [
      id,
      buyerId,
      item.app_id ? 'app' : 'bundle',
      item.app_id ?? null,
      item.bundle_id ?? null,
      `ref_${id}`,
      fields.mode ?? 'monthly',
      fields.status ?? 'active',
      fields.period_end === undefined ? new Date(Date.now() + 86_400_000).toISOString() : fields.period_end,
    ],
  );
  return id;
}

async function bundleOf(ownerId: string, appIds: string[], price: unknown = MONTHLY): Promise<string> {
  const bundle = await backend.db.query<{ id: string }>(
    'insert into public."Bundle" (owner_id, name, price) values ($1, $2, $3) returning id',
    [ownerId, 'Study kit', price === null ? null : JSON.stringify(price)],
  );
  const id = bundle.rows[0]?.id ?? '';
  for (const [position, appId] of appIds.entries()) {
    await backend.db.query('insert into public."BundleApp" (bundle_id, app_id, position) values ($1, $2, $3)', [id, appId, position]);
  }
  return id;
}

async function paidApp(ownerId: string): Promise<string> {
  const { appId } = await seedApp(backend, ownerId);
  await backend.db.query('update public."App" set price = $2 where id = $1', [appId, JSON.stringify(MONTHLY)]);
  return appId;
}

describe.each(DATABASES)('on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  describe('row-level security', () => {
    let owner: TestUser;
    let other: TestUser;
    let anon: SupabaseClient;
    beforeAll(async () => {
      owner = await signedIn(backend);
      other = await signedIn(backend);
      anon = backend.client();
    });

    it('Purchase: nobody forges, edits or deletes a purchase through REST; a buyer reads only theirs', async () => {
      const appId = await paidApp(owner.id);
      const forged = {
        buyer_id: other.id, item_kind: 'app', app_id: appId, provider: 'test', provider_reference: 'forged', mode: 'one_time',
        amount_cents: 0, currency: 'EUR', status: 'active', last_event_at: new Date().toISOString(),
      };
      for (const client of [anon, other.client, owner.client]) {
        expect((await client.from('Purchase').insert(forged)).error?.code).toBe('42501');
      }
      const mine = await purchase(other.id, { app_id: appId });
      expect((await other.client.from('Purchase').update({ status: 'active', period_end: null }).eq('id', mine)).error?.code).toBe('42501');
      expect((await other.client.from('Purchase').delete().eq('id', mine)).error?.code).toBe('42501');
      expect((await other.client.from('Purchase').select('id').eq('id', mine)).data).toEqual([{ id: mine }]);
      // The seller sees the sale of their app; a stranger and a visitor see nothing.
      expect((await owner.client.from('Purchase').select('id').eq('id', mine)).data).toEqual([{ id: mine }]);
      const stranger = await signedIn(backend);
      expect((await stranger.client.from('Purchase').select('id').eq('id', mine)).data).toEqual([]);
      expect((await anon.from('Purchase').select('id').eq('id', mine)).error?.code).toBe('42501');
      // And the run is still refused to the forger without a real purchase.
      expect((await admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId: stranger.id }, channel: 'run' })).ok).toBe(false);
    });

    it('AllowedUser: owners list people on their own items only; others read, add and remove nothing', async () => {
      const bundleId = await bundleOf(owner.id, []);
      const entry = { owner_id: owner.id, bundle_id: bundleId, entry: 'pupil@school.example' };
      expect((await anon.from('AllowedUser').insert(entry)).error?.code).toBe('42501');
      expect((await other.client.from('AllowedUser').insert(entry)).error?.code).toBe('42501');
      expect((await other.client.from('AllowedUser').insert({ ...entry, owner_id: other.id })).error?.code).toBe('42501');
      const added = await owner.client.from('AllowedUser').insert(entry).select('id').single();
      expect(added.error).toBeNull();
      const id = added.data?.id ?? '';
      expect((await owner.client.from('AllowedUser').insert(entry)).error?.code).toBe('23505');
      expect((await owner.client.from('AllowedUser').insert({ ...entry, entry: 'Not An Address' })).error?.code).toBe('23514');
      expect((await other.client.from('AllowedUser').select('id').eq('bundle_id', bundleId)).data).toEqual([]);
      expect((await anon.from('AllowedUser').select('id')).error?.code).toBe('42501');
      expect((await owner.client.from('AllowedUser').update({ invited_at: new Date().toISOString() }).eq('id', id)).error?.code).toBe('42501');
      await other.client.from('AllowedUser').delete().eq('id', id);
      expect((await backend.serviceClient().from('AllowedUser').select('id').eq('id', id)).data).toHaveLength(1);
      expect((await owner.client.from('AllowedUser').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
    });

    it('UsageCap: only the owner caps, reads, changes and removes caps of their items', async () => {
      const { appId } = await seedApp(backend, owner.id);
      const cap = { owner_id: owner.id, app_id: appId, scope: 'each_person', period: 'day', max_runs: 20 };
      expect((await anon.from('UsageCap').insert(cap)).error?.code).toBe('42501');
      expect((await other.client.from('UsageCap').insert({ ...cap, owner_id: other.id })).error?.code).toBe('42501');
      const made = await owner.client.from('UsageCap').insert(cap).select('id').single();
      const id = made.data?.id ?? '';
      expect(made.error).toBeNull();
      expect((await owner.client.from('UsageCap').insert({ ...cap, max_runs: 0 })).error?.code).toBe('23514');
      expect((await other.client.from('UsageCap').select('id').eq('id', id)).data).toEqual([]);
      await other.client.from('UsageCap').update({ max_runs: 1_000_000 }).eq('id', id);
      await other.client.from('UsageCap').delete().eq('id', id);
      expect((await backend.serviceClient().from('UsageCap').select('max_runs').eq('id', id).single()).data).toEqual({ max_runs: 20 });
      expect((await owner.client.from('UsageCap').update({ max_runs: 5 }).eq('id', id)).error).toBeNull();
      expect((await owner.client.from('UsageCap').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
    });

    it('UsageCounter, CapNotice, PaymentEvent, CheckoutSession: the server writes; owners only read their own usage', async () => {
      const { appId } = await seedApp(backend, owner.id);
      await admitRun(backend.serviceClient(), { appId, runner: { kind: 'visitor', address: '198.51.100.1' }, channel: 'run' });
      const counter = { owner_id: owner.id, scope_key: 'owner', metric: 'runs', period: 'month', period_start: '2020-01-01', used: 0 };
      for (const client of [anon, owner.client, other.client]) {
        expect((await client.from('UsageCounter').insert(counter)).error?.code).toBe('42501');
        expect((await client.from('CapNotice').insert({ owner_id: owner.id, cap_key: 'x', period_start: '2020-01-01', message: 'x' })).error?.code).toBe('42501');
        expect((await client.from('PaymentEvent').select('event_id')).error?.code).toBe('42501');
        expect((await client.from('CheckoutSession').select('id')).error?.code).toBe('42501');
      }
      expect((await owner.client.from('UsageCounter').update({ used: 0 }).eq('owner_id', owner.id)).error?.code).toBe('42501');
      expect((await owner.client.from('UsageCounter').delete().eq('owner_id', owner.id)).error?.code).toBe('42501');
      const mine = await owner.client.from('UsageCounter').select('scope_key, used').eq('scope_key', `app:${appId}`);
      expect(mine.data).toEqual([{ scope_key: `app:${appId}`, used: 1 }]);
      expect((await other.client.from('UsageCounter').select('used').eq('owner_id', owner.id)).data).toEqual([]);
    });

    it('Plan: anyone reads the plans; nobody changes them', async () => {
      const plans = await anon.from('Plan').select('id').order('position').returns<{ id: string }[]>();
      expect((plans.data ?? []).map((row) => row.id)).toEqual(['free', 'pro']);
      expect((await owner.client.from('Plan').update({ amount_cents: 0 }).eq('id', 'pro')).error?.code).toBe('42501');
    });

    it('prices: -1, 10^12, NaN-like text and unknown currencies are refused by the database', async () => {
      const { appId } = await seedApp(backend, owner.id);
      for (const price of [
        { kind: 'one_time', amount_cents: -1, currency: 'USD' },
        { kind: 'one_time', amount_cents: 1e12, currency: 'USD' },
        { kind: 'one_time', amount_cents: 'NaN', currency: 'USD' },
        { kind: 'monthly', amount_cents: 500, currency: 'XXX' },
        { kind: 'free', amount_cents: 500, currency: 'USD' },
        { kind: 'monthly', amount_cents: 4.5, currency: 'USD' },
      ]) {
        expect((await owner.client.from('App').update({ price }).eq('id', appId)).error?.code, JSON.stringify(price)).toBe('23514');
      }
      expect((await owner.client.from('App').update({ price: MONTHLY }).eq('id', appId)).error).toBeNull();
    });
  });

  describe('entitlements', () => {
    it('matrix: owner, allowed, bought, subscribed, expired, other × bundle page, run, API admission', async () => {
      const owner = await signedIn(backend, `owner-${randomUUID()}@example.org`);
      const appId = await paidApp(owner.id);
      const bundleId = await bundleOf(owner.id, [appId]);
      const allowed = await signedIn(backend, `ana-${randomUUID()}@school.example`);
      await backend.db.query('insert into public."AllowedUser" (owner_id, bundle_id, entry) values ($1, $2, $3)', [owner.id, bundleId, '@school.example']);
      const bought = await signedIn(backend);
      await purchase(bought.id, { app_id: appId }, { mode: 'one_time', period_end: null });
      const subscribed = await signedIn(backend);
      await purchase(subscribed.id, { bundle_id: bundleId });
      const expired = await signedIn(backend);
      await purchase(expired.id, { bundle_id: bundleId }, { period_end: new Date(Date.now() - 1000).toISOString() });
      const canceled = await signedIn(backend);
      await purchase(canceled.id, { bundle_id: bundleId }, { status: 'canceled' });
      const other = await signedIn(backend);

      const cases: [string, TestUser, string | null][] = [
        ['owner', owner, 'owner'],
        ['allowed', allowed, 'allowed'],
        ['bought', bought, 'purchase'],
        ['subscribed', subscribed, 'purchase'],
        ['expired', expired, null],
        ['canceled', canceled, null],
        ['other', other, null],
      ];
      for (const [label, user, expected] of cases) {
        const page = await user.client.rpc('my_access', { item_kind: 'app', item_id: appId });
        expect(page.data, `${label}: app page`).toBe(expected);
        const run = await callFunction(backend, 'run-app', { app_id: appId }, user.token);
        if (expected) {
          expect(run.headers.get('content-type'), `${label}: run`).toContain('text/event-stream');
          await run.body?.cancel();
        } else {
          expect(run.status, `${label}: run`).toBe(402);
          expect(await run.json()).toMatchObject({ code: 'payment_required', message: 'Topic explainer is paid: get access on its page to run it' });
        }
        const api = await admitRun(backend.serviceClient(), { appId, runner: { kind: 'api_key', apiKeyId: randomUUID(), userId: user.id }, channel: 'api' });
        expect(api.ok, `${label}: API run`).toBe(expected !== null);
      }
      // The bundle page: the subscriber sees "Open", the expired one the price; visitors too.
      const subscriberPage = await subscribed.client.rpc('bundle_page', { bundle_id: bundleId });
      expect(subscriberPage.data).toMatchObject({ access: 'purchase', is_owner: false, price: MONTHLY, apps: [{ id: appId, deployed: true }] });
      expect((await expired.client.rpc('bundle_page', { bundle_id: bundleId })).data).toMatchObject({ access: null });
      expect((await backend.client().rpc('bundle_page', { bundle_id: bundleId })).data).toMatchObject({ access: null, is_owner: false });
      // A visitor without an account never runs a paid app.
      const visitor = await callFunction(backend, 'run-app', { app_id: appId, visitor_session: randomUUID() });
      expect(visitor.status).toBe(402);
    });

    it('invite-only apps: a listed person gets in after sign-in, an unlisted one is refused', async () => {
      const owner = await signedIn(backend);
      const { appId } = await seedApp(backend, owner.id, { visibility: 'allowed_users' });
      const listed = await signedIn(backend, `listed-${randomUUID()}@example.org`);
      const unlisted = await signedIn(backend);
      const email = (await backend.db.query<{ email: string }>('select email from auth.users where id = $1', [listed.id])).rows[0]?.email ?? '';
      await backend.db.query('insert into public."AllowedUser" (owner_id, app_id, entry) values ($1, $2, $3)', [owner.id, appId, email]);
      expect((await runEvents(backend, { app_id: appId }, listed.token)).at(-1)?.event).toBe('awaiting_input');
      const refused = await callFunction(backend, 'run-app', { app_id: appId }, unlisted.token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'not_allowed' });
      expect((await callFunction(backend, 'run-app', { app_id: appId, visitor_session: 'v' })).status).toBe(401);
    });
  });

  describe('metering and caps', () => {
    it('a per-person daily cap refuses the 3rd run with a clear message, tells the owner once, and spares others and the owner', async () => {
      const owner = await signedIn(backend);
      const { appId } = await seedApp(backend, owner.id);
      await backend.db.query(
        `insert into public."UsageCap" (owner_id, app_id, scope, period, max_runs) values ($1, $2, 'each_person', 'day', 2)`,
        [owner.id, appId],
      );
      const session = randomUUID();
      // One person signed out: one address (issue 26: caps count a visitor by address, not session).
      const person = { 'x-forwarded-for': '198.51.100.42' };
      for (let i = 0; i < 2; i += 1) {
        expect((await runEvents(backend, { app_id: appId, visitor_session: session }, undefined, person)).at(-1)?.event).toBe('awaiting_input');
      }
      const third = await callFunction(backend, 'run-app', { app_id: appId, visitor_session: randomUUID() }, undefined, person);
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({
        code: 'cap_reached',
        message: 'You have used Topic explainer 2 times this day, the most its owner allows; try again next day',
      });
      await (await callFunction(backend, 'run-app', { app_id: appId, visitor_session: session }, undefined, person)).body?.cancel();
      const notices = await backend.db.query('select message from public."CapNotice" where owner_id = $1', [owner.id]);
      expect(notices.rowCount).toBe(1);
      const ownerEmail = (await backend.db.query<{ email: string }>('select email from auth.users where id = $1', [owner.id])).rows[0]?.email ?? '';
      expect(backend.mailbox?.search(`to:${ownerEmail} tag:cap_reached`)).toHaveLength(1);
      // Another visitor and the owner still run.
      expect((await runEvents(backend, { app_id: appId, visitor_session: randomUUID() })).at(-1)?.event).toBe('awaiting_input');
      expect((await runEvents(backend, { app_id: appId }, owner.token)).at(-1)?.event).toBe('awaiting_input');
      // The refused runs cost nothing: the app's counter holds only the admitted ones.
      const used = await backend.db.query<{ used: string }>(
        `select used from public."UsageCounter" where scope_key = $1 and metric = 'runs'`,
        [`app:${appId}`],
      );
      expect(Number(used.rows[0]?.used)).toBe(4);
    });

    it('200 concurrent runs against a total cap of 37 admit exactly 37 (no overshoot under races)', async () => {
      const owner = await signedIn(backend);
      const { appId } = await seedApp(backend, owner.id);
      const bundleId = await bundleOf(owner.id, [appId], null);
      await backend.db.query(
        `insert into public."UsageCap" (owner_id, bundle_id, scope, period, max_runs) values ($1, $2, 'everyone', 'month', 37)`,
        [owner.id, bundleId],
      );
      const service = backend.serviceClient();
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => admitRun(service, { appId, runner: { kind: 'visitor', address: `198.51.100.${i}` }, channel: 'run' })),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(37);
      expect(results.filter((result) => !result.ok && result.code === 'cap_reached')).toHaveLength(163);
      const counters = await backend.db.query<{ scope_key: string; used: string }>(
        `select scope_key, used from public."UsageCounter" where owner_id = $1 and metric = 'runs' and scope_key in ('owner', $2)`,
        [owner.id, `bundle:${bundleId}|*`],
      );
      expect(Object.fromEntries(counters.rows.map((row) => [row.scope_key, Number(row.used)]))).toEqual({ owner: 37, [`bundle:${bundleId}|*`]: 37 });
    });

    it('the owner’s plan limit refuses runs past it; AI tokens of finished runs are counted', async () => {
      const owner = await signedIn(backend);
      const { appId } = await seedApp(backend, owner.id);
      const period = new Date().toISOString().slice(0, 7) + '-01';
      await backend.db.query(
        `insert into public."UsageCounter" (owner_id, scope_key, metric, period, period_start, used) values ($1, 'owner', 'runs', 'month', $2, 500)`,
        [owner.id, period],
      );
      const refused = await callFunction(backend, 'run-app', { app_id: appId, visitor_session: randomUUID() });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'plan_limit_reached' });
      await backend.db.query(`update public."UsageCounter" set used = 0 where owner_id = $1`, [owner.id]);
      const session = randomUUID();
      const events = await runEvents(backend, { app_id: appId, visitor_session: session, inputs: { topic: 'tides' } });
      expect(events.at(-1)?.event).toBe('run_done');
      const tokens = await backend.db.query<{ used: string }>(
        `select used from public."UsageCounter" where owner_id = $1 and scope_key = 'owner' and metric = 'ai_tokens'`,
        [owner.id],
      );
      expect(Number(tokens.rows[0]?.used)).toBeGreaterThan(0);
    });
  });
});
