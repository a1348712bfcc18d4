-- Bundles feature (#17): who may use a paid or invite-only app or bundle, what people bought,
-- plans and their limits, usage counted per owner, per app and per end user, and caps.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
--
-- Everything money- or usage-shaped is the server's: Purchase, PaymentEvent, CheckoutSession,
-- UsageCounter and CapNotice have no insert/update/delete privilege for anon or authenticated at
-- all, so no REST request can forge a purchase or reset a counter; the payment functions write
-- them with the service role, from verified provider events only.

-- Prices ----------------------------------------------------------------------------------------

-- The price an owner may set: free, one-time or monthly, in a currency we can charge in, up to
-- 100,000 of it (JPY has no minor unit). Null means free. Rows saved before stay as they are.
create or replace function public.price_is_valid(price jsonb) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select price is null or jsonb_typeof(price) = 'null' or (
    jsonb_typeof(price) = 'object'
    and price ->> 'kind' in ('free', 'one_time', 'monthly')
    and price ->> 'currency' in ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'JPY')
    and jsonb_typeof(price -> 'amount_cents') = 'number'
    and (price ->> 'amount_cents') ~ '^[0-9]{1,9}$'
    and case
      when price ->> 'kind' = 'free' then (price ->> 'amount_cents')::bigint = 0
      when price ->> 'currency' = 'JPY' then (price ->> 'amount_cents')::bigint between 1 and 100000
      else (price ->> 'amount_cents')::bigint between 1 and 10000000
    end
  );
$$;

alter table public."App" add constraint "App_price_valid" check (public.price_is_valid(price)) not valid;
alter table public."Bundle" add constraint "Bundle_price_valid" check (public.price_is_valid(price)) not valid;

-- Whether the caller owns the bundle and the app named (either may be null): what an owner's
-- per-item rows (allowed people, caps) are checked against.
create or replace function public.caller_owns_item(bundle_id uuid, app_id uuid) returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select (caller_owns_item.bundle_id is null
          or exists (select 1 from public."Bundle" as b where b.id = caller_owns_item.bundle_id and b.owner_id = (select auth.uid())))
     and (caller_owns_item.app_id is null
          or exists (select 1 from public."App" as a where a.id = caller_owns_item.app_id and a.owner_id = (select auth.uid())));
$$;

-- Allowed users ---------------------------------------------------------------------------------

-- The list moves from Bundle.allowed_users (an array nobody could page, dedupe or invite from) to
-- one row per entry, for bundles and apps alike.
drop function if exists public.bundle_allowed_users(uuid);
alter table public."Bundle" drop column if exists allowed_users;

create table public."AllowedUser" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  bundle_id uuid references public."Bundle" (id) on delete cascade,
  app_id uuid references public."App" (id) on delete cascade,
  -- A lower-case e-mail address, or `@domain` for everyone at that domain.
  entry text not null
    check (
      char_length(entry) <= 254
      and entry = lower(entry)
      and entry ~ '^([a-z0-9!#$%&''*+/=?^_`{|}~.-]+@|@)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
    ),
  -- Set by the server when the invitation e-mail went out.
  invited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint "AllowedUser_one_item" check ((bundle_id is null) <> (app_id is null)),
  -- Nulls are distinct: a bundle's entries never collide with an app's.
  constraint "AllowedUser_bundle_entry_key" unique (bundle_id, entry),
  constraint "AllowedUser_app_entry_key" unique (app_id, entry)
);
create index "AllowedUser_entry_idx" on public."AllowedUser" (entry);
create index "AllowedUser_owner_id_idx" on public."AllowedUser" (owner_id);

create trigger "AllowedUser_set_updated_at"
  before update on public."AllowedUser"
  for each row execute function public.set_updated_at();

alter table public."AllowedUser" enable row level security;
revoke all on table public."AllowedUser" from anon, authenticated;
grant select, delete on table public."AllowedUser" to authenticated;
grant insert (owner_id, bundle_id, app_id, entry) on table public."AllowedUser" to authenticated;
grant all on table public."AllowedUser" to service_role;

