// POST /functions/v1/billing {action, purchase_id}: a buyer manages a subscription. `portal` opens
// Stripe's customer portal (invoices, payment method); `cancel` ends it at the end of the paid
// period (Stripe confirms through the webhook; a test purchase is updated at once).
import { z } from 'zod';
import { issuesMessage, readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { returnPathSchema, returnUrl } from './checkout.ts';
import { cancelStripeSubscription, createStripePortal } from './stripe-provider.ts';

const bodySchema = z.object({
  action: z.enum(['portal', 'cancel'], { message: 'action must be portal or cancel' }),
  purchase_id: z.uuid({ message: 'purchase_id must be a UUID' }),
  return_path: returnPathSchema.default('/user-plan'),
});

interface PurchaseRow {
  id: string;
  buyer_id: string;
  provider: 'stripe' | 'test';
  provider_reference: string;
  provider_customer: string | null;
  mode: 'one_time' | 'monthly';
  status: string;
}

export const billingFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to manage your purchases');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const found = await ctx.supabase
    .from('Purchase')
    .select('id, buyer_id, provider, provider_reference, provider_customer, mode, status')
    .eq('id', body.data.purchase_id)
    .maybeSingle<PurchaseRow>();
  if (found.error) throw new Error(`Reading the purchase failed: ${found.error.message}`);
  const purchase = found.data;
  if (!purchase || purchase.buyer_id !== user.id) return errorResponse(404, 'purchase_not_found', 'There is no such purchase of yours');
  const stripe = ctx.env.payments?.stripe;

  if (body.data.action === 'portal') {
    if (purchase.provider !== 'stripe' || !purchase.provider_customer) {
      return errorResponse(409, 'no_portal', 'Test purchases have no billing portal: their receipts are on your Plan page');
    }
    if (!stripe || !ctx.env.payments) return errorResponse(503, 'payments_unavailable', 'Stripe is not set up on this server');
    const url = await createStripePortal(stripe, purchase.provider_customer, returnUrl(ctx.env.payments, body.data.return_path, 'success'));
    return json(200, { url });
  }
  if (purchase.mode !== 'monthly') return errorResponse(409, 'not_a_subscription', 'A one-time purchase has nothing to cancel');
  if (purchase.status !== 'active') return errorResponse(409, 'not_active', 'This subscription has ended already');
  if (purchase.provider === 'stripe') {
    if (!stripe) return errorResponse(503, 'payments_unavailable', 'Stripe is not set up on this server');
    await cancelStripeSubscription(stripe, purchase.provider_reference);
  }
  const updated = await ctx.supabase.from('Purchase').update({ cancel_at_period_end: true }).eq('id', purchase.id);
  if (updated.error) throw new Error(`Cancelling failed: ${updated.error.message}`);
  return json(200, { cancel_at_period_end: true });
};
