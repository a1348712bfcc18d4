-- App tests (issue 30): an app's test cases, and the test runs of a version with one result per
-- case. Cases belong to the app, not to a version. Shape (expectation kinds, patterns, schemas) is
-- checked by @appforge/engine in the SDK before a write and again by the run-app-tests function
-- before a case runs (a case that no longer fits is "needs update"); the database keeps the
-- documents bounded and decides who sees what: only the app's owner, deny by default.
--
-- Test runs and results are written only by the run-app-tests function (service role): the owner
-- reads them, and hears results arrive through Realtime while a run is in progress.

create table public."AppTestCase" (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references public."App" (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  inputs jsonb not null default '{}'::jsonb
    constraint "AppTestCase_inputs_is_object" check (jsonb_typeof(inputs) = 'object')
    constraint "AppTestCase_inputs_size" check (pg_column_size(inputs) < 256 * 1024),
  expectations jsonb not null
    constraint "AppTestCase_expectations_is_list" check (
      jsonb_typeof(expectations) = 'array' and jsonb_array_length(expectations) between 1 and 20
    )
    constraint "AppTestCase_expectations_size" check (pg_column_size(expectations) < 256 * 1024),
  mode text not null default 'must_pass' check (mode in ('must_pass', 'warn_only')),
  -- The run it was saved from ("Save as test"), while that run is kept.
  source_run_id uuid references public."AppRun" (id) on delete set null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "AppTestCase_app_id_created_at_idx" on public."AppTestCase" (app_id, created_at);
create index "AppTestCase_source_run_id_idx" on public."AppTestCase" (source_run_id);
create index "AppTestCase_created_by_idx" on public."AppTestCase" (created_by);

create trigger "AppTestCase_set_updated_at"
  before update on public."AppTestCase"
  for each row execute function public.set_updated_at();

alter table public."AppTestCase" enable row level security;
revoke all on table public."AppTestCase" from anon, authenticated;
grant select, delete on table public."AppTestCase" to authenticated;
grant insert (id, app_id, name, inputs, expectations, mode, source_run_id) on table public."AppTestCase" to authenticated;
grant update (name, inputs, expectations, mode) on table public."AppTestCase" to authenticated;
grant all on table public."AppTestCase" to service_role;

create policy "AppTestCase: the app's owner reads its cases"
  on public."AppTestCase" for select to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

-- A case saved from a run names a run of the same app (seen through the caller's eyes).
create policy "AppTestCase: the app's owner adds a case"
  on public."AppTestCase" for insert to authenticated
  with check (
    exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid()))
    and (source_run_id is null or exists (select 1 from public."AppRun" as r where r.id = source_run_id and r.app_id = app_id))
  );

create policy "AppTestCase: the app's owner edits its cases"
  on public."AppTestCase" for update to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())))
  with check (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create policy "AppTestCase: the app's owner deletes its cases"
  on public."AppTestCase" for delete to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create table public."AppTestRun" (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references public."App" (id) on delete cascade,
  -- Null once the version was deleted: the test run stays in the app's history.
  version_id uuid references public."AppVersion" (id) on delete set null,
  version_number integer check (version_number is null or version_number >= 1),
  started_by uuid references auth.users (id) on delete set null,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  case_count integer not null default 0 check (case_count between 0 and 200),
  passed integer not null default 0 check (passed >= 0),
  failed integer not null default 0 check (failed >= 0),
  needs_update integer not null default 0 check (needs_update >= 0),
  error jsonb check (error is null or jsonb_typeof(error) = 'object'),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "AppTestRun_app_id_created_at_idx" on public."AppTestRun" (app_id, created_at desc);
create index "AppTestRun_version_id_idx" on public."AppTestRun" (version_id);
create index "AppTestRun_started_by_idx" on public."AppTestRun" (started_by);

create trigger "AppTestRun_set_updated_at"
  before update on public."AppTestRun"
  for each row execute function public.set_updated_at();

alter table public."AppTestRun" enable row level security;
revoke all on table public."AppTestRun" from anon, authenticated;
grant select on table public."AppTestRun" to authenticated;
grant all on table public."AppTestRun" to service_role;

create policy "AppTestRun: the app's owner reads its test runs"
  on public."AppTestRun" for select to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

create table public."AppTestResult" (
  id uuid primary key default gen_random_uuid(),
  test_run_id uuid not null references public."AppTestRun" (id) on delete cascade,
  -- Null once the case was deleted: its name stays with the result.
  case_id uuid references public."AppTestCase" (id) on delete set null,
  case_name text not null check (char_length(case_name) between 1 and 120),
  mode text not null default 'must_pass' check (mode in ('must_pass', 'warn_only')),
  status text not null default 'running' check (status in ('running', 'passed', 'failed', 'needs_update', 'error')),
  -- The run's outputs as the visitor would read them (bounded).
  output text check (output is null or char_length(output) <= 100000),
  -- Per expectation: {kind, pass, reason}.
  checks jsonb not null default '[]'::jsonb check (jsonb_typeof(checks) = 'array'),
  reason text check (reason is null or char_length(reason) <= 4000),
  usage jsonb check (usage is null or jsonb_typeof(usage) = 'object'),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "AppTestResult_test_run_id_idx" on public."AppTestResult" (test_run_id, created_at);
create index "AppTestResult_case_id_idx" on public."AppTestResult" (case_id);

create trigger "AppTestResult_set_updated_at"
  before update on public."AppTestResult"
  for each row execute function public.set_updated_at();

alter table public."AppTestResult" enable row level security;
revoke all on table public."AppTestResult" from anon, authenticated;
grant select on table public."AppTestResult" to authenticated;
grant all on table public."AppTestResult" to service_role;

-- Readable with its test run (the AppTestRun policy decides, seen through the caller's eyes).
create policy "AppTestResult: readable with its test run"
  on public."AppTestResult" for select to authenticated
  using (exists (select 1 from public."AppTestRun" as r where r.id = test_run_id));

alter publication supabase_realtime add table public."AppTestRun", public."AppTestResult";

-- A case's run is an ordinary AppRun (same executor, same model, same usage), labelled with its
-- test run so it stays apart from visitors' runs: the run history and Home's recent runs filter
-- on it, so signed-in people may read the column (RLS still decides which runs they see; the
-- test result carries what the owner sees of the case's run).
alter table public."AppRun" add column test_run_id uuid references public."AppTestRun" (id) on delete set null;
create index "AppRun_test_run_id_idx" on public."AppRun" (test_run_id) where test_run_id is not null;
grant select (test_run_id) on table public."AppRun" to authenticated;