create policy "AllowedUser: an owner reads the lists of their items"
  on public."AllowedUser" for select to authenticated
  using ((select auth.uid()) = owner_id);

create policy "AllowedUser: an owner lists people on their own items"
  on public."AllowedUser" for insert to authenticated
  with check (
    (select auth.uid()) = owner_id and public.caller_owns_item(bundle_id, app_id)
  );

create policy "AllowedUser: an owner removes people from their lists"
  on public."AllowedUser" for delete to authenticated
  using ((select auth.uid()) = owner_id);

-- Plans -----------------------------------------------------------------------------------------

create table public."Plan" (
  id text primary key check (id in ('free', 'pro')),
  name text not null,
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null,
  -- Per month: apps, runs, ai_tokens, database_rows, api_calls, custom_domains (null = no limit).
  limits jsonb not null check (jsonb_typeof(limits) = 'object'),
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public."Plan" enable row level security;
revoke all on table public."Plan" from anon, authenticated;
grant select on table public."Plan" to anon, authenticated;
grant all on table public."Plan" to service_role;
create policy "Plan: anyone reads the plans" on public."Plan" for select to anon, authenticated using (true);

insert into public."Plan" (id, name, amount_cents, currency, limits, position) values
  ('free', 'Free', 0, 'USD',
   '{"apps": 5, "runs": 500, "ai_tokens": 200000, "database_rows": 1000, "api_calls": 1000, "custom_domains": 0}', 0),
  ('pro', 'Pro', 1900, 'USD',
   '{"apps": 100, "runs": 20000, "ai_tokens": 5000000, "database_rows": 100000, "api_calls": 50000, "custom_domains": 5}', 1);

-- Purchases -------------------------------------------------------------------------------------

create table public."Purchase" (
  id uuid primary key default gen_random_uuid(),
  buyer_id uuid not null references auth.users (id) on delete cascade,
  item_kind text not null check (item_kind in ('app', 'bundle', 'plan')),
  app_id uuid references public."App" (id) on delete set null,
  bundle_id uuid references public."Bundle" (id) on delete set null,
  plan_id text references public."Plan" (id),
  provider text not null check (provider in ('stripe', 'test')),
  -- The Checkout Session (one-time) or the Subscription (monthly) at the provider.
  provider_reference text not null check (char_length(provider_reference) between 1 and 255),
  provider_customer text,
  mode text not null check (mode in ('one_time', 'monthly')),
  amount_cents bigint not null check (amount_cents >= 0),
  currency text not null,
  status text not null check (status in ('active', 'past_due', 'canceled', 'refunded')),
  cancel_at_period_end boolean not null default false,
  -- One-time purchases have no end; subscriptions are paid up to period_end.
  period_start timestamptz,
  period_end timestamptz,
  -- When the provider created the latest event applied here: older events arriving late are ignored.
  last_event_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- app_id / bundle_id become null when the item is deleted; the purchase stays as a receipt.
  constraint "Purchase_item" check (
    (item_kind = 'app' and bundle_id is null and plan_id is null)
    or (item_kind = 'bundle' and app_id is null and plan_id is null)
    or (item_kind = 'plan' and plan_id is not null and app_id is null and bundle_id is null)
  ),
  constraint "Purchase_provider_reference_key" unique (provider, provider_reference)
);
create index "Purchase_buyer_id_idx" on public."Purchase" (buyer_id);
create index "Purchase_app_id_idx" on public."Purchase" (app_id);
create index "Purchase_bundle_id_idx" on public."Purchase" (bundle_id);

create trigger "Purchase_set_updated_at"
  before update on public."Purchase"
  for each row execute function public.set_updated_at();

alter table public."Purchase" enable row level security;
revoke all on table public."Purchase" from anon, authenticated;
grant select on table public."Purchase" to authenticated;
grant all on table public."Purchase" to service_role;

create policy "Purchase: a buyer reads their purchases"
  on public."Purchase" for select to authenticated
  using ((select auth.uid()) = buyer_id);

create policy "Purchase: a seller reads purchases of their items"
  on public."Purchase" for select to authenticated
  using (
    exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid()))
    or exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid()))
  );

