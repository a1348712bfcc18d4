-- Issue 27: a join link opened while signed out says "You are joining <class>" on the sign-in
-- screen. The only public window onto a class: for a valid join code (the class is not archived
-- and the code has not expired) its name and its school's name, nothing else; null otherwise, so
-- an unknown, renewed or expired code tells nothing. The code is the secret a teacher shares; it
-- has 8 characters from 31 (about 8.5e11 codes), so guessing one through this is not practical.
create or replace function public.class_join_preview(code text)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select jsonb_build_object('class_name', c.name, 'school_name', s.name)
  from public."Class" as c
  left join public."School" as s on s.id = c.school_id
  where class_join_preview.code is not null
    and char_length(class_join_preview.code) <= 16
    and c.join_code = upper(btrim(class_join_preview.code))
    and c.archived_at is null
    and (c.join_code_expires_at is null or c.join_code_expires_at > now())
$$;
revoke all on function public.class_join_preview(text) from public;
grant execute on function public.class_join_preview(text) to anon, authenticated, service_role;
