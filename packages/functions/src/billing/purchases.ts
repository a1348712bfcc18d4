// Applying verified payment-provider events to Purchase, for Stripe's webhook and the local test
// checkout alike: idempotent on the event id, late (out-of-order) events ignored, unknown items
// and buyers refused without changing anything.
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadItem } from './items.ts';
import type { ItemKind } from './items.ts';

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
   * status changes (the period and the rest stay as they were, as a receipt).
   */
  refund?: boolean;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_item' | 'unknown_buyer' | 'unknown_purchase';

interface PurchaseRow {
  id: string;
  buyer_id: string;
  item_kind: ItemKind;
  status: PurchaseStatus;
  last_event_at: string;
}

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
  await supabase.from('PaymentEvent').update({ outcome }).eq('provider', fact.provider).eq('event_id', fact.eventId);
  return outcome;
}

async function apply(supabase: SupabaseClient, fact: PaymentFact): Promise<ApplyOutcome> {
  const found = await supabase
    .from('Purchase')
    .select('id, buyer_id, item_kind, status, last_event_at')
    .eq('provider', fact.provider)
    .eq(fact.refund ? 'provider_payment' : 'provider_reference', fact.reference)
    .maybeSingle<PurchaseRow>();
  if (found.error) throw new Error(`Reading the purchase failed: ${found.error.message}`);
  const state = fact.refund
    ? { status: fact.status, last_event_at: fact.eventCreated.toISOString() }
    : {
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
    if (found.data.status === 'refunded' && !fact.refund && fact.eventType !== 'invoice.paid') state.status = 'refunded';
    const updated = await supabase.from('Purchase').update(state).eq('id', found.data.id);
    if (updated.error) throw new Error(`Updating the purchase failed: ${updated.error.message}`);
    if (found.data.item_kind === 'plan') await syncPlan(supabase, found.data.buyer_id);
    return 'applied';
  }
  if (fact.refund) return 'unknown_purchase';
  if (!fact.order) return 'unknown_purchase';
  const { order } = fact;
  const item = await loadItem(supabase, order.itemKind, order.itemId);
  if (!item) return 'unknown_item';
  const buyer = await supabase.auth.admin.getUserById(order.buyerId);
  if (buyer.error || !buyer.data.user) return 'unknown_buyer';
  const inserted = await supabase.from('Purchase').insert({
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
    ...state,
  });
  if (inserted.error) {
    // Two deliveries of different events for one new purchase raced: the other one created it.
    if (inserted.error.code === '23505') return apply(supabase, fact);
    throw new Error(`Recording the purchase failed: ${inserted.error.message}`);
  }
  if (order.itemKind === 'plan') await syncPlan(supabase, order.buyerId);
  return 'applied';
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
