-- Issue 26, item 7: a payment whose amount or currency disagrees with the item's price is recorded
-- as the provider reported it and flagged, so the seller sees it and can refund.
--
-- expected_amount_cents / expected_currency: the item's price when the payment was recorded
-- (null when the item had no paid price any more). price_mismatch: the server's verdict, kept as a
-- column rather than computed so that rows recorded before this check stay unflagged.
-- Sellers and buyers read these through the existing select policies of Purchase ("a buyer reads
-- their purchases", "a seller reads purchases of their items"); only the service role writes them
-- (authenticated has select only on Purchase, so no REST request can set or clear the flag).

alter table public."Purchase"
  add column expected_amount_cents bigint check (expected_amount_cents >= 0),
  add column expected_currency text check (char_length(expected_currency) <= 8),
  add column price_mismatch boolean not null default false;

comment on column public."Purchase".price_mismatch is
  'The amount or currency the payment provider reported differs from the item''s price when the payment was recorded.';

-- The seller's "flagged sales" list reads only these rows.
create index "Purchase_price_mismatch_idx" on public."Purchase" (created_at) where price_mismatch;
