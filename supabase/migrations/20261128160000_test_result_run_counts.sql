-- "n of m runs pass" (issue 30), reported per case: how many times a case ran in a test run, how many
-- of those runs passed, and how many had to. The public API, MCP and the Tests page read them from
-- the result, so they stay right after the case is edited or deleted.
--
-- runs and passes_needed are the case's when the test run started; runs_passed is null until the
-- case has run (and stays null for a case that could not run: inputs that no longer fit).
alter table public."AppTestResult"
  add column runs smallint not null default 1,
  add column passes_needed smallint not null default 1,
  add column runs_passed smallint,
  add constraint "AppTestResult_runs_range" check (runs between 1 and 5 and passes_needed between 1 and runs),
  add constraint "AppTestResult_runs_passed_range" check (runs_passed is null or runs_passed between 0 and runs);

-- Results kept before: one run each, unless the reason says how many ("2 of 3 runs passed; …").
update public."AppTestResult" as x
  set runs = m.runs, passes_needed = m.needed, runs_passed = m.passed
  from (
    select id, (match[2])::smallint as runs, (match[3])::smallint as needed, (match[1])::smallint as passed
    from (select id, regexp_match(reason, '^([0-5]) of ([1-5]) runs passed; ([1-5]) needs? to pass\.') as match from public."AppTestResult") as parsed
    where match is not null
  ) as m
  where x.id = m.id and m.needed <= m.runs and m.passed <= m.runs;
update public."AppTestResult"
  set runs_passed = case status when 'passed' then 1 else 0 end
  where runs_passed is null and runs = 1 and status in ('passed', 'failed', 'error');
