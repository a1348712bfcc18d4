-- Project schema part 3: apps, bundles (ordered groups of apps) and custom domains.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
-- Row-level security is on for every table and nothing is readable unless a policy says so:
-- owners manage their own rows; visitors see only what a sign-in screen or a public page needs.

-- Apps ------------------------------------------------------------------------------------------

create table public."App" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 120),
  description text,
  icon_path text,
  visibility text not null default 'public'
    check (visibility in ('public', 'unlisted', 'signed_in', 'allowed_users')),
  draft_version_id uuid,
  deployed_version_id uuid,
  design jsonb,
  config jsonb,
  price jsonb,
  api_access_enabled boolean not null default false,
  database_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "App_owner_id_idx" on public."App" (owner_id);

create trigger "App_set_updated_at"
  before update on public."App"
  for each row execute function public.set_updated_at();

alter table public."App" enable row level security;
revoke all on table public."App" from anon, authenticated;
grant select on table public."App" to anon, authenticated;
grant insert, update, delete on table public."App" to authenticated;
grant all on table public."App" to service_role;

create policy "App: an owner reads their apps"
  on public."App" for select to authenticated
  using ((select auth.uid()) = owner_id);

-- The sign-in screen shows a deployed app's name before anyone signs in.
create policy "App: anyone reads deployed public and unlisted apps"
  on public."App" for select to anon, authenticated
  using (deployed_version_id is not null and visibility in ('public', 'unlisted'));

create policy "App: signed-in users read deployed signed-in apps"
  on public."App" for select to authenticated
  using (deployed_version_id is not null and visibility = 'signed_in');

create policy "App: a user creates their own apps"
  on public."App" for insert to authenticated
  with check ((select auth.uid()) = owner_id);

create policy "App: an owner edits their apps"
  on public."App" for update to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create policy "App: an owner deletes their apps"
  on public."App" for delete to authenticated
  using ((select auth.uid()) = owner_id);

-- Bundles ---------------------------------------------------------------------------------------

create table public."Bundle" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 120),
  description text,
  visibility text not null default 'public'
    check (visibility in ('public', 'unlisted', 'signed_in', 'allowed_users')),
  price jsonb,
  -- E-mail addresses that may open the bundle without paying: personal data, owner's eyes only.
  allowed_users text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "Bundle_owner_id_idx" on public."Bundle" (owner_id);

create trigger "Bundle_set_updated_at"
  before update on public."Bundle"
  for each row execute function public.set_updated_at();

alter table public."Bundle" enable row level security;
revoke all on table public."Bundle" from anon, authenticated;
-- Column privileges cannot depend on the row, so allowed_users is not selectable by anon or
-- authenticated at all; its owner reads it through public.bundle_allowed_users() below.
grant select (id, owner_id, name, description, visibility, price, created_at, updated_at)
  on table public."Bundle" to anon, authenticated;
grant insert (id, owner_id, name, description, visibility, price, allowed_users),
  update (name, description, visibility, price, allowed_users),
  delete
  on table public."Bundle" to authenticated;
grant all on table public."Bundle" to service_role;

create policy "Bundle: an owner reads their bundles"
  on public."Bundle" for select to authenticated
  using ((select auth.uid()) = owner_id);

create policy "Bundle: anyone reads public bundles"
  on public."Bundle" for select to anon, authenticated
  using (visibility = 'public');

create policy "Bundle: a user creates their own bundles"
  on public."Bundle" for insert to authenticated
  with check ((select auth.uid()) = owner_id);

create policy "Bundle: an owner edits their bundles"
  on public."Bundle" for update to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create policy "Bundle: an owner deletes their bundles"
  on public."Bundle" for delete to authenticated
  using ((select auth.uid()) = owner_id);

-- The bundle's allowed users, for its owner only (null for anyone else or an unknown bundle).
create or replace function public.bundle_allowed_users(bundle_id uuid) returns text[]
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select b.allowed_users
  from public."Bundle" as b
  where b.id = bundle_allowed_users.bundle_id
    and b.owner_id = (select auth.uid());
$$;
revoke execute on function public.bundle_allowed_users(uuid) from public, anon;
grant execute on function public.bundle_allowed_users(uuid) to authenticated, service_role;

