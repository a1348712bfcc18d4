-- Project schema part 4: what an app is made of and what happens when it runs.
--   "AppVersion"     a numbered, immutable-once-deployed version of an app's steps
--   "AppDescription" a visitor's "app I want" text from /create-new-app, claimed after sign-up
--   "AppRun"         one run of a version (by a signed-in user, a visitor session or an API key)
--   "AppRunStep"     one executed step of a run (output, timing, token usage)
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
-- The deploy rule is enforced here, not only in code: a frozen (deployed) version never changes,
-- is never un-frozen, and the app's deployed version cannot be deleted.
--
-- Errors raised by the triggers below use SQLSTATE PT409 (PostgREST answers HTTP 409 Conflict)
-- for edits the rules refuse, 23514 (check violation, HTTP 400) for pointers to the wrong
-- version, and 42501 (HTTP 401/403) for what only the server may do.

-- Versions --------------------------------------------------------------------------------------

-- A version's steps are ONE JSON document (`spec`, the @appforge/engine AppSpec) rather than an
-- "AppStep" table, because:
--   * a version is edited and validated as a whole: the engine's validator checks variables,
--     reachability, dangling `next` targets and cycles across all steps at once, and the builder
--     (and the model) write a complete spec per change; per-step rows would let a half-written
--     version exist between statements;
--   * versions are immutable once deployed: a whole-document column makes "frozen" one trigger
--     on one row instead of guarding every step row (insert, update, delete and re-ordering);
--   * one column keeps a version atomic: every read gets a consistent set of steps, in order,
--     with their `next` selectors, exactly as the executor runs them.
-- Shape is checked by the engine before any write (server functions); the database guarantees a
-- JSON object of bounded size.
create table public."AppVersion" (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references public."App" (id) on delete cascade,
  -- 1, 2, 3 … per app, always assigned by "AppVersion_before_insert", whatever was sent (the
  -- default only makes the column optional in generated types; users may not send it at all).
  number integer not null default 0 check (number >= 1),
  -- The version this one was made from ("change version", an AI edit); null for the first one or
  -- once the parent was deleted.
  parent_version_id uuid references public."AppVersion" (id) on delete set null,
  source text not null default 'manual' check (source in ('manual', 'ai', 'template')),
  change_summary text check (change_summary is null or char_length(change_summary) <= 2000),
  spec jsonb not null
    constraint "AppVersion_spec_is_object" check (jsonb_typeof(spec) = 'object')
    constraint "AppVersion_spec_size" check (pg_column_size(spec) < 512 * 1024),
  -- True once deployed. Set only by the deploy function (service role); never undone.
  frozen boolean not null default false,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Unique per app, and the version history's order (newest first).
create unique index "AppVersion_app_id_number_idx" on public."AppVersion" (app_id, number desc);
create index "AppVersion_parent_version_id_idx" on public."AppVersion" (parent_version_id);
create index "AppVersion_created_by_idx" on public."AppVersion" (created_by);

create trigger "AppVersion_set_updated_at"
  before update on public."AppVersion"
  for each row execute function public.set_updated_at();

-- Numbers a new version max + 1 within its app; only the server may insert a frozen version.
-- Locks the app's row first, so two versions created at once get different numbers.
create or replace function public.app_version_before_insert() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.frozen and current_user in ('anon', 'authenticated') then
    raise exception 'Only deploying an app freezes a version.'
      using errcode = '42501', hint = 'Create the version as a draft (frozen = false) and deploy it.';
  end if;
  -- Through the caller's row-level security: someone else's app is neither locked nor counted
  -- here, and the insert policy then refuses the row.
  perform 1 from public."App" as a where a.id = new.app_id for update;
  -- The parent is another version of the same app (through the caller's row-level security: a
  -- version of someone else's app is as good as absent).
  if new.parent_version_id is not null and not exists (
    select 1 from public."AppVersion" as p
    where p.id = new.parent_version_id and p.app_id = new.app_id and p.id <> new.id
  ) then
    raise exception 'The parent must be another version of the same app.' using errcode = '23514';
  end if;
  select coalesce(max(v.number), 0) + 1 into new.number
  from public."AppVersion" as v
  where v.app_id = new.app_id;
  return new;
end
$$;
revoke execute on function public.app_version_before_insert() from public, anon, authenticated;

create trigger "AppVersion_before_insert"
  before insert on public."AppVersion"
  for each row execute function public.app_version_before_insert();

-- The frozen rule, for every role (the service role included): a deployed version's content is
-- final. "Change version" copies it into a new draft instead.
create or replace function public.app_version_before_update() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.app_id is distinct from old.app_id or new.number is distinct from old.number then
    raise exception 'Version % keeps its app and number; create a new version instead.', old.number
      using errcode = 'PT409';
  end if;
  if old.frozen and not new.frozen then
    raise exception 'Version % is deployed and cannot be un-frozen; change version creates a new draft.', old.number
      using errcode = 'PT409';
  end if;
  if not old.frozen and new.frozen and current_user in ('anon', 'authenticated') then
    raise exception 'Only deploying an app freezes a version.'
      using errcode = '42501', hint = 'Deploy the version to freeze it.';
  end if;
  if old.frozen and (
    new.spec is distinct from old.spec
    or new.source is distinct from old.source
    or (
      new.parent_version_id is distinct from old.parent_version_id
      -- Deleting the parent clears the link (on delete set null); that is not an edit.
      and not (
        new.parent_version_id is null
        and not exists (select 1 from public."AppVersion" as p where p.id = old.parent_version_id)
      )
    )
  ) then
    raise exception 'Version % is deployed and cannot be edited; change version creates a new draft.', old.number
      using errcode = 'PT409', hint = 'Deployed versions are frozen.';
  end if;
  -- The parent is another version of the same app (through the caller's row-level security: a
  -- version of someone else's app is as good as absent).
  if new.parent_version_id is distinct from old.parent_version_id
    and new.parent_version_id is not null and not exists (
    select 1 from public."AppVersion" as p
    where p.id = new.parent_version_id and p.app_id = new.app_id and p.id <> new.id
  ) then
    raise exception 'The parent must be another version of the same app.' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.app_version_before_update() from public, anon, authenticated;

create trigger "AppVersion_before_update"
  before update on public."AppVersion"
  for each row execute function public.app_version_before_update();

-- The version an app serves cannot disappear from under its visitors (deleting the app itself
-- still removes all its versions: by then the app row is gone).
create or replace function public.app_version_before_delete() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if old.frozen and exists (select 1 from public."App" as a where a.deployed_version_id = old.id) then
    raise exception 'Version % is the deployed version and cannot be deleted; deploy another version first.', old.number
      using errcode = 'PT409';
  end if;
  return old;
end
$$;
revoke execute on function public.app_version_before_delete() from public, anon, authenticated;

create trigger "AppVersion_before_delete"
  before delete on public."AppVersion"
  for each row execute function public.app_version_before_delete();

-- The app's two pointers, now that versions exist.
alter table public."App"
  add constraint "App_draft_version_id_fkey"
    foreign key (draft_version_id) references public."AppVersion" (id) on delete set null,
  add constraint "App_deployed_version_id_fkey"
    foreign key (deployed_version_id) references public."AppVersion" (id) on delete set null;
create index "App_draft_version_id_idx" on public."App" (draft_version_id);
-- Also serves the "deployed version of a readable app" policy on AppVersion below.
create index "App_deployed_version_id_idx" on public."App" (deployed_version_id);

-- The draft must be one of the app's versions; the deployed version must be one of its frozen
-- versions. Checked with the definer's eyes so the answer never depends on the caller's policies.
create or replace function public.app_check_version_pointers() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.draft_version_id is not null and not exists (
    select 1 from public."AppVersion" as v where v.id = new.draft_version_id and v.app_id = new.id
  ) then
    raise exception 'The draft must be a version of this app.'
      using errcode = '23514', detail = format('draft_version_id %s is not a version of app %s', new.draft_version_id, new.id);
  end if;
  if new.deployed_version_id is not null and not exists (
    select 1 from public."AppVersion" as v
    where v.id = new.deployed_version_id and v.app_id = new.id and v.frozen
  ) then
    raise exception 'The deployed version must be a deployed (frozen) version of this app.'
      using errcode = '23514', detail = format('deployed_version_id %s is not a frozen version of app %s', new.deployed_version_id, new.id),
            hint = 'Deploy the version first.';
  end if;
  return new;
end
$$;
revoke execute on function public.app_check_version_pointers() from public, anon, authenticated;

create trigger "App_check_version_pointers"
  before insert or update of draft_version_id, deployed_version_id, id on public."App"
  for each row execute function public.app_check_version_pointers();

alter table public."AppVersion" enable row level security;
revoke all on table public."AppVersion" from anon, authenticated;
grant select on table public."AppVersion" to anon, authenticated;
-- number, frozen and the timestamps are the database's and the deploy function's.
grant insert (id, app_id, parent_version_id, source, change_summary, spec, created_by),
  update (parent_version_id, source, change_summary, spec),
  delete
  on table public."AppVersion" to authenticated;
grant all on table public."AppVersion" to service_role;

create policy "AppVersion: an owner reads their apps' versions"
  on public."AppVersion" for select to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

-- What a visitor runs: the deployed version of any app the App policies let them read.
create policy "AppVersion: anyone reads the deployed version of an app they can read"
  on public."AppVersion" for select to anon, authenticated
  using (frozen and exists (select 1 from public."App" as a where a.deployed_version_id = "AppVersion".id));

-- A version's parent must be a version of the same app: checked by the insert/update triggers
-- (a policy on AppVersion cannot query AppVersion itself).
create policy "AppVersion: an owner adds draft versions to their apps"
  on public."AppVersion" for insert to authenticated
  with check (
    not frozen
    and created_by = (select auth.uid())
    and exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid()))
  );

create policy "AppVersion: an owner edits their apps' versions"
  on public."AppVersion" for update to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())))
  with check (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create policy "AppVersion: an owner deletes their apps' versions"
  on public."AppVersion" for delete to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

-- Descriptions ----------------------------------------------------------------------------------

-- Written by a visitor before they have an account. The browser picks the id (a random uuid) and
-- carries it to sign-up as app_description_id: nobody may read a description back through the
-- API, so the id cannot come from the insert's answer. Claiming (claimed_by, claimed_at, app_id)
-- is done by a server function with the service role.
create table public."AppDescription" (
  id uuid primary key default gen_random_uuid(),
  text text not null check (char_length(text) between 1 and 4000),
  claimed_by uuid references auth.users (id) on delete cascade,
  claimed_at timestamptz,
  app_id uuid references public."App" (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint "AppDescription_claimed_together" check ((claimed_by is null) = (claimed_at is null))
);
create index "AppDescription_claimed_by_idx" on public."AppDescription" (claimed_by);
create index "AppDescription_app_id_idx" on public."AppDescription" (app_id);

create trigger "AppDescription_set_updated_at"
  before update on public."AppDescription"
  for each row execute function public.set_updated_at();

alter table public."AppDescription" enable row level security;
revoke all on table public."AppDescription" from anon, authenticated;
grant insert (id, text) on table public."AppDescription" to anon, authenticated;
grant select on table public."AppDescription" to authenticated;
grant all on table public."AppDescription" to service_role;

create policy "AppDescription: anyone leaves an unclaimed description"
  on public."AppDescription" for insert to anon, authenticated
  with check (claimed_by is null and claimed_at is null and app_id is null);

create policy "AppDescription: the claimer reads what they claimed"
  on public."AppDescription" for select to authenticated
  using (claimed_by = (select auth.uid()));

-- Runs ------------------------------------------------------------------------------------------

-- Written only by the run-app function (service role). Who ran it: a signed-in user
-- (runner_user_id), a signed-out visitor (visitor_session) or an API key (api_key_id; the ApiKey
-- table comes with its issue, which adds the foreign key).
create table public."AppRun" (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references public."App" (id) on delete cascade,
  -- Null once the version was deleted: the run stays in the app's history.
  version_id uuid references public."AppVersion" (id) on delete set null,
  runner_user_id uuid references auth.users (id) on delete set null,
  visitor_session text check (visitor_session is null or char_length(visitor_session) between 1 and 200),
  api_key_id uuid,
  inputs jsonb not null default '{}'::jsonb check (jsonb_typeof(inputs) = 'object'),
  -- The engine's RunState (variables included): server only, never selectable through the API.
  state jsonb check (state is null or jsonb_typeof(state) = 'object'),
  outputs jsonb check (outputs is null or jsonb_typeof(outputs) in ('array', 'object')),
  status text not null default 'running' check (status in ('running', 'awaiting_input', 'done', 'failed')),
  error jsonb check (error is null or jsonb_typeof(error) = 'object'),
  -- {inputTokens, outputTokens}
  usage jsonb not null default '{"inputTokens": 0, "outputTokens": 0}'::jsonb
    check (jsonb_typeof(usage) = 'object'),
  model text check (model is null or char_length(model) <= 200),
  offline boolean not null default false,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "AppRun_app_id_created_at_idx" on public."AppRun" (app_id, created_at desc);
create index "AppRun_runner_user_id_created_at_idx" on public."AppRun" (runner_user_id, created_at desc);
create index "AppRun_version_id_idx" on public."AppRun" (version_id);

create trigger "AppRun_set_updated_at"
  before update on public."AppRun"
  for each row execute function public.set_updated_at();

alter table public."AppRun" enable row level security;
revoke all on table public."AppRun" from anon, authenticated;
-- Every column but state (column privileges cannot depend on the row: nobody reads state).
grant select (id, app_id, version_id, runner_user_id, visitor_session, api_key_id, inputs, outputs,
  status, error, usage, model, offline, started_at, finished_at, created_at, updated_at)
  on table public."AppRun" to authenticated;
grant all on table public."AppRun" to service_role;

create policy "AppRun: the app's owner and the runner read a run"
  on public."AppRun" for select to authenticated
  using (
    runner_user_id = (select auth.uid())
    or exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid()))
  );

create table public."AppRunStep" (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references public."AppRun" (id) on delete cascade,
  -- The spec's step id (see @appforge/engine: letters, digits, - and _).
  step_id text not null check (char_length(step_id) between 1 and 40),
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  output jsonb,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  duration_ms integer check (duration_ms is null or duration_ms >= 0),
  usage jsonb check (usage is null or jsonb_typeof(usage) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "AppRunStep_run_id_started_at_idx" on public."AppRunStep" (run_id, started_at);

create trigger "AppRunStep_set_updated_at"
  before update on public."AppRunStep"
  for each row execute function public.set_updated_at();

alter table public."AppRunStep" enable row level security;
revoke all on table public."AppRunStep" from anon, authenticated;
grant select on table public."AppRunStep" to authenticated;
grant all on table public."AppRunStep" to service_role;

-- Readable with its run (the AppRun policy decides, seen through the caller's eyes).
create policy "AppRunStep: readable with its run"
  on public."AppRunStep" for select to authenticated
  using (exists (select 1 from public."AppRun" as r where r.id = run_id));
