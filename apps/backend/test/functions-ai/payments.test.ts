// #17 checkout on the real backend: Stripe through the official client against a protocol-true
// fake Stripe on loopback, with webhooks signed by Stripe's own scheme (and hostile ones: bad
// signatures, replays, late events, unknown items); the development test checkout; production
// without Stripe.
import { randomUUID } from 'node:crypto';
import { admitRun } from '@appforge/functions';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../fake-stripe.js';
import type { FakeStripe, StripeEvent } from '../fake-stripe.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, seedApp, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;
const MONTHLY = { kind: 'monthly', amount_cents: 900, currency: 'EUR' };
const ONCE = { kind: 'one_time', amount_cents: 1500, currency: 'USD' };

async function bundleFor(backend: TestBackend, ownerId: string, price: unknown): Promise<{ bundleId: string; appId: string }> {
  const { appId } = await seedApp(backend, ownerId);
  const bundle = await backend.db.query<{ id: string }>('insert into public."Bundle" (owner_id, name, price) values ($1, $2, $3) returning id', [
    ownerId,
    'Study kit',
    JSON.stringify(price),
  ]);
  const bundleId = bundle.rows[0]?.id ?? '';
  await backend.db.query('insert into public."BundleApp" (bundle_id, app_id, position) values ($1, $2, 0)', [bundleId, appId]);
  return { bundleId, appId };
}

async function checkout(backend: TestBackend, user: TestUser, body: Record<string, unknown>): Promise<Response> {
  return callFunction(backend, 'checkout', { return_path: '/bundle/x', ...body }, user.token);
}

