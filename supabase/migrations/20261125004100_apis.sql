-- "Your APIs": the external HTTP APIs a user connects and their apps call as `api` steps.
--   "Api"            an API: base URL, how it authenticates, timeout, health of its last test
--   "ApiEndpoint"    one operation of an API: method, path template, typed parameters, body, response path
--   "ApiSecret"      the API's credential, AES-256-GCM ciphertext under SECRETS_KEY; NO browser role
--                    may touch it: the owner writes it through the `api-secret` function, the server
--                    reads it with the service role. The Api row carries only "set" and the last 4.
--   "AppRunApiCall"  each call an app's run made: status, time, size (never a header or a secret)
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.

-- APIs ------------------------------------------------------------------------------------------

create table public."Api" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null
    constraint "Api_name_length" check (char_length(name) between 1 and 100 and name = btrim(name)),
  description text not null default ''
    constraint "Api_description_length" check (char_length(description) <= 2000),
  base_url text not null
    constraint "Api_base_url_http" check (base_url ~ '^https?://[^\s/?#]+' and char_length(base_url) <= 2000),
  -- none | header (name: value) | bearer (Authorization: Bearer) | query (?name=value) | basic (user:secret)
  auth_kind text not null default 'none'
    constraint "Api_auth_kind" check (auth_kind in ('none', 'header', 'bearer', 'query', 'basic')),
  -- The header name, query parameter name or basic-auth user name; '' for none and bearer.
  auth_name text not null default ''
    constraint "Api_auth_name" check (char_length(auth_name) <= 200 and auth_name !~ '[\r\n]'),
  timeout_ms integer not null default 10000
    constraint "Api_timeout_ms" check (timeout_ms between 1000 and 60000),
  -- Written only by the server (api-secret): whether a secret is stored, and its last 4 characters.
  secret_set boolean not null default false,
  secret_last4 text not null default ''
    constraint "Api_secret_last4" check (char_length(secret_last4) <= 4),
  -- Written only by the server (api-test-call): the last test's status (0 = refused or unreachable).
  last_test_status integer,
  last_test_ms integer,
  last_test_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "Api_owner_id_idx" on public."Api" (owner_id);

create trigger "Api_set_updated_at"
  before update on public."Api"
  for each row execute function public.set_updated_at();

alter table public."Api" enable row level security;
revoke all on table public."Api" from anon, authenticated;
grant select, delete on table public."Api" to authenticated;
grant insert (id, owner_id, name, description, base_url, auth_kind, auth_name, timeout_ms),
  update (name, description, base_url, auth_kind, auth_name, timeout_ms)
  on table public."Api" to authenticated;
grant all on table public."Api" to service_role;

create policy "Api: an owner reads their APIs"
  on public."Api" for select to authenticated
  using ((select auth.uid()) = owner_id);

create policy "Api: a user creates their own APIs"
  on public."Api" for insert to authenticated
  with check ((select auth.uid()) = owner_id);

create policy "Api: an owner edits their APIs"
  on public."Api" for update to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create policy "Api: an owner deletes their APIs"
  on public."Api" for delete to authenticated
  using ((select auth.uid()) = owner_id);

-- Endpoints -------------------------------------------------------------------------------------

