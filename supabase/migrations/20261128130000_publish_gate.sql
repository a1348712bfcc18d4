-- The publish gate (issue 30): deploying a version of an app that has test cases first runs them on
-- that version (deploy-app, service role). A failing "must pass" case refuses the deploy unless the
-- owner deploys anyway with a written reason. Each deploy is kept in AppDeploy with its test run,
-- the reason, and the cases that failed: the app's owner reads it (it may say why a broken version
-- went live), nobody else does, and only the deploy function writes it.
--
-- So that no client can go around the gate, the deployed version is now the deploy function's
-- alone: signed-in people keep insert and update on every other column of App. A new column of App
-- that owners may write needs its own grant below.

create table public."AppDeploy" (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references public."App" (id) on delete cascade,
  -- Kept with the version: deleting a version deletes what was said when it was deployed.
  version_id uuid not null references public."AppVersion" (id) on delete cascade,
  version_number integer not null check (version_number >= 1),
  deployed_by uuid references auth.users (id) on delete set null,
  -- The test run the gate made (null when the app had no cases, or once the run is deleted).
  test_run_id uuid references public."AppTestRun" (id) on delete set null,
  -- Why the owner deployed although a must-pass case failed ("Deploy anyway").
  override_reason text check (override_reason is null or char_length(btrim(override_reason)) between 1 and 1000),
  -- The cases that did not pass: [{case_id, name, mode, status, reason}].
  failing jsonb not null default '[]'::jsonb
    constraint "AppDeploy_failing_is_list" check (jsonb_typeof(failing) = 'array')
    constraint "AppDeploy_failing_size" check (pg_column_size(failing) < 256 * 1024),
  created_at timestamptz not null default now()
);
create index "AppDeploy_app_id_created_at_idx" on public."AppDeploy" (app_id, created_at desc);
create index "AppDeploy_version_id_idx" on public."AppDeploy" (version_id);
create index "AppDeploy_test_run_id_idx" on public."AppDeploy" (test_run_id);
create index "AppDeploy_deployed_by_idx" on public."AppDeploy" (deployed_by);

alter table public."AppDeploy" enable row level security;
revoke all on table public."AppDeploy" from anon, authenticated;
grant select on table public."AppDeploy" to authenticated;
grant all on table public."AppDeploy" to service_role;

create policy "AppDeploy: the app's owner reads its deploys"
  on public."AppDeploy" for select to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

-- Only deploy-app (service role) sets the deployed version.
revoke insert, update on table public."App" from authenticated;
grant insert (id, owner_id, name, description, icon_path, visibility, draft_version_id, design, price,
              api_access_enabled, database_id, anonymous_runs_per_day, embed_enabled, embed_origins,
              created_at, updated_at),
  update (owner_id, name, description, icon_path, visibility, draft_version_id, design, price,
          api_access_enabled, database_id, anonymous_runs_per_day, embed_enabled, embed_origins,
          created_at, updated_at)
  on table public."App" to authenticated;
