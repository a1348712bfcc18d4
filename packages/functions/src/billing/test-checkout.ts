// POST /functions/v1/test-checkout {session_id, action}: the local test checkout (development
// only; 404 elsewhere). `view` describes the session to its buyer; `complete` records the purchase
// exactly as a verified provider event would (no money moves); `cancel` abandons it.
import { z } from 'zod';
import { issuesMessage, readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { applyPaymentFact } from './purchases.ts';

const bodySchema = z.object({
  session_id: z.uuid({ message: 'session_id must be a UUID' }),
  action: z.enum(['view', 'complete', 'cancel'], { message: 'action must be view, complete or cancel' }),
});

interface SessionRow {
  id: string;
  buyer_id: string;
  item_kind: 'app' | 'bundle' | 'plan';
  item_id: string;
  item_name: string;
  mode: 'one_time' | 'monthly';
  amount_cents: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'canceled';
  expires_at: string;
}

const MONTH_MS = 30 * 24 * 3600 * 1000;

export const testCheckoutFunction: FunctionHandler = async (req, ctx) => {
  if (!ctx.env.payments?.testCheckout) return errorResponse(404, 'not_found', 'The test checkout is off on this server');
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to continue the checkout');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));

  const found = await ctx.supabase.from('CheckoutSession').select('*').eq('id', body.data.session_id).maybeSingle<SessionRow>();
  if (found.error) throw new Error(`Reading the checkout failed: ${found.error.message}`);
  const session = found.data;
  // Someone else's session looks like no session at all.
  if (!session || session.buyer_id !== user.id) return errorResponse(404, 'checkout_not_found', 'There is no such checkout');
  const expired = new Date(session.expires_at).getTime() < Date.now();
  const summary = {
    id: session.id,
    item_kind: session.item_kind,
    item_name: session.item_name,
    mode: session.mode,
    amount_cents: session.amount_cents,
    currency: session.currency,
    status: expired && session.status === 'open' ? 'expired' : session.status,
    cancel_url: session.cancel_url,
  };
  if (body.data.action === 'view') return json(200, summary);
  if (session.status !== 'open' || expired) {
    return errorResponse(409, 'checkout_closed', summary.status === 'complete' ? 'This checkout is already paid' : 'This checkout is closed; start again from the page you came from');
  }
  if (body.data.action === 'cancel') {
    const closed = await ctx.supabase.from('CheckoutSession').update({ status: 'canceled' }).eq('id', session.id).eq('status', 'open');
    if (closed.error) throw new Error(`Cancelling the checkout failed: ${closed.error.message}`);
    return json(200, { redirect_url: session.cancel_url });
  }
  // Only one of two racing "complete" clicks closes the session and records the purchase.
  const closed = await ctx.supabase.from('CheckoutSession').update({ status: 'complete' }).eq('id', session.id).eq('status', 'open').select('id');
  if (closed.error) throw new Error(`Completing the checkout failed: ${closed.error.message}`);
  if ((closed.data ?? []).length === 0) return errorResponse(409, 'checkout_closed', 'This checkout is already paid');
  const now = new Date();
  const outcome = await applyPaymentFact(ctx.supabase, {
    provider: 'test',
    eventId: `test:${session.id}:complete`,
    eventType: 'checkout.session.completed',
    eventCreated: now,
    reference: `test_${session.id}`,
    order: {
      buyerId: session.buyer_id,
      itemKind: session.item_kind,
      itemId: session.item_id,
      mode: session.mode,
      amountCents: session.amount_cents,
      currency: session.currency,
    },
    customer: null,
    status: 'active',
    cancelAtPeriodEnd: false,
    periodStart: now,
    periodEnd: session.mode === 'monthly' ? new Date(now.getTime() + MONTH_MS) : null,
  });
  if (outcome !== 'applied') return errorResponse(409, outcome, 'This item can no longer be bought');
  return json(200, { redirect_url: session.success_url });
};