-- parameters: [{ "name": 1–100 chars, "in": "path" | "query" | "header" | "body",
--   "type": "string" | "number" | "integer" | "boolean", "required": bool, "description"?: text }],
-- at most 50; validated by the SDK before writing and by the server before every call.
create table public."ApiEndpoint" (
  id uuid primary key default gen_random_uuid(),
  api_id uuid not null references public."Api" (id) on delete cascade,
  name text not null
    constraint "ApiEndpoint_name_length" check (char_length(name) between 1 and 200 and name = btrim(name)),
  method text not null default 'GET'
    constraint "ApiEndpoint_method" check (method in ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
  path text not null default '/'
    constraint "ApiEndpoint_path" check (char_length(path) between 1 and 2000 and path like '/%' and path !~ '[\r\n\s]'),
  description text not null default ''
    constraint "ApiEndpoint_description_length" check (char_length(description) <= 4000),
  parameters jsonb not null default '[]'::jsonb
    constraint "ApiEndpoint_parameters_array" check (jsonb_typeof(parameters) = 'array' and jsonb_array_length(parameters) <= 50),
  -- A JSON body with {{param}} placeholders; '' sends the body parameters as a JSON object.
  body_template text not null default ''
    constraint "ApiEndpoint_body_template_length" check (char_length(body_template) <= 20000),
  -- Which part of the JSON answer becomes the step's output, e.g. `$.current.temperature`; '' = all.
  response_path text not null default ''
    constraint "ApiEndpoint_response_path_length" check (char_length(response_path) <= 500),
  position integer not null default 0
    constraint "ApiEndpoint_position_not_negative" check (position >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "ApiEndpoint_api_id_idx" on public."ApiEndpoint" (api_id, position);

create trigger "ApiEndpoint_set_updated_at"
  before update on public."ApiEndpoint"
  for each row execute function public.set_updated_at();

alter table public."ApiEndpoint" enable row level security;
revoke all on table public."ApiEndpoint" from anon, authenticated;
grant select, delete on table public."ApiEndpoint" to authenticated;
grant insert (id, api_id, name, method, path, description, parameters, body_template, response_path, position),
  update (name, method, path, description, parameters, body_template, response_path, position)
  on table public."ApiEndpoint" to authenticated;
grant all on table public."ApiEndpoint" to service_role;

create policy "ApiEndpoint: an owner reads their APIs' endpoints"
  on public."ApiEndpoint" for select to authenticated
  using (exists (select 1 from public."Api" as a where a.id = api_id and a.owner_id = (select auth.uid())));

create policy "ApiEndpoint: an owner adds endpoints to their APIs"
  on public."ApiEndpoint" for insert to authenticated
  with check (exists (select 1 from public."Api" as a where a.id = api_id and a.owner_id = (select auth.uid())));

create policy "ApiEndpoint: an owner edits their APIs' endpoints"
  on public."ApiEndpoint" for update to authenticated
  using (exists (select 1 from public."Api" as a where a.id = api_id and a.owner_id = (select auth.uid())))
  with check (exists (select 1 from public."Api" as a where a.id = api_id and a.owner_id = (select auth.uid())));

create policy "ApiEndpoint: an owner removes their APIs' endpoints"
  on public."ApiEndpoint" for delete to authenticated
  using (exists (select 1 from public."Api" as a where a.id = api_id and a.owner_id = (select auth.uid())));

-- Secrets ---------------------------------------------------------------------------------------

-- ciphertext: `v1.<key id>.<iv>.<tag>.<data>` (base64url), AES-256-GCM with the API's id as
-- associated data, so a ciphertext copied onto another API does not decrypt.
create table public."ApiSecret" (
  api_id uuid primary key references public."Api" (id) on delete cascade,
  ciphertext text not null
    constraint "ApiSecret_ciphertext_shape" check (ciphertext ~ '^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$' and char_length(ciphertext) <= 8000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger "ApiSecret_set_updated_at"
  before update on public."ApiSecret"
  for each row execute function public.set_updated_at();

-- Row-level security on, no policy and no grant for anon or authenticated: deny everything.
alter table public."ApiSecret" enable row level security;
revoke all on table public."ApiSecret" from anon, authenticated;
grant all on table public."ApiSecret" to service_role;

-- Calls made by runs ----------------------------------------------------------------------------

create table public."AppRunApiCall" (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references public."AppRun" (id) on delete cascade,
  step_id text not null constraint "AppRunApiCall_step_id_length" check (char_length(step_id) <= 100),
  api_id uuid references public."Api" (id) on delete set null,
  endpoint_id uuid references public."ApiEndpoint" (id) on delete set null,
  -- 0 when no answer came (refused, unreachable, timed out); error_code says why.
  status integer not null default 0,
  duration_ms integer not null default 0,
  response_bytes integer not null default 0,
  error_code text constraint "AppRunApiCall_error_code_length" check (char_length(error_code) <= 60),
  created_at timestamptz not null default now()
);
create index "AppRunApiCall_run_id_idx" on public."AppRunApiCall" (run_id);
create index "AppRunApiCall_api_id_idx" on public."AppRunApiCall" (api_id);

alter table public."AppRunApiCall" enable row level security;
revoke all on table public."AppRunApiCall" from anon, authenticated;
grant select on table public."AppRunApiCall" to authenticated;
grant all on table public."AppRunApiCall" to service_role;

create policy "AppRunApiCall: an app's owner reads its runs' API calls"
  on public."AppRunApiCall" for select to authenticated
  using (exists (
    select 1 from public."AppRun" as r join public."App" as a on a.id = r.app_id
    where r.id = run_id and a.owner_id = (select auth.uid())
  ));