describe('payments with Stripe (fake Stripe on loopback)', () => {
  let stripe: FakeStripe;
  let backend: TestBackend;
  let owner: TestUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    backend = await startTestBackend({
      env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    });
    owner = await signedIn(backend);
  });
  afterAll(async () => {
    await backend.stop();
    await stripe.stop();
  });

  /** POSTs an event to the webhook as Stripe does: no JWT, a Stripe-Signature header. */
  function deliver(event: StripeEvent, options: { secret?: string; timestamp?: number; signature?: string | null } = {}): Promise<Response> {
    const payload = JSON.stringify(event);
    const signature =
      options.signature !== undefined
        ? options.signature
        : Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    return fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
  }

  async function purchasesOf(buyerId: string) {
    return (
      await backend.db.query<{ status: string; item_kind: string; mode: string; amount_cents: number; currency: string; cancel_at_period_end: boolean; provider: string }>(
        'select status, item_kind, mode, amount_cents::int as amount_cents, currency, cancel_at_period_end, provider from public."Purchase" where buyer_id = $1',
        [buyerId],
      )
    ).rows;
  }

  it('a monthly bundle: Checkout Session priced from the database, paid, webhook verified, the buyer runs its app', async () => {
    const { bundleId, appId } = await bundleFor(backend, owner.id, MONTHLY);
    const buyer = await signedIn(backend);
    const started = await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId, amount_cents: 1 });
    expect(started.status).toBe(200);
    const { url, provider } = (await started.json()) as { url: string; provider: string };
    expect(provider).toBe('stripe');
    expect(url.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true);
    const request = stripe.requests.findLast((entry) => entry.path === '/v1/checkout/sessions');
    expect(request?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: buyer.id,
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '900', recurring: { interval: 'month' }, product_data: { name: 'Study kit' } } }],
      metadata: { buyer_id: buyer.id, item_kind: 'bundle', item_id: bundleId, mode: 'monthly' },
      success_url: 'http://localhost:5173/bundle/x?checkout=success',
    });
    expect((await admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId: buyer.id }, channel: 'run' })).ok).toBe(false);

    const sessionId = url.split('/').at(-1) ?? '';
    const [completed, created] = stripe.pay(sessionId);
    if (!completed || !created) throw new Error('the fake should send two events');
    // Stripe does not promise order: the subscription event may come first; both apply once.
    for (const event of [created, completed]) {
      const delivered = await deliver(event);
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toEqual({ received: true, outcome: 'applied' });
    }
    expect(await purchasesOf(buyer.id)).toEqual([
      { status: 'active', item_kind: 'bundle', mode: 'monthly', amount_cents: 900, currency: 'EUR', cancel_at_period_end: false, provider: 'stripe' },
    ]);
    expect(await admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId: buyer.id }, channel: 'run' })).toMatchObject({ ok: true, entitlement: 'purchase' });

    // Replayed: recognised, nothing changes, nothing is recorded twice.
    const replay = await deliver(completed);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await purchasesOf(buyer.id)).toHaveLength(1);

    // Buying again what one has is refused before any payment.
    const again = await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'already_have_access' });

    // Cancel through the same checkout provider: Stripe is told, the purchase runs to its period end.
    const purchaseId = (await backend.db.query<{ id: string }>('select id from public."Purchase" where buyer_id = $1', [buyer.id])).rows[0]?.id;
    const cancel = await callFunction(backend, 'billing', { action: 'cancel', purchase_id: purchaseId }, buyer.token);
    expect(cancel.status).toBe(200);
    const subscriptionId = String(stripe.sessions.get(sessionId)?.subscription);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const portal = await callFunction(backend, 'billing', { action: 'portal', purchase_id: purchaseId }, buyer.token);
    expect(await portal.json()).toEqual({ url: expect.stringMatching(new RegExp(`^${stripe.url}/portal/cus_test_`)) as unknown });
    // Someone else cannot cancel or open the portal of this purchase.
    const stranger = await signedIn(backend);
    expect((await callFunction(backend, 'billing', { action: 'cancel', purchase_id: purchaseId }, stranger.token)).status).toBe(404);

    // Out of order: an old "past_due" event arriving after a newer one changes nothing.
    const late = stripe.changeSubscription(subscriptionId, { status: 'past_due' });
    late.created -= 3600;
    expect(await (await deliver(late)).json()).toEqual({ received: true, outcome: 'stale' });
    expect((await purchasesOf(buyer.id))[0]?.status).toBe('active');

    // The subscription ends: access ends.
    const ended = stripe.changeSubscription(subscriptionId, { status: 'canceled' }, 'customer.subscription.deleted');
    ended.created += 10;
    expect(await (await deliver(ended)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchasesOf(buyer.id))[0]?.status).toBe('canceled');
    expect((await admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId: buyer.id }, channel: 'run' })).ok).toBe(false);
  });

  it('a one-time app purchase is kept for good', async () => {
    const { appId } = await seedApp(backend, owner.id);
    await backend.db.query('update public."App" set price = $2 where id = $1', [appId, JSON.stringify(ONCE)]);
    const buyer = await signedIn(backend);
    const { url } = (await (await checkout(backend, buyer, { item_kind: 'app', item_id: appId })).json()) as { url: string };
    expect(stripe.requests.findLast((entry) => entry.path === '/v1/checkout/sessions')?.body).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '1500' } }],
    });
    const [completed] = stripe.pay(url.split('/').at(-1) ?? '');
    if (!completed) throw new Error('no event');
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    const rows = await backend.db.query<{ mode: string; period_end: Date | null }>('select mode, period_end from public."Purchase" where buyer_id = $1', [buyer.id]);
    expect(rows.rows).toEqual([{ mode: 'one_time', period_end: null }]);
  });

  it('a paid amount or currency that disagrees with the price is recorded as paid, keeps access, and is flagged to the seller only', async () => {
    const seller = await signedIn(backend);
    const stranger = await signedIn(backend);
    type Flagged = { amount_cents: number; currency: string; price_mismatch: boolean; expected_amount_cents: number | null; expected_currency: string | null };
    const columns = 'amount_cents, currency, price_mismatch, expected_amount_cents, expected_currency';

    // 1. The seller raises the price while the buyer is on Checkout: Stripe charges the quoted 15.00.
    const { appId } = await seedApp(backend, seller.id);
    await backend.db.query('update public."App" set price = $2 where id = $1', [appId, JSON.stringify(ONCE)]);
    const buyer = await signedIn(backend);
    const { url } = (await (await checkout(backend, buyer, { item_kind: 'app', item_id: appId })).json()) as { url: string };
    await backend.db.query('update public."App" set price = $2 where id = $1', [appId, JSON.stringify({ ...ONCE, amount_cents: 2500 })]);
    const [completed] = stripe.pay(url.split('/').at(-1) ?? '');
    if (!completed) throw new Error('no event');
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    const raised = await seller.client.from('Purchase').select(columns).eq('app_id', appId).returns<Flagged[]>();
    expect(raised.data).toEqual([{ amount_cents: 1500, currency: 'USD', price_mismatch: true, expected_amount_cents: 2500, expected_currency: 'USD' }]);
    // The rule: the buyer paid what Checkout quoted and Stripe verified, so access follows the payment.
    expect(await admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId: buyer.id }, channel: 'run' })).toMatchObject({ ok: true, entitlement: 'purchase' });

    // 2. Stripe reports another currency and a lower amount (e.g. a coupon applied at Stripe): recorded as sent, flagged.
    const { bundleId } = await bundleFor(backend, seller.id, ONCE);
    const other = await signedIn(backend);
    const started = (await (await checkout(backend, other, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const sessionId = started.url.split('/').at(-1) ?? '';
    const session = stripe.sessions.get(sessionId);
    if (!session) throw new Error('no session');
    Object.assign(session, { amount_total: 99, currency: 'jpy' });
    const [paid] = stripe.pay(sessionId);
    if (!paid) throw new Error('no event');
    expect(await (await deliver(paid)).json()).toEqual({ received: true, outcome: 'applied' });
    const cheap = await seller.client.from('Purchase').select(columns).eq('bundle_id', bundleId).returns<Flagged[]>();
    expect(cheap.data).toEqual([{ amount_cents: 99, currency: 'JPY', price_mismatch: true, expected_amount_cents: 1500, expected_currency: 'USD' }]);

    // 3. An amount that matches is not flagged.
    const fair = await signedIn(backend);
    const fairStart = (await (await checkout(backend, fair, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const [fairPaid] = stripe.pay(fairStart.url.split('/').at(-1) ?? '');
    if (!fairPaid) throw new Error('no event');
    expect(await (await deliver(fairPaid)).json()).toEqual({ received: true, outcome: 'applied' });
    const fairRow = await fair.client.from('Purchase').select(columns).returns<Flagged[]>();
    expect(fairRow.data).toEqual([{ amount_cents: 1500, currency: 'USD', price_mismatch: false, expected_amount_cents: 1500, expected_currency: 'USD' }]);

    // The seller sees only the flagged sales of their items; a stranger sees nothing; nobody can clear the flag over REST.
    const flagged = await seller.client.from('Purchase').select('app_id, bundle_id').eq('price_mismatch', true).order('created_at');
    expect(flagged.data).toEqual([
      { app_id: appId, bundle_id: null },
      { app_id: null, bundle_id: bundleId },
    ]);
    expect((await stranger.client.from('Purchase').select('id').eq('price_mismatch', true)).data).toEqual([]);
    const cleared = await seller.client.from('Purchase').update({ price_mismatch: false }).eq('app_id', appId).select('id');
    expect(cleared.error?.code).toBe('42501');
    expect((await backend.db.query<{ n: number }>('select count(*)::int as n from public."Purchase" where app_id = $1 and price_mismatch', [appId])).rows[0]?.n).toBe(1);
  });

  it('hostile webhooks: no signature, a forged one, another secret, an old timestamp, garbage — refused, nothing changes', async () => {
    const { bundleId } = await bundleFor(backend, owner.id, MONTHLY);
    const buyer = await signedIn(backend);
    const { url } = (await (await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const [completed] = stripe.pay(url.split('/').at(-1) ?? '');
    if (!completed) throw new Error('no event');
    const refusals = [
      await deliver(completed, { signature: null }),
      await deliver(completed, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      await deliver(completed, { secret: 'whsec_someone_else' }),
      await deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await deliver(completed, { signature: 'garbage' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'invalid_signature' });
    }
    expect(await purchasesOf(buyer.id)).toEqual([]);
    const recorded = await backend.db.query('select 1 from public."PaymentEvent" where event_id = $1', [completed.id]);
    expect(recorded.rowCount).toBe(0);
  });

  async function purchaseOf(buyerId: string) {
    return (
      await backend.db.query<{ status: string; period_end: Date | null; provider_payment: string | null }>(
        'select status, period_end, provider_payment from public."Purchase" where buyer_id = $1',
        [buyerId],
      )
    ).rows[0];
  }

  const runs = async (appId: string, userId: string) =>
    admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId }, channel: 'run' });

  /** A one-time-priced app, a buyer's Checkout Session for it, paid: the completion event (not delivered yet). */
  async function paidOnce() {
    const { appId } = await seedApp(backend, owner.id);
    await backend.db.query('update public."App" set price = $2 where id = $1', [appId, JSON.stringify(ONCE)]);
    const buyer = await signedIn(backend);
    const { url } = (await (await checkout(backend, buyer, { item_kind: 'app', item_id: appId })).json()) as { url: string };
    const sessionId = url.split('/').at(-1) ?? '';
    const [completed] = stripe.pay(sessionId);
    if (!completed) throw new Error('no event');
    return { appId, buyer, sessionId, completed };
  }

  it('a full refund ends a one-time purchase; partial refunds, replays, forged and unknown refunds change nothing', async () => {
    const { appId, buyer, sessionId, completed } = await paidOnce();
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    const paymentIntent = String(stripe.sessions.get(sessionId)?.payment_intent);
    expect(await purchaseOf(buyer.id)).toMatchObject({ status: 'active', provider_payment: paymentIntent });
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: true, entitlement: 'purchase' });

    // A partial refund (a goodwill credit) keeps the purchase.
    const partial = stripe.refund(paymentIntent, 500);
    expect(await (await deliver(partial)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await purchaseOf(buyer.id))?.status).toBe('active');

    // A forged refund (bad signature) is refused before anything is read.
    const full = stripe.refund(paymentIntent);
    full.created += 5;
    const forged = await deliver(full, { secret: 'whsec_not_stripe' });
    expect(forged.status).toBe(400);
    expect((await purchaseOf(buyer.id))?.status).toBe('active');

    // The full refund: the purchase is marked refunded and access ends; a replay changes nothing.
    expect(await (await deliver(full)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: false, code: 'payment_required' });
    expect(await (await deliver(full)).json()).toEqual({ received: true, outcome: 'duplicate' });
    // The completion replayed late (as a new delivery of an older event) does not bring access back.
    const lateCompletion = structuredClone(completed);
    lateCompletion.id = `evt_test_${randomUUID().replace(/-/g, '')}`;
    expect(await (await deliver(lateCompletion)).json()).toEqual({ received: true, outcome: 'stale' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');

    // A refund of a payment that is no purchase of ours (yet): kept, nothing changes.
    const unknown = structuredClone(full);
    unknown.id = `evt_test_${randomUUID().replace(/-/g, '')}`;
    unknown.data.object.payment_intent = 'pi_test_unknown';
    expect(await (await deliver(unknown)).json()).toEqual({ received: true, outcome: 'refund_pending' });
    const recorded = await backend.db.query<{ outcome: string; payment: string }>('select outcome, payment from public."PaymentEvent" where event_id = $1', [unknown.id]);
    expect(recorded.rows).toEqual([{ outcome: 'refund_pending', payment: 'pi_test_unknown' }]);
    expect(await backend.db.query('select 1 from public."Purchase" where provider_payment = $1', ['pi_test_unknown'])).toMatchObject({ rowCount: 0 });
  });

  async function outcomeOf(event: StripeEvent): Promise<string | undefined> {
    return (await backend.db.query<{ outcome: string }>('select outcome from public."PaymentEvent" where event_id = $1', [event.id])).rows[0]?.outcome;
  }

  it('out of order: a one-time refund delivered before its purchase is kept, then applied when the purchase is recorded', async () => {
    const { appId, buyer, sessionId, completed } = await paidOnce();
    const refund = stripe.refund(String(stripe.sessions.get(sessionId)?.payment_intent));
    refund.created = completed.created + 60;

    // The refund first: no purchase yet, so it is kept (200: Stripe need not retry) and nothing is made.
    expect(await (await deliver(refund)).json()).toEqual({ received: true, outcome: 'refund_pending' });
    expect(await purchaseOf(buyer.id)).toBeUndefined();
    // The purchase arrives: recorded, and the kept refund applied at once — the buyer never gets in.
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
    expect(await outcomeOf(refund)).toBe('refund_replayed');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: false, code: 'payment_required' });
    // Replays of either event change nothing; a retry of the completion as a new delivery is stale.
    expect(await (await deliver(refund)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const retried = { ...structuredClone(completed), id: `evt_test_${randomUUID().replace(/-/g, '')}` };
    expect(await (await deliver(retried)).json()).toEqual({ received: true, outcome: 'stale' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
  });

  it('subscriptions: the first invoice refunded before the subscription is recorded, and refunds of older invoices', async () => {
    const { bundleId, appId } = await bundleFor(backend, owner.id, MONTHLY);
    const early = await signedIn(backend);
    const started = (await (await checkout(backend, early, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const sessionId = started.url.split('/').at(-1) ?? '';
    const events = stripe.pay(sessionId);
    const subscriptionId = String(stripe.sessions.get(sessionId)?.subscription);
    // The first invoice's payment was never named by an invoice.paid event; Stripe says whose it is.
    const [firstPayment] = stripe.invoicePayments(subscriptionId);
    const refund = stripe.refund(String(firstPayment));
    refund.created += 60;
    expect(await (await deliver(refund)).json()).toEqual({ received: true, outcome: 'refund_pending' });
    expect(await (await deliver(events[1] as StripeEvent)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(early.id))?.status).toBe('refunded');
    expect(await outcomeOf(refund)).toBe('refund_replayed');
    expect(await (await deliver(events[0] as StripeEvent)).json()).toEqual({ received: true, outcome: 'stale' });
    expect(await runs(appId, early.id)).toMatchObject({ ok: false, code: 'payment_required' });
    // Paying the next invoice brings access back.
    const renewal = stripe.invoice(subscriptionId, 'paid');
    renewal.created += 120;
    expect(await (await deliver(renewal)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(early.id))?.status).toBe('active');

    // In order, three paid invoices; the oldest two are refunded: recorded, the paid-up month stays.
    const buyer = await signedIn(backend);
    const bought = (await (await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const boughtSession = bought.url.split('/').at(-1) ?? '';
    for (const event of stripe.pay(boughtSession)) expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
    const subscription = String(stripe.sessions.get(boughtSession)?.subscription);
    let clock = 10;
    for (let i = 0; i < 2; i += 1) {
      const paid = stripe.invoice(subscription, 'paid');
      paid.created += clock;
      clock += 10;
      expect(await (await deliver(paid)).json()).toEqual({ received: true, outcome: 'applied' });
    }
    const [first, second, latest] = stripe.invoicePayments(subscription);
    for (const payment of [first, second]) {
      const old = stripe.refund(String(payment));
      old.created += clock;
      clock += 10;
      expect(await (await deliver(old)).json()).toEqual({ received: true, outcome: 'refund_recorded' });
      expect(await outcomeOf(old)).toBe('refund_recorded');
    }
    expect((await purchaseOf(buyer.id))?.status).toBe('active');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: true, entitlement: 'purchase' });
    // The latest invoice refunded: access ends.
    const last = stripe.refund(String(latest));
    last.created += clock;
    expect(await (await deliver(last)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: false, code: 'payment_required' });
  });

  it('invoices: a paid renewal moves the period on, a failed one makes it past due until paid, a refunded one ends access', async () => {
    const { bundleId, appId } = await bundleFor(backend, owner.id, MONTHLY);
    const buyer = await signedIn(backend);
    const { url } = (await (await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const sessionId = url.split('/').at(-1) ?? '';
    for (const event of stripe.pay(sessionId)) expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
    const subscriptionId = String(stripe.sessions.get(sessionId)?.subscription);
    const firstEnd = (await purchaseOf(buyer.id))?.period_end?.getTime() ?? 0;
    let clock = 10;
    const later = <T extends StripeEvent>(event: T): T => {
      event.created += clock;
      clock += 10;
      return event;
    };

    // The renewal is paid: a month more, and its payment is kept for a refund.
    const renewed = later(stripe.invoice(subscriptionId, 'paid'));
    expect(await (await deliver(renewed)).json()).toEqual({ received: true, outcome: 'applied' });
    const afterRenewal = await purchaseOf(buyer.id);
    expect(afterRenewal?.status).toBe('active');
    expect(afterRenewal?.period_end?.getTime()).toBe(firstEnd + 30 * 24 * 3600 * 1000);
    expect(afterRenewal?.provider_payment).toMatch(/^pi_test_/);
    expect(await (await deliver(renewed)).json()).toEqual({ received: true, outcome: 'duplicate' });

    // The next payment fails: past due, no runs until it is paid.
    const failed = later(stripe.invoice(subscriptionId, 'failed'));
    expect(await (await deliver(failed)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('past_due');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: false, code: 'payment_required' });
    const paid = later(stripe.invoice(subscriptionId, 'paid'));
    expect(await (await deliver(paid)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('active');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: true, entitlement: 'purchase' });

    // That payment is refunded: access ends, and a later "still active" subscription event does not bring it back.
    const refunded = later(stripe.refund(String((await purchaseOf(buyer.id))?.provider_payment)));
    expect(await (await deliver(refunded)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
    const update = later(stripe.changeSubscription(subscriptionId, { cancel_at_period_end: true }));
    expect(await (await deliver(update)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
    expect(await runs(appId, buyer.id)).toMatchObject({ ok: false, code: 'payment_required' });

    // Hostile and unknown invoices: a bad signature is refused; an invoice of a subscription Stripe
    // does not know, or of no subscription at all, changes nothing.
    const another = later(stripe.invoice(subscriptionId, 'failed'));
    expect((await deliver(another, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    const ghost = structuredClone(another);
    ghost.id = `evt_test_${randomUUID().replace(/-/g, '')}`;
    (ghost.data.object.parent as { subscription_details: { subscription: string } }).subscription_details.subscription = 'sub_test_unknown';
    expect(await (await deliver(ghost)).json()).toEqual({ received: true, outcome: 'ignored' });
    const oneOff = structuredClone(another);
    oneOff.id = `evt_test_${randomUUID().replace(/-/g, '')}`;
    oneOff.data.object.parent = null;
    expect(await (await deliver(oneOff)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await purchaseOf(buyer.id))?.status).toBe('refunded');
  });

  it('events for unknown items or buyers are recorded as such and create no purchase', async () => {
    const { bundleId } = await bundleFor(backend, owner.id, MONTHLY);
    const buyer = await signedIn(backend);
    const { url } = (await (await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    await backend.db.query('delete from public."Bundle" where id = $1', [bundleId]);
    const [completed] = stripe.pay(url.split('/').at(-1) ?? '');
    if (!completed) throw new Error('no event');
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'unknown_item' });
    const forged = structuredClone(completed);
    forged.id = `evt_test_${randomUUID()}`;
    (forged.data.object.metadata as Record<string, string>).item_id = randomUUID();
    expect(await (await deliver(forged)).json()).toEqual({ received: true, outcome: 'unknown_item' });
    expect(await purchasesOf(buyer.id)).toEqual([]);
  });

  it('checkout refuses bad bodies, free items, your own items and visitors', async () => {
    const buyer = await signedIn(backend);
    const { bundleId } = await bundleFor(backend, owner.id, { kind: 'free', amount_cents: 0, currency: 'USD' });
    const cases: [TestUser | null, Record<string, unknown>, number, string][] = [
      [buyer, { item_kind: 'bundle', item_id: 'nope' }, 400, 'invalid_body'],
      [buyer, { item_kind: 'shoe', item_id: randomUUID() }, 400, 'invalid_body'],
      [buyer, { item_kind: 'bundle', item_id: bundleId, return_path: 'https://evil.example/' }, 400, 'invalid_body'],
      [buyer, { item_kind: 'bundle', item_id: bundleId, return_path: '//evil.example/' }, 400, 'invalid_body'],
      [buyer, { item_kind: 'bundle', item_id: randomUUID() }, 404, 'item_not_found'],
      [buyer, { item_kind: 'bundle', item_id: bundleId }, 409, 'nothing_to_pay'],
      [owner, { item_kind: 'plan', item_id: 'free' }, 400, 'invalid_body'],
    ];
    for (const [user, body, status, code] of cases) {
      const answer = user ? await checkout(backend, user, body) : await callFunction(backend, 'checkout', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(await answer.json()).toMatchObject({ code });
    }
    const paid = await bundleFor(backend, owner.id, MONTHLY);
    expect(await (await checkout(backend, owner, { item_kind: 'bundle', item_id: paid.bundleId })).json()).toMatchObject({ code: 'own_item' });
    const visitor = await callFunction(backend, 'checkout', { item_kind: 'bundle', item_id: paid.bundleId, return_path: '/' });
    expect(visitor.status).toBe(401);
  });
});

describe('the local test checkout (development, no Stripe)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.stop());

  it('completes a purchase without money, once, for its buyer only; cancelling buys nothing', async () => {
    const owner = await signedIn(backend);
    const { bundleId, appId } = await bundleFor(backend, owner.id, MONTHLY);
    const buyer = await signedIn(backend);
    const started = await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId, return_path: `/bundle/${bundleId}` });
    const { url, provider } = (await started.json()) as { url: string; provider: string };
    expect(provider).toBe('test');
    expect(url).toMatch(/^http:\/\/localhost:5173\/test-checkout\/[0-9a-f-]{36}$/);
    const sessionId = url.split('/').at(-1);

    const view = await callFunction(backend, 'test-checkout', { session_id: sessionId, action: 'view' }, buyer.token);
    expect(await view.json()).toMatchObject({ item_name: 'Study kit', amount_cents: 900, currency: 'EUR', mode: 'monthly', status: 'open' });
    const stranger = await signedIn(backend);
    expect((await callFunction(backend, 'test-checkout', { session_id: sessionId, action: 'complete' }, stranger.token)).status).toBe(404);
    expect((await callFunction(backend, 'test-checkout', { session_id: sessionId, action: 'complete' })).status).toBe(401);

    const [first, second] = await Promise.all([
      callFunction(backend, 'test-checkout', { session_id: sessionId, action: 'complete' }, buyer.token),
      callFunction(backend, 'test-checkout', { session_id: sessionId, action: 'complete' }, buyer.token),
    ]);
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    const bodies = [(await first?.json()) as { redirect_url?: string }, (await second?.json()) as { redirect_url?: string }];
    const done = bodies.find((body) => body.redirect_url !== undefined);
    expect(done?.redirect_url).toBe(`http://localhost:5173/bundle/${bundleId}?checkout=success`);
    const bought = await backend.db.query<{ count: string }>('select count(*) from public."Purchase" where buyer_id = $1 and provider = $2', [buyer.id, 'test']);
    expect(Number(bought.rows[0]?.count)).toBe(1);
    expect(await admitRun(backend.serviceClient(), { appId, runner: { kind: 'user', userId: buyer.id }, channel: 'run' })).toMatchObject({ ok: true });

    const quitter = await signedIn(backend);
    const other = (await (await checkout(backend, quitter, { item_kind: 'bundle', item_id: bundleId })).json()) as { url: string };
    const canceled = await callFunction(backend, 'test-checkout', { session_id: other.url.split('/').at(-1), action: 'cancel' }, quitter.token);
    expect(await canceled.json()).toEqual({ redirect_url: 'http://localhost:5173/bundle/x?checkout=canceled' });
    expect((await backend.db.query('select 1 from public."Purchase" where buyer_id = $1', [quitter.id])).rowCount).toBe(0);
  });

  it('the pro plan: bought on the test checkout, the user is on pro; cancel keeps it to the period end', async () => {
    const user = await signedIn(backend);
    await backend.db.query(`insert into public."User" (id, email, status) values ($1, 'p@example.org', 'allowed')`, [user.id]);
    const { url } = (await (await checkout(backend, user, { item_kind: 'plan', item_id: 'pro', return_path: '/user-plan' })).json()) as { url: string };
    await callFunction(backend, 'test-checkout', { session_id: url.split('/').at(-1), action: 'complete' }, user.token);
    const row = await backend.db.query<{ plan: string; plan_renews_at: Date | null }>('select plan, plan_renews_at from public."User" where id = $1', [user.id]);
    expect(row.rows[0]?.plan).toBe('pro');
    expect(row.rows[0]?.plan_renews_at).not.toBeNull();
    const purchaseId = (await backend.db.query<{ id: string }>('select id from public."Purchase" where buyer_id = $1', [user.id])).rows[0]?.id;
    expect(await (await callFunction(backend, 'billing', { action: 'cancel', purchase_id: purchaseId }, user.token)).json()).toEqual({ cancel_at_period_end: true });
    expect(await (await callFunction(backend, 'billing', { action: 'portal', purchase_id: purchaseId }, user.token)).json()).toMatchObject({ code: 'no_portal' });
  });
});

describe('production without Stripe', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ env: { NODE_ENV: 'production', JWT_SECRET: randomUUID() + randomUUID(), SECRETS_KEY: randomUUID() + randomUUID(), SITE_URL: 'https://app.example' } });
  });
  afterAll(() => backend.stop());

  it('paid items say they cannot be bought yet, and the test checkout does not exist', async () => {
    const owner = await signedIn(backend);
    const { bundleId } = await bundleFor(backend, owner.id, MONTHLY);
    const buyer = await signedIn(backend);
    const answer = await checkout(backend, buyer, { item_kind: 'bundle', item_id: bundleId });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ code: 'payments_unavailable', message: 'Study kit cannot be bought yet: payments are not set up on this server' });
    expect((await callFunction(backend, 'test-checkout', { session_id: randomUUID(), action: 'complete' }, buyer.token)).status).toBe(404);
  });
});