create table public."BundleApp" (
  bundle_id uuid not null references public."Bundle" (id) on delete cascade,
  app_id uuid not null references public."App" (id) on delete cascade,
  position integer not null check (position >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (bundle_id, app_id)
);
create index "BundleApp_app_id_idx" on public."BundleApp" (app_id);

create trigger "BundleApp_set_updated_at"
  before update on public."BundleApp"
  for each row execute function public.set_updated_at();

alter table public."BundleApp" enable row level security;
revoke all on table public."BundleApp" from anon, authenticated;
grant select on table public."BundleApp" to anon, authenticated;
grant insert, update (position), delete on table public."BundleApp" to authenticated;
grant all on table public."BundleApp" to service_role;

-- Readable wherever its bundle is (the Bundle policies decide, seen through the caller's eyes).
create policy "BundleApp: readable with its bundle"
  on public."BundleApp" for select to anon, authenticated
  using (exists (select 1 from public."Bundle" as b where b.id = bundle_id));

-- A bundle holds only its owner's own apps.
create policy "BundleApp: an owner adds their apps to their bundles"
  on public."BundleApp" for insert to authenticated
  with check (
    exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid()))
    and exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid()))
  );

create policy "BundleApp: an owner reorders their bundles"
  on public."BundleApp" for update to authenticated
  using (exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid())))
  with check (exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid())));

create policy "BundleApp: an owner removes apps from their bundles"
  on public."BundleApp" for delete to authenticated
  using (exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid())));

-- Custom domains --------------------------------------------------------------------------------

create table public."CustomDomain" (
  -- The host name exactly as a browser sends it: lower case, no port, no trailing dot.
  value text primary key
    check (
      char_length(value) <= 253
      and value = lower(value)
      and value ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
    ),
  app_id uuid references public."App" (id) on delete cascade,
  is_app boolean not null default false,
  is_landing_page boolean not null default false,
  bundle_id uuid references public."Bundle" (id) on delete cascade,
  is_bundle boolean not null default false,
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- Goes into the DNS TXT record that proves ownership; set and checked by the server.
  verification_token text not null default replace(gen_random_uuid()::text, '-', ''),
  status text not null default 'pending' check (status in ('pending', 'verified', 'failed')),
  checked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One host serves exactly one thing: the app, the app's landing page, or a bundle.
  constraint "CustomDomain_exactly_one_target" check (
    (is_app::int + is_landing_page::int + is_bundle::int) = 1
    and (app_id is not null) = (is_app or is_landing_page)
    and (bundle_id is not null) = is_bundle
  )
);
create index "CustomDomain_owner_id_idx" on public."CustomDomain" (owner_id);
create index "CustomDomain_app_id_idx" on public."CustomDomain" (app_id);
create index "CustomDomain_bundle_id_idx" on public."CustomDomain" (bundle_id);

create trigger "CustomDomain_set_updated_at"
  before update on public."CustomDomain"
  for each row execute function public.set_updated_at();

alter table public."CustomDomain" enable row level security;
revoke all on table public."CustomDomain" from anon, authenticated;
grant select on table public."CustomDomain" to anon, authenticated;
-- status, checked_at and verification_token are the server's: an owner cannot mark a domain verified.
grant insert (value, app_id, is_app, is_landing_page, bundle_id, is_bundle, owner_id),
  update (app_id, is_app, is_landing_page, bundle_id, is_bundle),
  delete
  on table public."CustomDomain" to authenticated;
grant all on table public."CustomDomain" to service_role;

-- The host check runs before sign-in, on every page load of a custom domain.
create policy "CustomDomain: anyone reads verified domains"
  on public."CustomDomain" for select to anon, authenticated
  using (status = 'verified');

create policy "CustomDomain: an owner reads their domains"
  on public."CustomDomain" for select to authenticated
  using ((select auth.uid()) = owner_id);

create policy "CustomDomain: an owner adds a domain for their app or bundle"
  on public."CustomDomain" for insert to authenticated
  with check (
    (select auth.uid()) = owner_id
    and (app_id is null or exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())))
    and (bundle_id is null or exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid())))
  );

create policy "CustomDomain: an owner repoints their domains"
  on public."CustomDomain" for update to authenticated
  using ((select auth.uid()) = owner_id)
  with check (
    (select auth.uid()) = owner_id
    and (app_id is null or exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())))
    and (bundle_id is null or exists (select 1 from public."Bundle" as b where b.id = bundle_id and b.owner_id = (select auth.uid())))
  );

create policy "CustomDomain: an owner removes their domains"
  on public."CustomDomain" for delete to authenticated
  using ((select auth.uid()) = owner_id);
