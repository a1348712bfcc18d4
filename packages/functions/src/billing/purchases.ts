// Applying verified payment-provider events to Purchase, for Stripe's webhook and the local test
// checkout alike: idempotent on the event id, late (out-of-order) events ignored, unknown items
// and buyers refused without changing anything.
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadItem } from './items.ts';
import type { ItemKind, PaidPrice } from './items.ts';

export type Provider = 'stripe' | 'test';
export type PurchaseStatus = 'active' | 'past_due' | 'canceled' | 'refunded';

/** A provider event, reduced to what a purchase needs. */
export interface PaymentFact {
  provider: Provider;
  eventId: string;
  eventType: string;
  /** When the provider created the event: an older event than the one applied last is stale. */
  eventCreated: Date;
  /** The Checkout Session (one-time) or Subscription (monthly). */
  reference: string;
  /** Present when the event says who bought what (checkout completed, subscription with metadata). */
  order?: { buyerId: string; itemKind: ItemKind; itemId: string; mode: 'one_time' | 'monthly'; amountCents: number; currency: string };
  customer: string | null;
  status: PurchaseStatus;
  cancelAtPeriodEnd: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The payment (Stripe PaymentIntent) behind the purchase's latest charge, kept for refunds. */
  payment?: string | null;
  /**
   * A refund: `reference` is the refunded payment (not the session or subscription), and only the
   * status changes (the period and the rest stay as they were, as a receipt). `subscription`: the
   * subscription whose invoice the payment paid, if any; `endsAccess`: false for a refund of an
   * older invoice of a subscription whose latest invoice stands (the paid-up period stays paid).
   */
  refund?: { subscription: string | null; endsAccess: boolean };
}

export type ApplyOutcome =
  | 'applied'
  | 'duplicate'
  | 'stale'
  | 'unknown_item'
  | 'unknown_buyer'
  | 'unknown_purchase'
  /** A refund whose purchase is not recorded yet: kept, and applied when it is. */
  | 'refund_pending'
  /** A refund of an older invoice: recorded against the purchase; access stays. */
  | 'refund_recorded';

interface PurchaseRow {
  id: string;
  buyer_id: string;
  item_kind: ItemKind;
  status: PurchaseStatus;
  last_event_at: string;
  provider_reference: string;
  provider_payment: string | null;
}

const PURCHASE_COLUMNS = 'id, buyer_id, item_kind, status, last_event_at, provider_reference, provider_payment';

/** Applies one event at most once. Unknown things are recorded as such and change nothing. */
export async function applyPaymentFact(supabase: SupabaseClient, fact: PaymentFact): Promise<ApplyOutcome> {
  const claimed = await supabase
    .from('PaymentEvent')
    .upsert({ provider: fact.provider, event_id: fact.eventId, type: fact.eventType, outcome: 'processing' }, { onConflict: 'provider,event_id', ignoreDuplicates: true })
    .select('event_id');
  if (claimed.error) throw new Error(`Recording the payment event failed: ${claimed.error.message}`);
  if ((claimed.data ?? []).length === 0) return 'duplicate';
  let outcome: ApplyOutcome;
  try {
    outcome = await apply(supabase, fact);
  } catch (error) {
    // Not applied: let the provider's retry try again.
    await supabase.from('PaymentEvent').delete().eq('provider', fact.provider).eq('event_id', fact.eventId);
    throw error;
  }
  // A pending refund replayed meanwhile has its outcome already: keep it.
  await supabase.from('PaymentEvent').update({ outcome }).eq('provider', fact.provider).eq('event_id', fact.eventId).eq('outcome', 'processing');
  return outcome;
}

