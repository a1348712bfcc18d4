// Stripe through the official `stripe` package: Checkout Sessions (one-time payment or monthly
// subscription, priced inline from our own database), the customer portal, cancelling at period
// end, and webhook events verified with the signing secret and reduced to PaymentFacts.
// Loaded lazily (import('stripe')) so functions that sell nothing never load it.
import type Stripe from 'stripe';
import type { PaymentsEnv } from '../types.ts';
import type { SellableItem } from './items.ts';
import type { PaymentFact, PurchaseStatus } from './purchases.ts';

export type StripeSettings = NonNullable<PaymentsEnv['stripe']>;

let cached: { key: string; client: Stripe } | undefined;

export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const key = `${settings.secretKey}|${settings.api?.host ?? ''}|${settings.api?.port ?? ''}`;
  if (cached?.key === key) return cached.client;
  const { default: StripeClass } = await import('stripe');
  const client = new StripeClass(settings.secretKey, {
    // fetch works the same in Node and on Supabase Edge (Deno).
    httpClient: StripeClass.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
  cached = { key, client };
  return client;
}

export interface CheckoutInput {
  item: SellableItem & { price: NonNullable<SellableItem['price']> };
  buyerId: string;
  buyerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A Stripe-hosted Checkout page for the item; the purchase is recorded from the webhook. */
export async function createStripeCheckout(settings: StripeSettings, input: CheckoutInput): Promise<string> {
  const stripe = await stripeClient(settings);
  const { item } = input;
  const metadata = {
    buyer_id: input.buyerId,
    item_kind: item.kind,
    item_id: item.id,
    mode: item.price.mode,
  };
  const session = await stripe.checkout.sessions.create({
    mode: item.price.mode === 'monthly' ? 'subscription' : 'payment',
    client_reference_id: input.buyerId,
    ...(input.buyerEmail ? { customer_email: input.buyerEmail } : {}),
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: item.price.currency.toLowerCase(),
          unit_amount: item.price.amountCents,
          product_data: { name: item.name },
          ...(item.price.mode === 'monthly' ? { recurring: { interval: 'month' as const } } : {}),
        },
      },
    ],
    metadata,
    ...(item.price.mode === 'monthly' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return session.url;
}

export async function createStripePortal(settings: StripeSettings, customer: string, returnUrl: string): Promise<string> {
  const stripe = await stripeClient(settings);
  const portal = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
  return portal.url;
}

export async function cancelStripeSubscription(settings: StripeSettings, subscriptionId: string): Promise<void> {
  const stripe = await stripeClient(settings);
  await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
}

export class WebhookSignatureError extends Error {}

/** The event, verified against STRIPE_WEBHOOK_SECRET (signature and 5-minute tolerance). */
export async function verifyStripeEvent(settings: StripeSettings, payload: string, signature: string | null): Promise<Stripe.Event> {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
  const { default: StripeClass } = await import('stripe');
  try {
    return await StripeClass.webhooks.constructEventAsync(payload, signature, settings.webhookSecret, undefined, StripeClass.createSubtleCryptoProvider());
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature does not match');
  }
}

function orderOf(metadata: Stripe.Metadata | null | undefined, amountCents: number | null, currency: string | null): PaymentFact['order'] {
  const kind = metadata?.item_kind;
  const buyerId = metadata?.buyer_id;
  const itemId = metadata?.item_id;
  const mode = metadata?.mode;
  if ((kind !== 'app' && kind !== 'bundle' && kind !== 'plan') || !buyerId || !itemId || (mode !== 'one_time' && mode !== 'monthly')) {
    return undefined;
  }
  return { buyerId, itemKind: kind, itemId, mode, amountCents: amountCents ?? 0, currency: (currency ?? '').toUpperCase() };
}

function subscriptionStatus(status: Stripe.Subscription.Status): PurchaseStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid' || status === 'incomplete') return 'past_due';
  return 'canceled';
}

function subscriptionFact(event: Stripe.Event, subscription: Stripe.Subscription): PaymentFact {
  const item = subscription.items.data[0];
  const periodEnd = item?.current_period_end;
  const periodStart = item?.current_period_start;
  return {
    provider: 'stripe',
    eventId: event.id,
    eventType: event.type,
    eventCreated: new Date(event.created * 1000),
    reference: subscription.id,
    order: orderOf(subscription.metadata, item?.price.unit_amount ?? null, subscription.currency),
    customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscriptionStatus(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodStart: periodStart ? new Date(periodStart * 1000) : null,
    periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
}

/**
 * What a verified event means for a purchase, or null for events we do not act on. A completed
 * subscription checkout reads the subscription itself, so the order of events does not matter.
 */
export async function stripeEventFact(settings: StripeSettings, event: Stripe.Event): Promise<PaymentFact | null> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.payment_status === 'unpaid') return null;
      if (session.mode === 'subscription' && session.subscription) {
        const stripe = await stripeClient(settings);
        const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
        const subscription = await stripe.subscriptions.retrieve(id);
        const fact = subscriptionFact(event, subscription);
        return { ...fact, order: fact.order ?? orderOf(session.metadata, session.amount_total, session.currency) };
      }
      return {
        provider: 'stripe',
        eventId: event.id,
        eventType: event.type,
        eventCreated: new Date(event.created * 1000),
        reference: session.id,
        order: orderOf(session.metadata, session.amount_total, session.currency),
        customer: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
        status: 'active',
        cancelAtPeriodEnd: false,
        periodStart: new Date(session.created * 1000),
        periodEnd: null,
        payment: idOf(session.payment_intent),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionFact(event, event.data.object);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceFact(settings, event, event.data.object);
    case 'charge.refunded': {
      const charge = event.data.object;
      const payment = idOf(charge.payment_intent);
      // A partial refund (a goodwill credit) leaves the purchase as it is.
      if (!charge.refunded || !payment) return null;
      return {
        provider: 'stripe',
        eventId: event.id,
        eventType: event.type,
        eventCreated: new Date(event.created * 1000),
        reference: payment,
        refund: await refundedInvoice(settings, payment),
        customer: null,
        status: 'refunded',
        cancelAtPeriodEnd: false,
        periodStart: null,
        periodEnd: null,
      };
    }
    default:
      return null;
  }
}

/**
 * What a refunded payment paid for, asked of Stripe: the invoice it paid (invoice payments by
 * PaymentIntent) and that invoice's subscription. A refund ends access when it refunds a one-time
 * payment or the subscription's latest invoice; a refund of an older invoice leaves the period the
 * latest invoice paid for. Any invoice is found this way, whether or not its `invoice.paid` event
 * carried the payment.
 */
async function refundedInvoice(settings: StripeSettings, payment: string): Promise<NonNullable<PaymentFact['refund']>> {
  const stripe = await stripeClient(settings);
  const paid = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: payment }, limit: 1 });
  const invoiceId = idOf(paid.data[0]?.invoice);
  if (!invoiceId) return { subscription: null, endsAccess: true };
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return { subscription: null, endsAccess: true };
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const latest = idOf(subscription.latest_invoice);
    return { subscription: subscriptionId, endsAccess: latest === null || latest === invoiceId };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return { subscription: subscriptionId, endsAccess: true };
    throw error;
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * A subscription's invoice was paid (a renewal: the new period) or its payment failed (past due
 * until Stripe's retries succeed or the subscription ends). The subscription is read from Stripe,
 * so the status and period are Stripe's current ones whatever order events arrive in. Invoices
 * that belong to no subscription, or to one Stripe does not know, are not ours to apply.
 */
async function invoiceFact(settings: StripeSettings, event: Stripe.Event, invoice: Stripe.Invoice): Promise<PaymentFact | null> {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return null;
  const stripe = await stripeClient(settings);
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
  const fact = subscriptionFact(event, subscription);
  if (event.type === 'invoice.payment_failed') return fact.status === 'active' ? { ...fact, status: 'past_due' } : fact;
  const payment = invoice.payments?.data.map((entry) => idOf(entry.payment.payment_intent)).find((id) => id !== null);
  return payment ? { ...fact, payment } : fact;
}
