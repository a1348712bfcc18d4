// POST /functions/v1/stripe-webhook: Stripe's events, verified with STRIPE_WEBHOOK_SECRET before
// anything is read. Deployed without JWT verification (Stripe sends no Supabase token): see
// verify_jwt = false in supabase/config.toml. Replays are recognised by event id; late events change nothing.
import { errorResponse, json } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { applyPaymentFact } from './purchases.ts';
import { stripeEventFact, verifyStripeEvent, WebhookSignatureError } from './stripe-provider.ts';

const MAX_EVENT_BYTES = 256 * 1024;

export const stripeWebhookFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const stripe = ctx.env.payments?.stripe;
  if (!stripe) return errorResponse(404, 'stripe_not_configured', 'Stripe is not set up on this server');
  const payload = await req.text();
  if (payload.length > MAX_EVENT_BYTES) return errorResponse(413, 'payload_too_large', 'The event is too large');
  let event;
  try {
    event = await verifyStripeEvent(stripe, payload, req.headers.get('stripe-signature'));
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    ctx.log.warn({ reason: error.message }, 'stripe webhook refused: bad signature');
    return errorResponse(400, 'invalid_signature', 'The Stripe signature does not match this event');
  }
  const fact = await stripeEventFact(stripe, event);
  if (!fact) return json(200, { received: true, outcome: 'ignored' });
  const outcome = await applyPaymentFact(ctx.supabase, fact);
  if (outcome !== 'applied') ctx.log.warn({ event_id: event.id, type: event.type, outcome }, 'stripe event not applied');
  // 2xx for everything verified: retrying a replay, a late event or an unknown item cannot help.
  return json(200, { received: true, outcome });
};
