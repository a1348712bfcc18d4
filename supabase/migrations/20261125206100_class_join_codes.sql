-- Issue 19, round 6: join codes a teacher can renew (the old one stops working at once) or let
-- expire. Applied unchanged to hosted Supabase and the embedded backend.

-- Join codes --------------------------------------------------------------------------------------
-- An optional expiry the teacher sets (null: the code does not expire). join-class refuses an
-- expired code with 410 join_code_expired.
alter table public."Class" add column join_code_expires_at timestamptz;
grant update (join_code_expires_at) on table public."Class" to authenticated;

-- A class keeps its teacher; its join code changes only through regenerate_class_join_code()
-- (which runs as its owner), never by a plain update from the API.
create or replace function public.class_before_update() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.teacher_id is distinct from old.teacher_id
    or (new.join_code is distinct from old.join_code and current_user in ('anon', 'authenticated')) then
    raise exception 'A class keeps its teacher and join code.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function public.class_before_update() from public, anon, authenticated;

-- A new join code for the caller's class: the old one stops working at once. The expiry is
-- cleared unless a new one is given. Another teacher's class (or none): 42501, nothing changes.
create or replace function public.regenerate_class_join_code(class_id uuid, expires_at timestamptz default null)
  returns table (join_code text, join_code_expires_at timestamptz)
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  tries integer := 0;
begin
  if not public.teaches_class(regenerate_class_join_code.class_id) then
    raise exception 'Only the class''s teacher can renew its join code.' using errcode = '42501';
  end if;
  loop
    begin
      return query
        update public."Class" as c
          set join_code = public.class_new_join_code(),
              join_code_expires_at = regenerate_class_join_code.expires_at
          where c.id = regenerate_class_join_code.class_id
          returning c.join_code, c.join_code_expires_at;
      return;
    exception when unique_violation then
      tries := tries + 1;
      if tries >= 5 then raise; end if;
    end;
  end loop;
end
$$;
revoke execute on function public.regenerate_class_join_code(uuid, timestamptz) from public, anon;
grant execute on function public.regenerate_class_join_code(uuid, timestamptz) to authenticated, service_role;
