-- App tests (issue 30): a test run whose server stopped mid-run (a crash, a deploy, an Edge
-- Function's time limit) would stay `running` forever. end_stopped_test_runs() ends the app's runs
-- that have gone quiet: nothing updated and no case finished for p_idle_minutes. They become
-- `failed` with the reason "The test run stopped before it finished", their unfinished cases
-- `error` with the same reason, and their counts are taken from the results they kept.
--
-- The run-app-tests function and the public API call it before a new run of the app and before a
-- test run is read, so nothing depends on a timer. Only the service role may call it: it writes
-- rows that people only read.
create function public.end_stopped_test_runs(p_app_id uuid, p_idle_minutes integer default 15)
  returns integer
  language sql
  volatile
  security invoker
  set search_path = ''
as $$
  with stopped as (
    select r.id,
      (select count(*) from public."AppTestResult" as x where x.test_run_id = r.id and x.status = 'passed')::integer as passed,
      (select count(*) from public."AppTestResult" as x where x.test_run_id = r.id and x.status = 'needs_update')::integer as needs_update,
      (select count(*) from public."AppTestResult" as x where x.test_run_id = r.id and x.status in ('failed', 'error', 'running'))::integer as failed
    from public."AppTestRun" as r
    where r.app_id = p_app_id
      and r.status = 'running'
      and greatest(r.updated_at, coalesce((select max(x.updated_at) from public."AppTestResult" as x where x.test_run_id = r.id), r.updated_at))
        < now() - make_interval(mins => greatest(p_idle_minutes, 1))
  ),
  cases as (
    update public."AppTestResult" as x
      set status = 'error', reason = 'The test run stopped before it finished', finished_at = now()
      from stopped
      where x.test_run_id = stopped.id and x.status = 'running'
  ),
  ended as (
    update public."AppTestRun" as r
      set status = 'failed',
        passed = stopped.passed,
        failed = stopped.failed,
        needs_update = stopped.needs_update,
        error = jsonb_build_object('code', 'stopped', 'message', 'The test run stopped before it finished'),
        finished_at = now()
      from stopped
      where r.id = stopped.id and r.status = 'running'
      returning r.id
  )
  select count(*)::integer from ended;
$$;

revoke all on function public.end_stopped_test_runs(uuid, integer) from public, anon, authenticated;
grant execute on function public.end_stopped_test_runs(uuid, integer) to service_role;
