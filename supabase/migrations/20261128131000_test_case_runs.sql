-- "n of m runs pass" (issue 30): with a real model an answer varies, so a case may run up to five
-- times and pass when at least n of its m runs pass. Defaults keep every existing case as it was
-- (one run, which must pass). The engine checks the same bounds before a write.
alter table public."AppTestCase"
  add column runs smallint not null default 1,
  add column passes_needed smallint not null default 1,
  add constraint "AppTestCase_runs_range" check (passes_needed between 1 and runs and runs between 1 and 5);

grant insert (runs, passes_needed), update (runs, passes_needed) on table public."AppTestCase" to authenticated;
