-- Issue 19, round 6: the teacher's live view token by token. Applied unchanged to hosted Supabase
-- and the embedded backend.

-- Live output -------------------------------------------------------------------------------------
-- run-app broadcasts a class run's output as it is generated on the private Realtime channel
-- `class:<class id>:live` (REST broadcast with the service role, which bypasses RLS). Joining a
-- private channel is decided by RLS on realtime.messages as the joining user: only the teacher of
-- that class may read it; nobody may write to it (no insert policy: students, other teachers and
-- anon cannot send fake output).
create or replace function public.can_watch_class_live(topic text) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select case
    when topic ~ '^class:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:live$'
      then public.teaches_class(substr(topic, 7, 36)::uuid)
    else false
  end;
$$;
revoke execute on function public.can_watch_class_live(text) from public, anon;
grant execute on function public.can_watch_class_live(text) to authenticated, service_role;

create policy "Class live: the class's teacher listens"
  on realtime.messages for select to authenticated
  using (extension = 'broadcast' and public.can_watch_class_live((select realtime.topic())));
