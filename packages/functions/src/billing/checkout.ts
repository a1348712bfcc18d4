// POST /functions/v1/checkout {item_kind, item_id, return_path}: where to pay for an app, a bundle
// or the pro plan. Stripe Checkout when Stripe is configured; otherwise, in development only, the
// local test checkout; otherwise (production without Stripe) a clear "cannot be bought yet".
import { z } from 'zod';
import { issuesMessage, readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { FunctionContext, FunctionHandler, PaymentsEnv } from '../types.ts';
import { itemRefSchema, loadItem } from './items.ts';
import type { SellableItem } from './items.ts';
import { createStripeCheckout } from './stripe-provider.ts';

/** A path on the web app: starts with one slash, no scheme, no host, no backslashes. */
export const returnPathSchema = z
  .string({ message: 'return_path must be text' })
  .max(500, { message: 'return_path has at most 500 characters' })
  .regex(/^\/(?![/\\])[^\s\\]*$/, { message: 'return_path must be a path on this site, like /bundle/…' });

const bodySchema = z.intersection(itemRefSchema, z.object({ return_path: returnPathSchema }));

export type PaymentsMode = 'stripe' | 'test' | 'off';

export function paymentsMode(payments: PaymentsEnv | undefined): PaymentsMode {
  if (payments?.stripe) return 'stripe';
  return payments?.testCheckout ? 'test' : 'off';
}

export function returnUrl(payments: PaymentsEnv, path: string, outcome: 'success' | 'canceled'): string {
  const url = new URL(path, `${payments.siteUrl}/`);
  url.searchParams.set('checkout', outcome);
  return url.toString();
}

/** Refusals before any payment: nothing to pay, already has access, buying from oneself. */
async function refusal(ctx: FunctionContext, item: SellableItem, userId: string): Promise<Response | null> {
  if (!item.price) return errorResponse(409, 'nothing_to_pay', `${item.name} is free`);
  if (item.ownerId === userId) return errorResponse(409, 'own_item', `${item.name} is yours: you do not need to buy it`);
  if (item.kind === 'plan') {
    const user = await ctx.supabase.from('User').select('plan').eq('id', userId).maybeSingle<{ plan: string }>();
    if (user.error) throw new Error(`Reading the plan failed: ${user.error.message}`);
    return user.data?.plan === 'pro' ? errorResponse(409, 'already_subscribed', 'You are on the Pro plan already') : null;
  }
  const access = await ctx.supabase.rpc(item.kind === 'app' ? 'app_entitlement' : 'bundle_entitlement', {
    [item.kind === 'app' ? 'app_id' : 'bundle_id']: item.id,
    user_id: userId,
    email: signedInEmail(ctx),
  });
  if (access.error) throw new Error(`Checking access failed: ${access.error.message}`);
  return access.data ? errorResponse(409, 'already_have_access', `You already have access to ${item.name}`) : null;
}

function signedInEmail(ctx: FunctionContext): string | null {
  return ctx.caller?.email ?? null;
}

export const checkoutFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to buy');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const { item_kind: kind, item_id: id, return_path: path } = body.data;

  const item = await loadItem(ctx.supabase, kind, id);
  if (!item) return errorResponse(404, 'item_not_found', `There is no such ${kind}`);
  const refused = await refusal(ctx, item, user.id);
  if (refused) return refused;
  const price = item.price;
  if (!price) return errorResponse(409, 'nothing_to_pay', `${item.name} is free`);

  const payments = ctx.env.payments;
  const mode = paymentsMode(payments);
  if (!payments || mode === 'off') {
    return errorResponse(503, 'payments_unavailable', `${item.name} cannot be bought yet: payments are not set up on this server`);
  }
  const successUrl = returnUrl(payments, path, 'success');
  const cancelUrl = returnUrl(payments, path, 'canceled');
  if (mode === 'stripe' && payments.stripe) {
    const url = await createStripeCheckout(payments.stripe, {
      item: { ...item, price },
      buyerId: user.id,
      buyerEmail: user.email,
      successUrl,
      cancelUrl,
    });
    return json(200, { provider: 'stripe', url });
  }
  const created = await ctx.supabase
    .from('CheckoutSession')
    .insert({
      buyer_id: user.id,
      item_kind: item.kind,
      item_id: item.id,
      item_name: item.name,
      mode: price.mode,
      amount_cents: price.amountCents,
      currency: price.currency,
      success_url: successUrl,
      cancel_url: cancelUrl,
    })
    .select('id')
    .single<{ id: string }>();
  if (created.error) throw new Error(`Starting the test checkout failed: ${created.error.message}`);
  return json(200, { provider: 'test', url: `${payments.siteUrl}/test-checkout/${created.data.id}` });
};
