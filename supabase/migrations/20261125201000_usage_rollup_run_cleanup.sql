-- Issue 12: usage per app and UTC day, rolled up from the runs, and the run clean-up.
--
-- "AppUsageDay" is what the Home cards' "runs in the last 7 days" read for the days before
-- yesterday (yesterday and today are counted from the runs themselves, so they are never stale);
-- it keeps those figures after old runs are deleted. It is written only by
-- public.rollup_app_usage, which the backend's `usage-rollup` job calls every few minutes for
-- yesterday and today (a run counts on the UTC day it was created, even if it finishes after
-- midnight; its tokens and outcome are re-read until the day leaves the window). The function
-- recomputes the days from the runs (it never adds), so running it twice, or in two processes at
-- once, gives the same rows. public.cleanup_runs deletes old runs in batches; class runs are kept
-- as the Classrooms data care states ("until the class is deleted").

create table public."AppUsageDay" (
  app_id uuid not null references public."App" (id) on delete cascade,
  day date not null,
  runs integer not null default 0 check (runs >= 0),
  failed_runs integer not null default 0 check (failed_runs >= 0),
  input_tokens bigint not null default 0 check (input_tokens >= 0),
  output_tokens bigint not null default 0 check (output_tokens >= 0),
  updated_at timestamptz not null default now(),
  primary key (app_id, day)
);

alter table public."AppUsageDay" enable row level security;
revoke all on table public."AppUsageDay" from anon, authenticated;
grant select on table public."AppUsageDay" to authenticated;
grant all on table public."AppUsageDay" to service_role;

create policy "AppUsageDay: the app's owner reads it"
  on public."AppUsageDay" for select to authenticated
  using (exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid())));

-- Recomputes the rows of the UTC days p_from … p_to from "AppRun" (runs created on that day):
-- a day's row is written, changed or (when its runs are gone) deleted to match. Returns the
-- number of rows written or deleted. One caller at a time (a transaction-level advisory lock).
create function public.rollup_app_usage(p_from date, p_to date) returns integer
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  changed integer;
begin
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'rollup_app_usage: p_from must be a day on or before p_to' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('public.rollup_app_usage'));
  with totals as (
    select r.app_id,
           (r.created_at at time zone 'UTC')::date as day,
           count(*)::integer as runs,
           (count(*) filter (where r.status = 'failed'))::integer as failed_runs,
           coalesce(sum(case when jsonb_typeof(r.usage -> 'inputTokens') = 'number'
                             then greatest(floor((r.usage ->> 'inputTokens')::numeric), 0) else 0 end), 0)::bigint as input_tokens,
           coalesce(sum(case when jsonb_typeof(r.usage -> 'outputTokens') = 'number'
                             then greatest(floor((r.usage ->> 'outputTokens')::numeric), 0) else 0 end), 0)::bigint as output_tokens
      from public."AppRun" as r
     where r.created_at >= (p_from::timestamp at time zone 'UTC')
       and r.created_at < ((p_to + 1)::timestamp at time zone 'UTC')
     group by 1, 2
  ),
  gone as (
    delete from public."AppUsageDay" as u
     where u.day between p_from and p_to
       and not exists (select 1 from totals as t where t.app_id = u.app_id and t.day = u.day)
    returning 1
  ),
  written as (
    insert into public."AppUsageDay" as u (app_id, day, runs, failed_runs, input_tokens, output_tokens)
    select app_id, day, runs, failed_runs, input_tokens, output_tokens from totals
    on conflict (app_id, day) do update
       set runs = excluded.runs, failed_runs = excluded.failed_runs,
           input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, updated_at = now()
     where (u.runs, u.failed_runs, u.input_tokens, u.output_tokens)
           is distinct from (excluded.runs, excluded.failed_runs, excluded.input_tokens, excluded.output_tokens)
    returning 1
  )
  select (select count(*) from gone) + (select count(*) from written) into changed;
  return changed;
end
$$;
revoke all on function public.rollup_app_usage(date, date) from public, anon, authenticated;
grant execute on function public.rollup_app_usage(date, date) to service_role;

-- Deletes at most p_limit runs created before p_before (their steps, API calls and alerts go
-- with them), oldest first, skipping rows another caller holds. Class runs are not deleted.
-- Returns how many were deleted; call again while it returns p_limit.
create function public.cleanup_runs(p_before timestamptz, p_limit integer) returns integer
  language sql
  volatile
  set search_path = ''
as $$
  with doomed as (
    select r.id from public."AppRun" as r
     where r.created_at < p_before and r.class_id is null
     order by r.created_at
     limit least(greatest(p_limit, 0), 10000)
       for update skip locked
  ),
  deleted as (
    delete from public."AppRun" as r using doomed where r.id = doomed.id returning 1
  )
  select count(*)::integer from deleted;
$$;
revoke all on function public.cleanup_runs(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.cleanup_runs(timestamptz, integer) to service_role;

create index "AppRun_created_at_idx" on public."AppRun" (created_at);

-- The history before this migration, once (later days are the job's).
select public.rollup_app_usage(
  coalesce((select min(r.created_at at time zone 'UTC')::date from public."AppRun" as r), (now() at time zone 'UTC')::date),
  (now() at time zone 'UTC')::date
);
