-- Plans (#17), third round: refunds that arrive before their purchase, and refunds of older invoices.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
--
-- Stripe delivers events in no promised order: a `charge.refunded` can arrive before the
-- `checkout.session.completed` (or subscription event) that records its purchase. Such a refund is
-- kept on its "PaymentEvent" row (outcome 'refund_pending') with what it refunds — the payment
-- (PaymentIntent), the subscription when the payment paid one of its invoices, and whether it
-- ends access — and is applied when the purchase is recorded (outcome then 'refund_replayed').
-- "PaymentEvent" stays the server's alone (row-level security on, no privilege for anon or
-- authenticated).

alter table public."PaymentEvent"
  add column payment text check (char_length(payment) <= 255),
  add column subscription text check (char_length(subscription) <= 255),
  -- false for a refund of an older invoice of a subscription whose latest invoice is paid.
  add column ends_access boolean,
  -- When the provider created the event (a replayed refund is dated by it, not by its replay).
  add column event_created timestamptz;

create index "PaymentEvent_pending_payment_idx" on public."PaymentEvent" (provider, payment) where outcome = 'refund_pending';
create index "PaymentEvent_pending_subscription_idx" on public."PaymentEvent" (provider, subscription) where outcome = 'refund_pending';
