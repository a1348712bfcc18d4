-- A seller's sales (issue "The first hour": a seller had no view of buyers, revenue, purchases or
-- refunds). One call answers /bundles, a bundle's settings and /user-plan: the latest sales and
-- the figures over all of them, so the totals do not depend on how many rows a page shows.
--
-- Security invoker: the Purchase policies decide what the caller may read, and the function also
-- keeps only items the caller owns and leaves out the caller's own purchases (a seller testing
-- their own checkout is not a sale). Buyers stay anonymous: no product rule lets a seller see a
-- buyer's name or e-mail, so a buyer is a number, in the order they first bought from this seller,
-- which lets the seller recognise a returning buyer and nothing more.
create function public.my_sales(for_bundle uuid default null, max_rows integer default 50)
  returns jsonb
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  with owned as (
    select p.*
    from public."Purchase" as p
    where p.buyer_id <> (select auth.uid())
      and p.item_kind in ('app', 'bundle')
      and (
        exists (select 1 from public."App" as a where a.id = p.app_id and a.owner_id = (select auth.uid()))
        or exists (select 1 from public."Bundle" as b where b.id = p.bundle_id and b.owner_id = (select auth.uid()))
      )
  ),
  buyer as (
    select f.buyer_id, row_number() over (order by f.first_at, f.buyer_id) as buyer_number
    from (select buyer_id, min(created_at) as first_at from owned group by buyer_id) as f
  ),
  mine as (
    select o.*, upper(o.currency) as money_currency, b.buyer_number
    from owned as o join buyer as b on b.buyer_id = o.buyer_id
  ),
  sale as (
    select * from mine where for_bundle is null or bundle_id = for_bundle
  ),
  live as (
    select * from sale where provider <> 'test'
  )
  select jsonb_build_object(
    'sales', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'item_kind', s.item_kind, 'app_id', s.app_id, 'bundle_id', s.bundle_id, 'plan_id', s.plan_id,
               'provider', s.provider, 'mode', s.mode, 'amount_cents', s.amount_cents, 'currency', s.money_currency,
               'status', s.status, 'cancel_at_period_end', s.cancel_at_period_end, 'period_start', s.period_start,
               'period_end', s.period_end, 'created_at', s.created_at, 'buyer_number', s.buyer_number
             ) order by s.created_at desc, s.id)
      from (select * from sale order by created_at desc, id limit greatest(0, least(coalesce(max_rows, 50), 200))) as s
    ), '[]'::jsonb),
    'revenue', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.currency)
      from (
        select money_currency as currency,
               coalesce(sum(amount_cents) filter (where status <> 'refunded'), 0) as net_cents,
               coalesce(sum(amount_cents) filter (where status <> 'refunded' and created_at >= now() - interval '30 days'), 0) as last_30_days_cents,
               coalesce(sum(amount_cents) filter (where status = 'refunded'), 0) as refunded_cents
        from live
        group by money_currency
      ) as r
    ), '[]'::jsonb),
    'sale_count', (select count(*) from live),
    'sales_last_30_days', (select count(*) from live where created_at >= now() - interval '30 days'),
    'refund_count', (select count(*) from live where status = 'refunded'),
    'test_sale_count', (select count(*) from sale where provider = 'test'),
    'active_buyers', (select count(distinct buyer_id) from live where status = 'active')
  )
$$;
revoke all on function public.my_sales(uuid, integer) from public;
grant execute on function public.my_sales(uuid, integer) to authenticated, service_role;
