-- Issue 26, item 3 (students' runs are private to them and their teachers): the class's teacher
-- reads the API calls of the class's runs, as they read the runs and their steps. The app's owner
-- reads API calls of runs that are not class work only (the owner's policy joins AppRun, whose
-- policies already hide class work from the owner); the student reads none (a call's request and
-- answer are the app's workings, as for any runner). Kept in step by the role matrix
-- (apps/backend/test/rls/role-matrix.test.ts).
create policy "AppRunApiCall: the class's teacher reads the class's runs' API calls"
  on public."AppRunApiCall" for select to authenticated
  using (exists (
    select 1 from public."AppRun" as r
    where r.id = run_id and r.class_id is not null and public.teaches_class(r.class_id)
  ));
