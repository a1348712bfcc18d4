-- API keys (issue #16): a user's keys to call their deployed apps from code (the `api` function).
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
-- Only the SHA-256 hash of a key is stored, next to its visible prefix; no browser role can select
-- the hash. Keys are created, revoked and rotated only by server functions (service role); their
-- owner reads them (without the hash) and their usage by day.

create table public."ApiKey" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  -- `af_` and 8 base62 characters: shown in lists so a person recognises the key.
  prefix text not null unique check (prefix ~ '^af_[0-9A-Za-z]{8}$'),
  -- Lower-case hex SHA-256 of the whole key; server only (see the column grants below).
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  -- Null: every app of the owner; otherwise these apps (checked to be the owner's on creation).
  app_ids uuid[] check (app_ids is null or cardinality(app_ids) between 1 and 200),
  expires_at timestamptz,
  revoked_at timestamptz,
  rate_limit_per_minute integer not null default 60 check (rate_limit_per_minute between 1 and 10000),
  -- Set at most once a minute by the api function.
  last_used_at timestamptz,
  -- A rotated key points at the key that replaced it.
  replaced_by uuid references public."ApiKey" (id) on delete set null,
  runs_count bigint not null default 0 check (runs_count >= 0),
  input_tokens bigint not null default 0 check (input_tokens >= 0),
  output_tokens bigint not null default 0 check (output_tokens >= 0),
  errors_count bigint not null default 0 check (errors_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "ApiKey_owner_id_created_at_idx" on public."ApiKey" (owner_id, created_at desc);

create trigger "ApiKey_set_updated_at"
  before update on public."ApiKey"
  for each row execute function public.set_updated_at();

alter table public."ApiKey" enable row level security;
revoke all on table public."ApiKey" from anon, authenticated;
-- Every column but key_hash; writes only through the server functions.
grant select (id, owner_id, name, prefix, app_ids, expires_at, revoked_at, rate_limit_per_minute,
  last_used_at, replaced_by, runs_count, input_tokens, output_tokens, errors_count, created_at, updated_at)
  on table public."ApiKey" to authenticated;
grant all on table public."ApiKey" to service_role;

create policy "ApiKey: an owner reads their keys"
  on public."ApiKey" for select to authenticated
  using (owner_id = (select auth.uid()));

-- Usage per key and UTC day (the list's sparkline and the key's usage by day).
create table public."ApiKeyUsageDay" (
  api_key_id uuid not null references public."ApiKey" (id) on delete cascade,
  day date not null,
  runs integer not null default 0 check (runs >= 0),
  input_tokens bigint not null default 0 check (input_tokens >= 0),
  output_tokens bigint not null default 0 check (output_tokens >= 0),
  errors integer not null default 0 check (errors >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (api_key_id, day)
);

create trigger "ApiKeyUsageDay_set_updated_at"
  before update on public."ApiKeyUsageDay"
  for each row execute function public.set_updated_at();

alter table public."ApiKeyUsageDay" enable row level security;
revoke all on table public."ApiKeyUsageDay" from anon, authenticated;
grant select on table public."ApiKeyUsageDay" to authenticated;
grant all on table public."ApiKeyUsageDay" to service_role;

create policy "ApiKeyUsageDay: readable with its key"
  on public."ApiKeyUsageDay" for select to authenticated
  using (exists (select 1 from public."ApiKey" as k where k.id = api_key_id and k.owner_id = (select auth.uid())));

-- Adds one request's usage to the key's totals and today's row, in one statement each (no lost
-- updates between backend processes). Server only.
create function public.record_api_key_usage(
  p_api_key_id uuid, p_runs integer, p_input_tokens bigint, p_output_tokens bigint, p_errors integer
) returns void
language sql
set search_path = ''
as $$
  update public."ApiKey"
     set runs_count = runs_count + greatest(p_runs, 0),
         input_tokens = input_tokens + greatest(p_input_tokens, 0),
         output_tokens = output_tokens + greatest(p_output_tokens, 0),
         errors_count = errors_count + greatest(p_errors, 0)
   where id = p_api_key_id;
  insert into public."ApiKeyUsageDay" as u (api_key_id, day, runs, input_tokens, output_tokens, errors)
  select p_api_key_id, (now() at time zone 'utc')::date, greatest(p_runs, 0), greatest(p_input_tokens, 0),
         greatest(p_output_tokens, 0), greatest(p_errors, 0)
   where exists (select 1 from public."ApiKey" where id = p_api_key_id)
  on conflict (api_key_id, day) do update
     set runs = u.runs + excluded.runs,
         input_tokens = u.input_tokens + excluded.input_tokens,
         output_tokens = u.output_tokens + excluded.output_tokens,
         errors = u.errors + excluded.errors;
$$;
revoke all on function public.record_api_key_usage(uuid, integer, bigint, bigint, integer) from public, anon, authenticated;
grant execute on function public.record_api_key_usage(uuid, integer, bigint, bigint, integer) to service_role;

-- Runs started with a key are attributed to it (AppRun.api_key_id was added without its key).
alter table public."AppRun"
  add constraint "AppRun_api_key_id_fkey" foreign key (api_key_id) references public."ApiKey" (id) on delete set null;
create index "AppRun_api_key_id_created_at_idx" on public."AppRun" (api_key_id, created_at desc);