async function apply(supabase: SupabaseClient, fact: PaymentFact): Promise<ApplyOutcome> {
  if (fact.refund) return applyRefund(supabase, fact, fact.refund);
  const found = await supabase
    .from('Purchase')
    .select(PURCHASE_COLUMNS)
    .eq('provider', fact.provider)
    .eq('provider_reference', fact.reference)
    .maybeSingle<PurchaseRow>();
  if (found.error) throw new Error(`Reading the purchase failed: ${found.error.message}`);
  const state = {
        status: fact.status,
        cancel_at_period_end: fact.cancelAtPeriodEnd,
        period_start: fact.periodStart?.toISOString() ?? null,
        period_end: fact.periodEnd?.toISOString() ?? null,
        last_event_at: fact.eventCreated.toISOString(),
        ...(fact.customer ? { provider_customer: fact.customer } : {}),
        ...(fact.payment ? { provider_payment: fact.payment } : {}),
      };
  if (found.data) {
    if (new Date(found.data.last_event_at).getTime() > fact.eventCreated.getTime()) return 'stale';
    // A refunded purchase stays refunded whatever the subscription says next, until a new
    // invoice is paid (a renewal the buyer pays for again).
    if (found.data.status === 'refunded' && fact.eventType !== 'invoice.paid') state.status = 'refunded';
    const updated = await supabase.from('Purchase').update(state).eq('id', found.data.id);
    if (updated.error) throw new Error(`Updating the purchase failed: ${updated.error.message}`);
    if (found.data.item_kind === 'plan') await syncPlan(supabase, found.data.buyer_id);
    await replayPendingRefunds(supabase, fact.provider, { ...found.data, provider_payment: fact.payment ?? found.data.provider_payment });
    return 'applied';
  }
  if (!fact.order) return 'unknown_purchase';
  const { order } = fact;
  const item = await loadItem(supabase, order.itemKind, order.itemId);
  if (!item) return 'unknown_item';
  const buyer = await supabase.auth.admin.getUserById(order.buyerId);
  if (buyer.error || !buyer.data.user) return 'unknown_buyer';
  const check = priceCheck(order, item.price);
  const inserted = await supabase
    .from('Purchase')
    .insert({
    buyer_id: order.buyerId,
    item_kind: order.itemKind,
    app_id: order.itemKind === 'app' ? order.itemId : null,
    bundle_id: order.itemKind === 'bundle' ? order.itemId : null,
    plan_id: order.itemKind === 'plan' ? order.itemId : null,
    provider: fact.provider,
    provider_reference: fact.reference,
    mode: order.mode,
    amount_cents: order.amountCents,
    currency: order.currency,
    ...check,
    ...state,
    })
    .select(PURCHASE_COLUMNS)
    .single<PurchaseRow>();
  if (inserted.error) {
    // Two deliveries of different events for one new purchase raced: the other one created it.
    if (inserted.error.code === '23505') return apply(supabase, fact);
    throw new Error(`Recording the purchase failed: ${inserted.error.message}`);
  }
  if (order.itemKind === 'plan') await syncPlan(supabase, order.buyerId);
  await replayPendingRefunds(supabase, fact.provider, inserted.data);
  return 'applied';
}

/**
 * The paid amount against the item's price when the payment is recorded. The rule when they
 * disagree: the purchase is recorded with the amount and currency the provider reported, access
 * follows the payment, and the purchase is flagged (price_mismatch) for the seller. Why access
 * stays: the amount is what our own checkout quoted from the database when the session was made
 * and the provider verified as paid, so a difference means the price changed while the buyer was
 * paying (a session lives up to a day) or the provider applied something to the charge; refusing
 * access would keep a buyer's money for nothing. The flag lets the seller see it and refund, and a
 * refund ends access as always. A signed event cannot be forged, so no one gets in this way
 * without a real payment.
 */
function priceCheck(
  order: NonNullable<PaymentFact['order']>,
  price: PaidPrice | null,
): { expected_amount_cents: number | null; expected_currency: string | null; price_mismatch: boolean } {
  if (!price) return { expected_amount_cents: null, expected_currency: null, price_mismatch: true };
  return {
    expected_amount_cents: price.amountCents,
    expected_currency: price.currency,
    price_mismatch: price.amountCents !== order.amountCents || price.currency !== order.currency.toUpperCase(),
  };
}

/**
 * A refund: of the purchase's payment, or of an invoice of its subscription. Before its purchase is
 * recorded (events arrive in any order) it is kept on its PaymentEvent row as 'refund_pending';
 * then the purchase is looked for once more, in case it was recorded meanwhile (whichever of the
 * two writers comes second sees the other; applying a refund twice changes nothing).
 */
async function applyRefund(supabase: SupabaseClient, fact: PaymentFact, refund: NonNullable<PaymentFact['refund']>): Promise<ApplyOutcome> {
  const purchase = await refundedPurchase(supabase, fact.provider, fact.reference, refund.subscription);
  if (purchase) return refundPurchase(supabase, purchase, refund.endsAccess, fact.eventCreated);
  const kept = await supabase
    .from('PaymentEvent')
    .update({
      outcome: 'refund_pending',
      payment: fact.reference,
      subscription: refund.subscription,
      ends_access: refund.endsAccess,
      event_created: fact.eventCreated.toISOString(),
    })
    .eq('provider', fact.provider)
    .eq('event_id', fact.eventId);
  if (kept.error) throw new Error(`Keeping the refund failed: ${kept.error.message}`);
  const recorded = await refundedPurchase(supabase, fact.provider, fact.reference, refund.subscription);
  if (recorded) await replayPendingRefunds(supabase, fact.provider, recorded);
  return 'refund_pending';
}

