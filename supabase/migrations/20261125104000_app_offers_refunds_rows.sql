-- Bundles feature (#17), second round: what a visitor of a paid app may buy to run it.

-- The paid bundles that hold a deployed app and that the caller may open and buy, for the app's
-- own pages ("Get it with the bundle …"): public and unlisted bundles for anyone, signed-in ones
-- for signed-in people, and the owner's own. Invite-only bundles are never offered (nobody buys
-- their way onto a list). A function rather than a wider select policy, so unlisted bundles
-- cannot be listed by anyone.
create or replace function public.app_paid_bundles(app_id uuid) returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', b.id, 'name', b.name, 'price', b.price) order by b.name, b.id), '[]'::jsonb)
  from public."BundleApp" as ba
  join public."Bundle" as b on b.id = ba.bundle_id
  join public."App" as a on a.id = ba.app_id
  where ba.app_id = app_paid_bundles.app_id
    and a.deployed_version_id is not null
    and coalesce(b.price ->> 'kind', 'free') <> 'free'
    and (b.visibility in ('public', 'unlisted')
         or (b.visibility = 'signed_in' and (select auth.uid()) is not null)
         or b.owner_id = (select auth.uid()));
$$;
revoke execute on function public.app_paid_bundles(uuid) from public;
grant execute on function public.app_paid_bundles(uuid) to anon, authenticated, service_role;

-- Refunds: a Stripe refund names the payment (PaymentIntent), not the Checkout Session or the
-- Subscription a purchase is kept under, so the purchase keeps its latest payment too (the
-- session's for one-time purchases, the latest paid invoice's for subscriptions).
alter table public."Purchase" add column provider_payment text check (char_length(provider_payment) <= 255);
create index "Purchase_provider_payment_idx" on public."Purchase" (provider, provider_payment) where provider_payment is not null;

-- /user-plan: how many rows the caller's databases hold together, against the plan's
-- database_rows. Counted from the caller's own databases down (by their indexes), not by
-- filtering every row in the system through row-level security. Signed-out callers have none.
create or replace function public.my_database_rows() returns bigint
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select count(*)
  from public."Database" as d
  join public."DatabaseTable" as t on t.database_id = d.id
  join public."DatabaseRow" as r on r.table_id = t.id
  where d.owner_id = (select auth.uid());
$$;
revoke execute on function public.my_database_rows() from public, anon;
grant execute on function public.my_database_rows() to authenticated, service_role;