-- Every provider event applied, by its id: a replay is recognised and changes nothing.
create table public."PaymentEvent" (
  provider text not null check (provider in ('stripe', 'test')),
  event_id text not null check (char_length(event_id) between 1 and 255),
  type text not null,
  outcome text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
alter table public."PaymentEvent" enable row level security;
revoke all on table public."PaymentEvent" from anon, authenticated;
grant all on table public."PaymentEvent" to service_role;

-- The local test checkout's sessions (development only): what is being bought, by whom, and where
-- the browser goes afterwards.
create table public."CheckoutSession" (
  id uuid primary key default gen_random_uuid(),
  buyer_id uuid not null references auth.users (id) on delete cascade,
  item_kind text not null check (item_kind in ('app', 'bundle', 'plan')),
  item_id text not null,
  item_name text not null,
  mode text not null check (mode in ('one_time', 'monthly')),
  amount_cents bigint not null,
  currency text not null,
  success_url text not null,
  cancel_url text not null,
  status text not null default 'open' check (status in ('open', 'complete', 'canceled')),
  expires_at timestamptz not null default now() + interval '1 hour',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public."CheckoutSession" enable row level security;
revoke all on table public."CheckoutSession" from anon, authenticated;
grant all on table public."CheckoutSession" to service_role;

-- Usage and caps --------------------------------------------------------------------------------

-- Caps an owner sets on an app or a bundle: "each person may run this 20 times a day", or a total.
create table public."UsageCap" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  app_id uuid references public."App" (id) on delete cascade,
  bundle_id uuid references public."Bundle" (id) on delete cascade,
  scope text not null check (scope in ('each_person', 'everyone')),
  period text not null check (period in ('day', 'month')),
  max_runs integer not null check (max_runs between 1 and 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint "UsageCap_one_item" check ((bundle_id is null) <> (app_id is null))
);
create unique index "UsageCap_app_key" on public."UsageCap" (app_id, scope, period) where app_id is not null;
create unique index "UsageCap_bundle_key" on public."UsageCap" (bundle_id, scope, period) where bundle_id is not null;
create index "UsageCap_owner_id_idx" on public."UsageCap" (owner_id);

create trigger "UsageCap_set_updated_at"
  before update on public."UsageCap"
  for each row execute function public.set_updated_at();

alter table public."UsageCap" enable row level security;
revoke all on table public."UsageCap" from anon, authenticated;
grant select, delete on table public."UsageCap" to authenticated;
grant insert (owner_id, app_id, bundle_id, scope, period, max_runs), update (max_runs)
  on table public."UsageCap" to authenticated;
grant all on table public."UsageCap" to service_role;

create policy "UsageCap: an owner reads their caps"
  on public."UsageCap" for select to authenticated
  using ((select auth.uid()) = owner_id);

create policy "UsageCap: an owner caps their own items"
  on public."UsageCap" for insert to authenticated
  with check (
    (select auth.uid()) = owner_id and public.caller_owns_item(bundle_id, app_id)
  );

create policy "UsageCap: an owner changes their caps"
  on public."UsageCap" for update to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create policy "UsageCap: an owner removes their caps"
  on public."UsageCap" for delete to authenticated
  using ((select auth.uid()) = owner_id);

-- One counter per (what is counted, for whom, period). scope_key is 'owner', 'app:<id>',
-- 'app:<id>|<runner>' or 'bundle:<id>|<runner>' where runner is 'user:<id>', 'session:<text>'
-- or 'key:<id>'. Counted atomically by public.admit_run and public.meter_add.
create table public."UsageCounter" (
  owner_id uuid not null references auth.users (id) on delete cascade,
  scope_key text not null check (char_length(scope_key) <= 300),
  metric text not null check (metric in ('runs', 'ai_tokens', 'api_calls')),
  period text not null check (period in ('day', 'month')),
  period_start date not null,
  used bigint not null default 0 check (used >= 0),
  updated_at timestamptz not null default now(),
  primary key (owner_id, scope_key, metric, period, period_start)
);
alter table public."UsageCounter" enable row level security;
revoke all on table public."UsageCounter" from anon, authenticated;
grant select on table public."UsageCounter" to authenticated;
grant all on table public."UsageCounter" to service_role;

create policy "UsageCounter: an owner reads their usage"
  on public."UsageCounter" for select to authenticated
  using ((select auth.uid()) = owner_id);

-- "The owner is told once": one row per cap and period, written when the cap is first reached.
create table public."CapNotice" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  cap_key text not null,
  period_start date not null,
  message text not null,
  created_at timestamptz not null default now(),
  constraint "CapNotice_once" unique (owner_id, cap_key, period_start)
);
alter table public."CapNotice" enable row level security;
revoke all on table public."CapNotice" from anon, authenticated;
grant select on table public."CapNotice" to authenticated;
grant all on table public."CapNotice" to service_role;

create policy "CapNotice: an owner reads their notices"
  on public."CapNotice" for select to authenticated
  using ((select auth.uid()) = owner_id);

-- Entitlements ----------------------------------------------------------------------------------

-- Whether `email` is on an item's allowed list, itself or by its domain.
create or replace function public.allowed_entry_matches(entry text, email text) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select email is not null and (entry = lower(email) or entry = '@' || split_part(lower(email), '@', 2));
$$;

-- Why `user_id` (with `email`) may use app `app_id`, or null when they may not (the caller checks
-- visibility and free prices): 'owner', 'allowed' (on the app's or a holding bundle's list),
-- 'purchase' (active purchase or subscription of the app or of a bundle holding it).
create or replace function public.app_entitlement(app_id uuid, user_id uuid, email text) returns text
  language sql
  stable
  set search_path = ''
as $$
  select case
    when user_id is null then null
    when exists (select 1 from public."App" as a where a.id = app_entitlement.app_id and a.owner_id = app_entitlement.user_id)
      then 'owner'
    when exists (
      select 1 from public."AllowedUser" as u
      where (u.app_id = app_entitlement.app_id
             or u.bundle_id in (select ba.bundle_id from public."BundleApp" as ba where ba.app_id = app_entitlement.app_id))
        and public.allowed_entry_matches(u.entry, app_entitlement.email)
    ) then 'allowed'
    when exists (
      select 1 from public."Purchase" as p
      where p.buyer_id = app_entitlement.user_id
        and p.status = 'active'
        and (p.period_end is null or p.period_end > now())
        and (p.app_id = app_entitlement.app_id
             or p.bundle_id in (select ba.bundle_id from public."BundleApp" as ba where ba.app_id = app_entitlement.app_id))
    ) then 'purchase'
    else null
  end;
$$;

create or replace function public.bundle_entitlement(bundle_id uuid, user_id uuid, email text) returns text
  language sql
  stable
  set search_path = ''
as $$
  select case
    when user_id is null then null
    when exists (select 1 from public."Bundle" as b where b.id = bundle_entitlement.bundle_id and b.owner_id = bundle_entitlement.user_id)
      then 'owner'
    when exists (
      select 1 from public."AllowedUser" as u
      where u.bundle_id = bundle_entitlement.bundle_id and public.allowed_entry_matches(u.entry, bundle_entitlement.email)
    ) then 'allowed'
    when exists (
      select 1 from public."Purchase" as p
      where p.buyer_id = bundle_entitlement.user_id and p.bundle_id = bundle_entitlement.bundle_id
        and p.status = 'active' and (p.period_end is null or p.period_end > now())
    ) then 'purchase'
    else null
  end;
$$;
revoke execute on function public.app_entitlement(uuid, uuid, text), public.bundle_entitlement(uuid, uuid, text)
  from public, anon, authenticated;
grant execute on function public.app_entitlement(uuid, uuid, text), public.bundle_entitlement(uuid, uuid, text)
  to service_role;

-- An app costs something when its own price does, or when a paid bundle holds it (a bundle's price
-- covers its apps: selling a bundle of free apps would otherwise sell nothing).
create or replace function public.app_is_paid(app_id uuid) returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select exists (select 1 from public."App" as a where a.id = app_is_paid.app_id and coalesce(a.price ->> 'kind', 'free') <> 'free')
    or exists (
      select 1 from public."BundleApp" as ba join public."Bundle" as b on b.id = ba.bundle_id
      where ba.app_id = app_is_paid.app_id and coalesce(b.price ->> 'kind', 'free') <> 'free'
    );
$$;
revoke execute on function public.app_is_paid(uuid) from public, anon, authenticated;
grant execute on function public.app_is_paid(uuid) to service_role;

-- What the calling person may do with an app or a bundle, for its public page: 'owner', 'allowed',
-- 'purchase', 'free' (nothing to pay) or null (they see the price and "Get access").
create or replace function public.my_access(item_kind text, item_id uuid) returns text
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  caller_email text;
  price jsonb;
  reason text;
begin
  if caller is not null then
    select u.email into caller_email from auth.users as u where u.id = caller;
  end if;
  if item_kind = 'app' then
    select a.price into price from public."App" as a where a.id = item_id;
    if not found then return null; end if;
    reason := public.app_entitlement(item_id, caller, caller_email);
    if reason is null and not public.app_is_paid(item_id)
       and not exists (select 1 from public."App" as a where a.id = item_id and a.visibility = 'allowed_users') then
      reason := 'free';
    end if;
  elsif item_kind = 'bundle' then
    select b.price into price from public."Bundle" as b where b.id = item_id;
    if not found then return null; end if;
    reason := public.bundle_entitlement(item_id, caller, caller_email);
    if reason is null and coalesce(price ->> 'kind', 'free') = 'free'
       and not exists (select 1 from public."Bundle" as b where b.id = item_id and b.visibility = 'allowed_users') then
      reason := 'free';
    end if;
  else
    return null;
  end if;
  return reason;
end
$$;
revoke execute on function public.my_access(text, uuid) from public;
grant execute on function public.my_access(text, uuid) to anon, authenticated, service_role;

-- Metering --------------------------------------------------------------------------------------

create or replace function public.period_start(period text, at timestamptz) returns date
  language sql
  immutable
  set search_path = ''
as $$
  select case when period = 'day' then (at at time zone 'UTC')::date
              else date_trunc('month', at at time zone 'UTC')::date end;
$$;

-- Adds `amount` to a counter, but only while it stays within `max_used` (null: no limit).
-- Returns the new value, or null when the counter is full. Atomic under concurrency: the row is
-- locked by the upsert and the limit is checked against its latest value.
create or replace function public.meter_take(
  owner_id uuid, scope_key text, metric text, period text, amount bigint, max_used bigint
) returns bigint
  language sql
  volatile
  set search_path = ''
as $$
  insert into public."UsageCounter" as c (owner_id, scope_key, metric, period, period_start, used)
  select meter_take.owner_id, meter_take.scope_key, meter_take.metric, meter_take.period,
         public.period_start(meter_take.period, now()), meter_take.amount
  where meter_take.max_used is null or meter_take.amount <= meter_take.max_used
  on conflict (owner_id, scope_key, metric, period, period_start)
  do update set used = c.used + excluded.used, updated_at = now()
    where meter_take.max_used is null or c.used + excluded.used <= meter_take.max_used
  returning c.used;
$$;

-- Usage counted after the fact (AI tokens of a finished run): never refused, only recorded.
create or replace function public.meter_add(app_id uuid, metric text, amount bigint) returns void
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  app_owner uuid;
begin
  if amount <= 0 then return; end if;
  select a.owner_id into app_owner from public."App" as a where a.id = meter_add.app_id;
  if app_owner is null then return; end if;
  perform public.meter_take(app_owner, 'owner', metric, 'month', amount, null);
  perform public.meter_take(app_owner, 'app:' || meter_add.app_id, metric, 'month', amount, null);
end
$$;

/*
  The one admission check of a run, for run-app and the public API alike (one round trip):
  entitlement (owner, allowed user, active purchase of the app or a bundle holding it; free apps
  are open), then one run taken from every counter that applies (the owner's plan, the app's and
  its bundles' caps, per person or for everyone), all or nothing. Returns
  {ok, code, message, entitlement, notify_owner, owner_id}.
*/
create or replace function public.admit_run(
  app_id uuid, user_id uuid, runner text, channel text default 'run'
) returns jsonb
  language plpgsql
  volatile
  -- Reads the runner's e-mail from auth.users, which the service role cannot read on its own.
  security definer
  set search_path = ''
as $$
declare
  app record;
  user_email text;
  reason text;
  plan_limits jsonb;
  cap record;
  refused text := null;
  refused_key text;
  refused_period text := 'month';
  refused_message text;
  inserted_notice uuid;
begin
  -- A run counter lost to a crash in the last few milliseconds is acceptable; waiting for the WAL
  -- flush on every run is not (it was most of the check's cost on PostgreSQL).
  perform set_config('synchronous_commit', 'off', true);
  if runner is null or char_length(runner) > 250 then
    return jsonb_build_object('ok', false, 'code', 'invalid_runner', 'message', 'The runner is missing');
  end if;
  select a.id, a.owner_id, a.name, a.price, a.visibility into app from public."App" as a where a.id = admit_run.app_id;
  if not found then
    return jsonb_build_object('ok', false, 'code', 'app_not_found', 'message', 'There is no such app');
  end if;
  if user_id is not null then
    select u.email into user_email from auth.users as u where u.id = admit_run.user_id;
  end if;
  reason := public.app_entitlement(admit_run.app_id, admit_run.user_id, user_email);
  if reason is null then
    if coalesce(app.price ->> 'kind', 'free') <> 'free' then
      return jsonb_build_object('ok', false, 'code', 'payment_required',
        'message', app.name || ' is paid: get access on its page to run it', 'price', app.price);
    end if;
    if public.app_is_paid(app.id) then
      return jsonb_build_object('ok', false, 'code', 'payment_required',
        'message', app.name || ' is part of a paid bundle: get access on the bundle''s page to run it');
    end if;
    if app.visibility = 'allowed_users' then
      return jsonb_build_object('ok', false, 'code', 'not_allowed',
        'message', app.name || ' is open only to the people its owner chose');
    end if;
    reason := 'free';
  end if;

  select p.limits into plan_limits from public."Plan" as p
    where p.id = coalesce((select u.plan from public."User" as u where u.id = app.owner_id), 'free');

  begin
    if public.meter_take(app.owner_id, 'owner', 'runs', 'month', 1, (plan_limits ->> 'runs')::bigint) is null then
      refused := 'plan';
      refused_key := 'plan:runs';
      refused_message := app.name || ' has reached its owner''s monthly run limit; try again next month';
      raise exception using errcode = 'P0001', message = 'cap';
    end if;
    if channel = 'api'
       and public.meter_take(app.owner_id, 'owner', 'api_calls', 'month', 1, (plan_limits ->> 'api_calls')::bigint) is null then
      refused := 'plan';
      refused_key := 'plan:api_calls';
      refused_message := app.name || ' has reached its owner''s monthly API call limit; try again next month';
      raise exception using errcode = 'P0001', message = 'cap';
    end if;
    perform public.meter_take(app.owner_id, 'app:' || app.id, 'runs', 'month', 1, null);
    perform public.meter_take(app.owner_id, 'app:' || app.id || '|' || runner, 'runs', 'month', 1, null);
    -- The owner's own runs are not capped by the caps they set for others.
    if reason <> 'owner' then
      for cap in
        select c.id, c.scope, c.period, c.max_runs, c.app_id, c.bundle_id
        from public."UsageCap" as c
        where c.app_id = admit_run.app_id
           or c.bundle_id in (select ba.bundle_id from public."BundleApp" as ba where ba.app_id = admit_run.app_id)
        order by c.id
      loop
        if public.meter_take(
             app.owner_id,
             case when cap.app_id is not null then 'app:' || cap.app_id else 'bundle:' || cap.bundle_id end
               || case when cap.scope = 'each_person' then '|' || runner else '|*' end,
             'runs', cap.period, 1, cap.max_runs) is null then
          refused := 'cap';
          refused_key := 'cap:' || cap.id;
          refused_period := cap.period;
          refused_message := case when cap.scope = 'each_person'
            then 'You have used ' || app.name || ' ' || cap.max_runs || ' times this ' || cap.period || ', the most its owner allows; try again next ' || cap.period
            else app.name || ' has been run ' || cap.max_runs || ' times this ' || cap.period || ', the most its owner allows; try again next ' || cap.period end;
          raise exception using errcode = 'P0001', message = 'cap';
        end if;
      end loop;
    end if;
  exception when sqlstate 'P0001' then
    -- Every counter taken in this block is given back: a refused run costs nothing.
    null;
  end;

  if refused is not null then
    -- Per-person caps notify once per cap and period, whoever hits them first.
    insert into public."CapNotice" (owner_id, cap_key, period_start, message)
      values (app.owner_id, refused_key, public.period_start(refused_period, now()),
              case when refused = 'plan' then refused_message
                   else app.name || ': a run limit you set was reached (' || refused_key || ')' end)
      on conflict on constraint "CapNotice_once" do nothing
      returning id into inserted_notice;
    return jsonb_build_object('ok', false, 'code', case when refused = 'plan' then 'plan_limit_reached' else 'cap_reached' end,
      'message', refused_message, 'notify_owner', inserted_notice is not null, 'owner_id', app.owner_id);
  end if;
  return jsonb_build_object('ok', true, 'entitlement', reason, 'owner_id', app.owner_id);
end
$$;
revoke execute on function public.admit_run(uuid, uuid, text, text), public.meter_add(uuid, text, bigint),
  public.meter_take(uuid, text, text, text, bigint, bigint)
  from public, anon, authenticated;
grant execute on function public.admit_run(uuid, uuid, text, text), public.meter_add(uuid, text, bigint),
  public.meter_take(uuid, text, text, text, bigint, bigint)
  to service_role;

-- The public bundle page (no sign-in needed): the bundle, its deployed apps in order, its price and
-- what the caller may do. Public and unlisted bundles show to anyone with the link, signed-in ones
-- to signed-in people, invite-only ones to their owner and listed people; null otherwise. A
-- function rather than a wider select policy, so unlisted bundles cannot be listed by anyone.
create or replace function public.bundle_page(bundle_id uuid) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  b record;
  access text;
  apps jsonb;
begin
  select x.id, x.owner_id, x.name, x.description, x.visibility, x.price into b
    from public."Bundle" as x where x.id = bundle_page.bundle_id;
  if not found then return null; end if;
  access := public.my_access('bundle', b.id);
  if b.owner_id is distinct from caller and (
       (b.visibility = 'signed_in' and caller is null)
       or (b.visibility = 'allowed_users' and access is null)) then
    return null;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', a.id, 'name', a.name, 'description', a.description, 'icon_path', a.icon_path,
           'price', a.price, 'deployed', a.deployed_version_id is not null) order by ba.position, a.name), '[]'::jsonb)
    into apps
    from public."BundleApp" as ba join public."App" as a on a.id = ba.app_id
    where ba.bundle_id = b.id and (a.deployed_version_id is not null or b.owner_id = caller);
  return jsonb_build_object(
    'id', b.id, 'name', b.name, 'description', b.description, 'visibility', b.visibility,
    'price', b.price, 'is_owner', coalesce(b.owner_id = caller, false), 'access', access, 'apps', apps);
end
$$;
revoke execute on function public.bundle_page(uuid) from public;
grant execute on function public.bundle_page(uuid) to anon, authenticated, service_role;
