-- Issue 12 (leftover): the Home cards' "runs in the last 7 days" as counts, not run ids.
--
-- public.app_runs_last_7_days(app ids) answers one row {app_id, runs} per given app that the
-- caller owns: the runs created on today's UTC day and the six UTC days before. The five older
-- days come from the "AppUsageDay" roll-up (20261125201000, job `usage-rollup`), which outlives the
-- run clean-up; yesterday and today are counted live from "AppRun" (never stale), from the first
-- instant of yesterday (UTC) on. A run counts on the UTC day it was created. Before this, the SDK
-- downloaded the id of every run of the live two days and counted them in JavaScript.
--
-- security invoker: the caller's row-level security applies to "App", "AppUsageDay" and "AppRun"
-- alike, and the explicit owner filter makes another user's app ids answer nothing (rather than
-- the runs that user made of it). At most 1000 ids per call; null or too many is refused (22023).
--
-- The live count walks "AppRun_app_id_created_at_idx" (app_id, created_at desc) from
-- 20261121000400: one range per app, so no new index is added. `pnpm bench:runs-last-7-days` times
-- it: a covering index (app_id, created_at) include (runner_user_id, class_id) is 1.7x faster only
-- once VACUUM has marked the pages all-visible, which the newest runs seldom are, for one more
-- index on the busiest table; row-level security adds little over the bare count.

create function public.app_runs_last_7_days(p_app_ids uuid[])
  returns table (app_id uuid, runs integer)
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
begin
  if p_app_ids is null then
    raise exception 'app_runs_last_7_days: give a list of app ids' using errcode = '22023';
  end if;
  if cardinality(p_app_ids) > 1000 then
    raise exception 'app_runs_last_7_days: at most 1000 app ids at once (got %)', cardinality(p_app_ids) using errcode = '22023';
  end if;
  return query
    with mine as (
      select a.id
        from public."App" as a
       where a.id = any (p_app_ids)
         and a.owner_id = (select auth.uid())
    ),
    rolled as (
      select u.app_id, sum(u.runs) as runs
        from public."AppUsageDay" as u
        join mine on mine.id = u.app_id
       where u.day between today - 6 and today - 2
       group by u.app_id
    ),
    live as (
      select r.app_id, count(*) as runs
        from public."AppRun" as r
        join mine on mine.id = r.app_id
       where r.created_at >= ((today - 1)::timestamp at time zone 'UTC')
       group by r.app_id
    )
    select mine.id, (coalesce(rolled.runs, 0) + coalesce(live.runs, 0))::integer
      from mine
      left join rolled on rolled.app_id = mine.id
      left join live on live.app_id = mine.id;
end
$$;
-- Hosted Supabase's default privileges grant new functions to anon and service_role too: revoked.
revoke all on function public.app_runs_last_7_days(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.app_runs_last_7_days(uuid[]) to authenticated;
