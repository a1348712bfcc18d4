-- An app's model settings and system prompt are its owner's work. Visitors of a deployed app read
-- its App row (name, design, price …), and row-level security cannot hide one column of a row it
-- lets through, so the config moves into a table of its own that only the owner (and the service
-- role, which runs the app) can read or change.

create table public."AppConfig" (
  app_id uuid primary key references public."App" (id) on delete cascade,
  -- {model, temperature, max_output_tokens, system_prompt}; validated by the SDK before writing and
  -- by run-app before use.
  config jsonb not null default '{}'::jsonb
    constraint "AppConfig_config_is_object" check (jsonb_typeof(config) = 'object')
    constraint "AppConfig_config_size" check (pg_column_size(config) < 64 * 1024),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger "AppConfig_set_updated_at"
  before update on public."AppConfig"
  for each row execute function public.set_updated_at();

insert into public."AppConfig" (app_id, config)
select id, config from public."App" where config is not null and jsonb_typeof(config) = 'object';

alter table public."App" drop column config;

alter table public."AppConfig" enable row level security;
revoke all on table public."AppConfig" from anon, authenticated;
grant select, delete on table public."AppConfig" to authenticated;
grant insert (app_id, config), update (config) on table public."AppConfig" to authenticated;
grant all on table public."AppConfig" to service_role;

create policy "AppConfig: an owner reads their apps' config"
  on public."AppConfig" for select to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create policy "AppConfig: an owner configures their apps"
  on public."AppConfig" for insert to authenticated
  with check (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create policy "AppConfig: an owner changes their apps' config"
  on public."AppConfig" for update to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())))
  with check (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create policy "AppConfig: an owner removes their apps' config"
  on public."AppConfig" for delete to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));
