// A protocol-true fake of the parts of Stripe's API Appforge uses, on loopback: form-encoded
// requests with bracketed keys, bearer secret keys, Stripe's object and error shapes. The official
// `stripe` client talks to it when pointed at its host and port. Tests drive the "customer" side
// (paying, renewing, cancelling) through its methods and get back the events Stripe would send.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json };
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  /** Every API request the client made: method, path and the decoded form body. */
  requests: { method: string; path: string; body: Json }[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The customer pays a session: returns the events Stripe sends (checkout completed; subscription created). */
  pay(sessionId: string, at?: Date): StripeEvent[];
  /** Charges by PaymentIntent id (one-time payments and paid invoices). */
  charges: Map<string, Json>;
  /** Invoices by id; a subscription's first one is paid when its Checkout Session is. */
  invoices: Map<string, Json>;
  /** The PaymentIntent that paid each of a subscription's invoices, oldest first. */
  invoicePayments(subscriptionId: string): string[];
  /** The seller refunds a payment, fully or in part: the `charge.refunded` event Stripe sends. */
  refund(paymentIntentId: string, amount?: number): StripeEvent;
  /**
   * A subscription's next invoice: paid (the period moves on a month, status active; its charge is
   * kept for refunds) or failed (the subscription goes past due). The event Stripe sends.
   */
  invoice(subscriptionId: string, outcome: 'paid' | 'failed'): StripeEvent;
  /** A subscription changes (renewal, cancellation at period end, deletion): the event Stripe sends. */
  changeSubscription(subscriptionId: string, changes: Partial<{ status: string; cancel_at_period_end: boolean; current_period_end: number }>, type?: string): StripeEvent;
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=x` → { a: { b: [{ c: 'x' }] } }, as Stripe (and the `qs` module) read it. */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, message: string, param?: string): { status: number; body: Json } {
  return { status, body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  /** invoice_payment objects, as GET /v1/invoice_payments lists them. */
  const payments: Json[] = [];
  let base = '';

  /** A subscription invoice for the period from `start`, paid by a new charge or left open. */
  const invoiceFor = (subscription: Json, start: number, outcome: 'paid' | 'failed', reason: string): Json => {
    const price = ((subscription.items as { data: Json[] }).data[0]?.price ?? {}) as Json;
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: subscription.currency,
      amount_due: price.unit_amount,
      amount_paid: outcome === 'paid' ? price.unit_amount : 0,
      status: outcome === 'paid' ? 'paid' : 'open',
      billing_reason: reason,
      period_start: start,
      period_end: start + 30 * 24 * 3600,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      payments: { object: 'list', data: [] as Json[], has_more: false, url: '/v1/invoice_payments' },
      created: now(),
    };
    if (outcome === 'paid') {
      const paid = charge(price.unit_amount, subscription.currency, String(subscription.customer), {});
      const payment: Json = { id: id('inpay'), object: 'invoice_payment', invoice: invoice.id, status: 'paid', payment: { type: 'payment_intent', payment_intent: paid.payment_intent } };
      (invoice.payments as { data: Json[] }).data.push(payment);
      payments.push(payment);
    }
    invoices.set(String(invoice.id), invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  /** A successful charge of `amount`, under a new PaymentIntent. */
  const charge = (amount: unknown, currency: unknown, customer: string, metadata: unknown): Json => {
    const paymentIntent = id('pi');
    const made: Json = { id: id('ch'), object: 'charge', amount, amount_refunded: 0, refunded: false, currency, customer, payment_intent: paymentIntent, metadata: metadata ?? {}, paid: true, status: 'succeeded', created: now() };
    charges.set(paymentIntent, made);
    return made;
  };

  const event = (type: string, object: Json, created = now()): StripeEvent => ({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  });

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const mode = body.mode;
      if (mode !== 'payment' && mode !== 'subscription') return stripeError(400, 'Invalid mode', 'mode');
      if (typeof body.success_url !== 'string' || typeof body.cancel_url !== 'string') return stripeError(400, 'Missing required param: success_url.', 'success_url');
      const lineItems = body.line_items as { quantity?: string; price_data?: { currency?: string; unit_amount?: string; recurring?: { interval?: string }; product_data?: { name?: string } } }[] | undefined;
      const item = lineItems?.[0]?.price_data;
      if (!item?.currency || !item.unit_amount || !item.product_data?.name) return stripeError(400, 'Missing required param: line_items[0][price_data].', 'line_items');
      if ((mode === 'subscription') !== (item.recurring?.interval === 'month')) {
        return stripeError(400, 'You must provide at least one recurring price in `subscription` mode.', 'line_items');
      }
      const session: Json = {
        id: id('cs'),
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        url: '',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        customer: null,
        subscription: null,
        invoice: null,
        payment_intent: null,
        currency: item.currency,
        amount_total: Number(item.unit_amount) * Number(lineItems?.[0]?.quantity ?? 1),
        metadata: body.metadata ?? {},
        created: now(),
        livemode: false,
        _subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
        _product: item.product_data.name,
      };
      session.url = `${base}/pay/${String(session.id)}`;
      sessions.set(String(session.id), session);
      return { status: 200, body: publicOf(session) };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? '');
      return session ? { status: 200, body: publicOf(session) } : stripeError(404, `No such checkout.session: '${sessionMatch[1]}'`, 'id');
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? '');
      if (!subscription) return stripeError(404, `No such subscription: '${subscriptionMatch[1]}'`, 'id');
      if (method === 'POST' && body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      return { status: 200, body: structuredClone(subscription) };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const filter = body.payment as { type?: string; payment_intent?: string } | undefined;
      if (filter && filter.type !== 'payment_intent') return stripeError(400, 'Invalid payment[type]', 'payment[type]');
      const data = payments.filter(
        (entry) =>
          (!filter || (entry.payment as { payment_intent: string }).payment_intent === filter.payment_intent) &&
          (body.invoice === undefined || entry.invoice === body.invoice),
      );
      return { status: 200, body: { object: 'list', data: structuredClone(data), has_more: false, url: '/v1/invoice_payments' } };
    }
    const invoiceMatch = /^\/v1\/invoices\/([\w]+)$/.exec(path);
    if (method === 'GET' && invoiceMatch) {
      const invoice = invoices.get(invoiceMatch[1] ?? '');
      return invoice ? { status: 200, body: structuredClone(invoice) } : stripeError(404, `No such invoice: '${invoiceMatch[1]}'`, 'id');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string') return stripeError(400, 'Missing required param: customer.', 'customer');
      return { status: 200, body: { id: id('bps'), object: 'billing_portal.session', customer: body.customer, return_url: body.return_url ?? null, url: `${base}/portal/${body.customer}` } };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const publicOf = (session: Json): Json =>
    Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const body = decodeForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
      const answer =
        req.headers.authorization !== `Bearer ${secretKey}`
          ? { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }
          : route(req.method ?? 'GET', url.pathname, body);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    host: '127.0.0.1',
    port,
    secretKey,
    requests,
    sessions,
    subscriptions,
    pay(sessionId, at = new Date()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const created = Math.floor(at.getTime() / 1000);
      const customer = id('cus');
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer = customer;
      const events: StripeEvent[] = [];
      if (session.mode === 'subscription') {
        const subscription: Json = {
          id: id('sub'),
          object: 'subscription',
          customer,
          status: 'active',
          currency: session.currency,
          cancel_at_period_end: false,
          metadata: session._subscription_metadata,
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                current_period_start: created,
                current_period_end: created + 30 * 24 * 3600,
                price: { id: id('price'), object: 'price', unit_amount: session.amount_total, currency: session.currency, recurring: { interval: 'month' } },
              },
            ],
          },
          created,
        };
        subscriptions.set(String(subscription.id), subscription);
        session.subscription = subscription.id;
        session.invoice = invoiceFor(subscription, created, 'paid', 'subscription_create').id;
        events.push(event('customer.subscription.created', subscription, created));
      } else {
        session.payment_intent = charge(session.amount_total, session.currency, customer, session.metadata).payment_intent;
      }
      events.unshift(event('checkout.session.completed', publicOf(session), created));
      return events;
    },
    charges,
    refund(paymentIntentId, amount) {
      const refunded = charges.get(paymentIntentId);
      if (!refunded) throw new Error(`no charge for ${paymentIntentId}`);
      refunded.amount_refunded = Math.min(Number(refunded.amount), Number(refunded.amount_refunded) + (amount ?? Number(refunded.amount)));
      refunded.refunded = refunded.amount_refunded === refunded.amount;
      return event('charge.refunded', refunded);
    },
    invoice(subscriptionId, outcome) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const item = (subscription.items as { data: Json[] }).data[0] ?? {};
      const start = Number(item.current_period_end);
      const invoice = invoiceFor(subscription, start, outcome, 'subscription_cycle');
      if (outcome === 'paid') {
        subscription.status = 'active';
        item.current_period_start = start;
        item.current_period_end = start + 30 * 24 * 3600;
      } else {
        subscription.status = 'past_due';
      }
      return event(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    },
    invoices,
    invoicePayments(subscriptionId) {
      return payments
        .filter((entry) => (invoices.get(String(entry.invoice))?.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subscriptionId)
        .map((entry) => (entry.payment as { payment_intent: string }).payment_intent);
    },
    changeSubscription(subscriptionId, changes, type = 'customer.subscription.updated') {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      if (changes.status !== undefined) subscription.status = changes.status;
      if (changes.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = changes.cancel_at_period_end;
      const item = (subscription.items as { data: Json[] }).data[0];
      if (item && changes.current_period_end !== undefined) item.current_period_end = changes.current_period_end;
      return event(type, subscription);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