async function refundedPurchase(supabase: SupabaseClient, provider: Provider, payment: string, subscription: string | null): Promise<PurchaseRow | null> {
  for (const [column, value] of [
    ['provider_payment', payment],
    ['provider_reference', subscription],
  ] as const) {
    if (!value) continue;
    const found = await supabase.from('Purchase').select(PURCHASE_COLUMNS).eq('provider', provider).eq(column, value).maybeSingle<PurchaseRow>();
    if (found.error) throw new Error(`Reading the purchase failed: ${found.error.message}`);
    if (found.data) return found.data;
  }
  return null;
}

/** A full refund ends access (a plan purchase returns to Free) unless it refunds an older invoice. */
async function refundPurchase(supabase: SupabaseClient, purchase: PurchaseRow, endsAccess: boolean, refundedAt: Date): Promise<ApplyOutcome> {
  if (!endsAccess) return 'refund_recorded';
  if (new Date(purchase.last_event_at).getTime() > refundedAt.getTime()) return 'stale';
  const updated = await supabase.from('Purchase').update({ status: 'refunded', last_event_at: refundedAt.toISOString() }).eq('id', purchase.id);
  if (updated.error) throw new Error(`Updating the purchase failed: ${updated.error.message}`);
  if (purchase.item_kind === 'plan') await syncPlan(supabase, purchase.buyer_id);
  return 'applied';
}

interface PendingRefund {
  event_id: string;
  ends_access: boolean | null;
  event_created: string | null;
}

/** Refunds that arrived before this purchase was recorded, applied now (oldest first). */
async function replayPendingRefunds(supabase: SupabaseClient, provider: Provider, purchase: PurchaseRow): Promise<void> {
  const pending: PendingRefund[] = [];
  for (const [column, value] of [
    ['payment', purchase.provider_payment],
    ['subscription', purchase.provider_reference],
  ] as const) {
    if (!value) continue;
    const found = await supabase
      .from('PaymentEvent')
      .select('event_id, ends_access, event_created')
      .eq('provider', provider)
      .eq('outcome', 'refund_pending')
      .eq(column, value);
    if (found.error) throw new Error(`Reading pending refunds failed: ${found.error.message}`);
    for (const row of (found.data ?? []) as PendingRefund[]) if (!pending.some((seen) => seen.event_id === row.event_id)) pending.push(row);
  }
  pending.sort((a, b) => String(a.event_created).localeCompare(String(b.event_created)));
  for (const refund of pending) {
    const current = await supabase.from('Purchase').select(PURCHASE_COLUMNS).eq('id', purchase.id).single<PurchaseRow>();
    if (current.error) throw new Error(`Reading the purchase failed: ${current.error.message}`);
    const outcome = await refundPurchase(supabase, current.data, refund.ends_access !== false, new Date(refund.event_created ?? Date.now()));
    const marked = await supabase
      .from('PaymentEvent')
      .update({ outcome: outcome === 'applied' ? 'refund_replayed' : outcome })
      .eq('provider', provider)
      .eq('event_id', refund.event_id)
      .eq('outcome', 'refund_pending');
    if (marked.error) throw new Error(`Marking the refund failed: ${marked.error.message}`);
  }
}

/** User.plan follows the person's active plan subscription. */
async function syncPlan(supabase: SupabaseClient, userId: string): Promise<void> {
  const now = new Date().toISOString();
  const active = await supabase
    .from('Purchase')
    .select('period_end')
    .eq('buyer_id', userId)
    .eq('item_kind', 'plan')
    .eq('status', 'active')
    .or(`period_end.is.null,period_end.gt."${now}"`)
    .order('period_end', { ascending: false, nullsFirst: true })
    .limit(1);
  if (active.error) throw new Error(`Reading the plan purchases failed: ${active.error.message}`);
  const current = active.data?.[0];
  const updated = await supabase
    .from('User')
    .update({ plan: current ? 'pro' : 'free', plan_renews_at: current ? (current.period_end as string | null) : null })
    .eq('id', userId);
  if (updated.error) throw new Error(`Updating the plan failed: ${updated.error.message}`);
}
