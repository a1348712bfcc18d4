-- Project schema part 1: the app's own user row, its school memberships and the invite allow list.
-- Applies unchanged to hosted Supabase (auth.users exists there) and to the embedded backend.

-- Keeps updated_at honest on every UPDATE, whoever writes.
create or replace function public.set_updated_at() returns trigger
  language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- One row per signed-in person, created by the add-user function (service role) on first sign-in.
create table public."User" (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  display_name text check (display_name is null or char_length(display_name) between 1 and 100),
  status text not null default 'pending' check (status in ('allowed', 'pending', 'blocked')),
  referral_app_id uuid,
  intercom_hmac text,
  plan text not null default 'free' check (plan in ('free', 'pro')),
  plan_renews_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger "User_set_updated_at"
  before update on public."User"
  for each row execute function public.set_updated_at();

alter table public."User" enable row level security;

-- Supabase's default privileges grant everything to anon and authenticated; take it back and give
-- exactly what the policies below are for. Status, plan and intercom_hmac are the server's.
revoke all on table public."User" from anon, authenticated;
grant select on table public."User" to authenticated;
grant update (display_name) on table public."User" to authenticated;
grant all on table public."User" to service_role;

create policy "User: a user reads their own row"
  on public."User" for select to authenticated
  using ((select auth.uid()) = id);

create policy "User: a user renames themselves"
  on public."User" for update to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

-- Who teaches or studies where; the teacher portal extends this table.
create table public.school_member (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  school_id uuid,
  role text not null check (role in ('teacher', 'student')),
  created_at timestamptz not null default now(),
  constraint school_member_unique unique nulls not distinct (user_id, school_id, role)
);
create index school_member_user_id_idx on public.school_member (user_id);

alter table public.school_member enable row level security;
revoke all on table public.school_member from anon, authenticated;
grant select on table public.school_member to authenticated;
grant all on table public.school_member to service_role;

create policy "school_member: a user reads their own memberships"
  on public.school_member for select to authenticated
  using ((select auth.uid()) = user_id);

-- Who may get in while ACCESS_POLICY=invite: an e-mail address or a whole `@domain`.
-- Service role only (no policies): the list is nobody else's business.
create table public.access_allow_list (
  entry text primary key
    check (entry = lower(entry) and entry ~ '^(@[^@[:space:]]+|[^@[:space:]]+@[^@[:space:]]+)$'),
  created_at timestamptz not null default now()
);
alter table public.access_allow_list enable row level security;
revoke all on table public.access_allow_list from anon, authenticated;
grant all on table public.access_allow_list to service_role;
