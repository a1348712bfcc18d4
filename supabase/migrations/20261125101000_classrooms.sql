-- Classrooms (issue 19): schools, teachers, classes, their students, assignments and safety alerts.
--   "School"        a school and the e-mail domains whose people may teach (operators only)
--   "SchoolTeacher" a teacher listed by an operator, by e-mail or user id (operators only)
--   "Class"         a teacher's class: join code, archive flag, runs per student per day, checks
--   "ClassMember"   a student in a class (display name in the class; removed_at once removed)
--   "Assignment"    an app or a bundle given to a class, with instructions and dates
--   "SafetyAlert"   a flagged student input or AI output of a class run, for the class's teacher
-- and "AppRun".class_id: the class a run was made for (deleting the class deletes its runs).
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
-- Row-level security on every table, deny by default. Students never read another student's
-- row, name or run; a teacher reads only their own classes. Students read their classes through
-- public.my_classes() (name, subject, grade, assignments), not through the "Class" table.
--
-- Errors raised below use SQLSTATE 42501 (HTTP 403) for what the caller may not do and 23514
-- (HTTP 400) for values out of shape.

-- Schools and teachers (operators only) ----------------------------------------------------------

create table public."School" (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  -- Lower-case domains, e.g. {school.edu}: people with an address there may teach.
  email_domains text[] not null default '{}'
    check (email_domains = lower(email_domains::text)::text[] and array_position(email_domains, '') is null),
  created_at timestamptz not null default now()
);
create index "School_email_domains_idx" on public."School" using gin (email_domains);

alter table public."School" enable row level security;
revoke all on table public."School" from anon, authenticated;
grant all on table public."School" to service_role;

create table public."SchoolTeacher" (
  id uuid primary key default gen_random_uuid(),
  email text check (email is null or (email = lower(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$')),
  user_id uuid references auth.users (id) on delete cascade,
  school_id uuid references public."School" (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint "SchoolTeacher_email_or_user" check (email is not null or user_id is not null)
);
create unique index "SchoolTeacher_email_idx" on public."SchoolTeacher" (email) where email is not null;
create unique index "SchoolTeacher_user_id_idx" on public."SchoolTeacher" (user_id) where user_id is not null;
create index "SchoolTeacher_school_id_idx" on public."SchoolTeacher" (school_id);

alter table public."SchoolTeacher" enable row level security;
revoke all on table public."SchoolTeacher" from anon, authenticated;
grant all on table public."SchoolTeacher" to service_role;

-- Classes ----------------------------------------------------------------------------------------

-- The content checks a class may switch on or off: an object of these keys with boolean values.
create or replace function public.class_checks_valid(checks jsonb) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select jsonb_typeof(checks) = 'object'
    and (checks - array['profanity', 'self_harm', 'violence', 'personal_data', 'moderation_api']) = '{}'::jsonb
    and coalesce((select bool_and(jsonb_typeof(v) = 'boolean') from jsonb_each(checks) as e (k, v)), true);
$$;

-- A random join code: 8 bytes of a random uuid, each mod 32 over a 32-letter alphabet (uniform).
create or replace function public.class_new_join_code() returns text
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  bytes bytea := uuid_send(gen_random_uuid());
  code text := '';
begin
  for i in 0..7 loop
    code := code || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
  end loop;
  return code;
end
$$;
revoke execute on function public.class_new_join_code() from public, anon;
grant execute on function public.class_new_join_code() to authenticated, service_role;

create table public."Class" (
  id uuid primary key default gen_random_uuid(),
  teacher_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  school_id uuid references public."School" (id) on delete set null,
  name text not null check (char_length(btrim(name)) between 1 and 120 and char_length(name) <= 120),
  subject text check (subject is null or char_length(subject) <= 120),
  grade text check (grade is null or char_length(grade) <= 40),
  -- 8 characters of A-Z and 2-9 without look-alikes (no I, O, 0, 1); always set by the server
  -- (the insert trigger draws it again whatever was sent; the default only makes it optional).
  join_code text not null unique default public.class_new_join_code() check (join_code ~ '^[A-HJ-NP-Z2-9]{8}$'),
  archived_at timestamptz,
  runs_per_student_per_day integer not null default 50 check (runs_per_student_per_day between 1 and 10000),
  checks jsonb not null
    default '{"profanity": true, "self_harm": true, "violence": true, "personal_data": true, "moderation_api": true}'::jsonb
    check (public.class_checks_valid(checks)),
  alert_email boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "Class_teacher_id_idx" on public."Class" (teacher_id, created_at desc);
create index "Class_school_id_idx" on public."Class" (school_id);

create trigger "Class_set_updated_at"
  before update on public."Class"
  for each row execute function public.set_updated_at();


-- Whether the signed-in caller may teach: listed by an operator (SchoolTeacher by id or e-mail,
-- or the legacy school_member role), an e-mail domain of a School, or already teaching a class.
-- TEACHER_EMAIL_DOMAINS (server env) cannot be read here: get-user-school-info records such a
-- teacher as a SchoolTeacher row on their first visit, so this answer agrees with it.
create or replace function public.is_teacher() returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  with me as (
    select u.id, lower(u.email) as email from auth.users as u where u.id = (select auth.uid())
  )
  select exists (
    select 1 from me
    where exists (select 1 from public."SchoolTeacher" as t where t.user_id = me.id or (me.email is not null and t.email = me.email))
      or exists (select 1 from public.school_member as m where m.user_id = me.id and m.role = 'teacher')
      or exists (
        select 1 from public."School" as s
        where me.email is not null and split_part(me.email, '@', 2) = any (s.email_domains)
      )
      or exists (select 1 from public."Class" as c where c.teacher_id = me.id)
  );
$$;
revoke execute on function public.is_teacher() from public, anon;
grant execute on function public.is_teacher() to authenticated, service_role;

-- The school a new class belongs to: the teacher's listed school, else the first School of their
-- e-mail domain. Answers only for the caller themself (or the service role, which has no user).
create or replace function public.class_school_for(teacher uuid) returns uuid
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(
    (select t.school_id from public."SchoolTeacher" as t
      join auth.users as u on u.id = class_school_for.teacher
      where (t.user_id = u.id or t.email = lower(u.email)) and t.school_id is not null
      order by t.created_at limit 1),
    (select s.id from public."School" as s
      join auth.users as u on u.id = class_school_for.teacher
      where split_part(lower(u.email), '@', 2) = any (s.email_domains)
      order by s.created_at limit 1)
  )
  where (select auth.uid()) is null or (select auth.uid()) = class_school_for.teacher;
$$;
revoke execute on function public.class_school_for(uuid) from public, anon;
grant execute on function public.class_school_for(uuid) to authenticated, service_role;

-- Sets the join code and the teacher's school; refuses anyone who is not a teacher. The join
-- code's uniqueness is the unique index's (32^8 codes: a collision fails one insert, retried by
-- the caller).
create or replace function public.class_before_insert() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.teacher_id is distinct from (select auth.uid()) or not public.is_teacher() then
      raise exception 'Only teachers can create classes.'
        using errcode = '42501', hint = 'Ask your school to list you as a teacher.';
    end if;
  end if;
  new.join_code := public.class_new_join_code();
  if new.school_id is null then
    new.school_id := public.class_school_for(new.teacher_id);
  end if;
  return new;
end
$$;
revoke execute on function public.class_before_insert() from public, anon, authenticated;

create trigger "Class_before_insert"
  before insert on public."Class"
  for each row execute function public.class_before_insert();

-- A class keeps its teacher and join code.
create or replace function public.class_before_update() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.teacher_id is distinct from old.teacher_id or new.join_code is distinct from old.join_code then
    raise exception 'A class keeps its teacher and join code.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function public.class_before_update() from public, anon, authenticated;

create trigger "Class_before_update"
  before update on public."Class"
  for each row execute function public.class_before_update();

alter table public."Class" enable row level security;
revoke all on table public."Class" from anon, authenticated;
grant select on table public."Class" to authenticated;
grant insert (id, teacher_id, name, subject, grade, runs_per_student_per_day, checks, alert_email),
  update (name, subject, grade, archived_at, runs_per_student_per_day, checks, alert_email),
  delete
  on table public."Class" to authenticated;
grant all on table public."Class" to service_role;

create policy "Class: a teacher reads their classes"
  on public."Class" for select to authenticated
  using (teacher_id = (select auth.uid()));

-- is_teacher() is checked again by the insert trigger, with a clear message.
create policy "Class: a teacher creates classes"
  on public."Class" for insert to authenticated
  with check (teacher_id = (select auth.uid()));

create policy "Class: a teacher edits their classes"
  on public."Class" for update to authenticated
  using (teacher_id = (select auth.uid()))
  with check (teacher_id = (select auth.uid()));

-- Cascades to members, assignments, the class's runs and their alerts.
create policy "Class: a teacher deletes their classes"
  on public."Class" for delete to authenticated
  using (teacher_id = (select auth.uid()));

-- Policy helpers with the definer's eyes (no policy recursion between Class and ClassMember).
create or replace function public.teaches_class(class_id uuid) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public."Class" as c where c.id = teaches_class.class_id and c.teacher_id = (select auth.uid())
  );
$$;
revoke execute on function public.teaches_class(uuid) from public, anon;
grant execute on function public.teaches_class(uuid) to authenticated, service_role;

-- Members ----------------------------------------------------------------------------------------

-- Inserted only by the join-class function (service role).
create table public."ClassMember" (
  id uuid primary key default gen_random_uuid(),
  class_id uuid not null references public."Class" (id) on delete cascade,
  student_id uuid not null references auth.users (id) on delete cascade,
  display_name text not null check (char_length(btrim(display_name)) between 1 and 80 and char_length(display_name) <= 80),
  joined_at timestamptz not null default now(),
  removed_at timestamptz,
  constraint "ClassMember_class_student" unique (class_id, student_id)
);
create index "ClassMember_student_id_idx" on public."ClassMember" (student_id);

-- A current (not removed) member of the class.
create or replace function public.in_class(class_id uuid) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public."ClassMember" as m
    where m.class_id = in_class.class_id and m.student_id = (select auth.uid()) and m.removed_at is null
  );
$$;
revoke execute on function public.in_class(uuid) from public, anon;
grant execute on function public.in_class(uuid) to authenticated, service_role;

alter table public."ClassMember" enable row level security;
revoke all on table public."ClassMember" from anon, authenticated;
grant select, delete on table public."ClassMember" to authenticated;
grant update (display_name, removed_at) on table public."ClassMember" to authenticated;
grant all on table public."ClassMember" to service_role;

create policy "ClassMember: the teacher reads the roster"
  on public."ClassMember" for select to authenticated
  using (public.teaches_class(class_id));

create policy "ClassMember: a student reads their own memberships"
  on public."ClassMember" for select to authenticated
  using (student_id = (select auth.uid()));

create policy "ClassMember: the teacher renames and removes students"
  on public."ClassMember" for update to authenticated
  using (public.teaches_class(class_id))
  with check (public.teaches_class(class_id));

create policy "ClassMember: the teacher deletes a membership"
  on public."ClassMember" for delete to authenticated
  using (public.teaches_class(class_id));

-- Leaving a class. A removed student's row stays (it blocks re-joining) until the teacher deletes it.
create policy "ClassMember: a student leaves a class"
  on public."ClassMember" for delete to authenticated
  using (student_id = (select auth.uid()) and removed_at is null);

-- Assignments ------------------------------------------------------------------------------------

create table public."Assignment" (
  id uuid primary key default gen_random_uuid(),
  class_id uuid not null references public."Class" (id) on delete cascade,
  app_id uuid references public."App" (id) on delete cascade,
  bundle_id uuid references public."Bundle" (id) on delete cascade,
  instructions text not null default '' check (char_length(instructions) <= 4000),
  opens_at timestamptz,
  due_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint "Assignment_one_item" check ((app_id is null) <> (bundle_id is null)),
  constraint "Assignment_dates" check (opens_at is null or due_at is null or due_at >= opens_at)
);
create index "Assignment_class_id_idx" on public."Assignment" (class_id, created_at);
create index "Assignment_app_id_idx" on public."Assignment" (app_id);
create index "Assignment_bundle_id_idx" on public."Assignment" (bundle_id);

create trigger "Assignment_set_updated_at"
  before update on public."Assignment"
  for each row execute function public.set_updated_at();

-- A teacher assigns their own apps and bundles, or public ones (a deployed public app, a public
-- bundle); never someone else's private item. The class stays the same. Runs with the caller's
-- rights: an item they cannot see is refused like someone else's private one.
create or replace function public.assignment_check_item() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if tg_op = 'UPDATE' and new.class_id is distinct from old.class_id then
    raise exception 'An assignment stays in its class.' using errcode = '42501';
  end if;
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.app_id is not null and not exists (
    select 1 from public."App" as a
    where a.id = new.app_id
      and (a.owner_id = me or (a.visibility = 'public' and a.deployed_version_id is not null))
  ) then
    raise exception 'You can assign only your own apps or public ones.'
      using errcode = '42501', hint = 'Pick one of your apps, or a public app.';
  end if;
  if new.bundle_id is not null and not exists (
    select 1 from public."Bundle" as b
    where b.id = new.bundle_id and (b.owner_id = me or b.visibility = 'public')
  ) then
    raise exception 'You can assign only your own bundles or public ones.'
      using errcode = '42501', hint = 'Pick one of your bundles, or a public bundle.';
  end if;
  return new;
end
$$;
revoke execute on function public.assignment_check_item() from public, anon, authenticated;

create trigger "Assignment_check_item"
  before insert or update on public."Assignment"
  for each row execute function public.assignment_check_item();

alter table public."Assignment" enable row level security;
revoke all on table public."Assignment" from anon, authenticated;
grant select, delete on table public."Assignment" to authenticated;
grant insert (id, class_id, app_id, bundle_id, instructions, opens_at, due_at),
  update (app_id, bundle_id, instructions, opens_at, due_at)
  on table public."Assignment" to authenticated;
grant all on table public."Assignment" to service_role;

create policy "Assignment: the teacher reads the class's assignments"
  on public."Assignment" for select to authenticated
  using (public.teaches_class(class_id));

create policy "Assignment: a student reads their classes' assignments"
  on public."Assignment" for select to authenticated
  using (public.in_class(class_id));

create policy "Assignment: the teacher assigns"
  on public."Assignment" for insert to authenticated
  with check (public.teaches_class(class_id));

create policy "Assignment: the teacher edits assignments"
  on public."Assignment" for update to authenticated
  using (public.teaches_class(class_id))
  with check (public.teaches_class(class_id));

create policy "Assignment: the teacher deletes assignments"
  on public."Assignment" for delete to authenticated
  using (public.teaches_class(class_id));

-- Class runs -------------------------------------------------------------------------------------

alter table public."AppRun" add column class_id uuid references public."Class" (id) on delete cascade;
create index "AppRun_class_id_created_at_idx" on public."AppRun" (class_id, created_at desc) where class_id is not null;
grant select (class_id) on table public."AppRun" to authenticated;

-- The student (the runner) already reads their runs; the class's teacher reads the class's runs
-- (and, through the AppRunStep policy, their steps). Nobody else.
create policy "AppRun: the class's teacher reads the class's runs"
  on public."AppRun" for select to authenticated
  using (class_id is not null and public.teaches_class(class_id));

-- Safety alerts ----------------------------------------------------------------------------------

-- Written by the server (run-app, service role) when a content check flags a class exchange.
create table public."SafetyAlert" (
  id uuid primary key default gen_random_uuid(),
  class_id uuid not null references public."Class" (id) on delete cascade,
  run_id uuid not null references public."AppRun" (id) on delete cascade,
  student_id uuid not null references auth.users (id) on delete cascade,
  direction text not null check (direction in ('input', 'output')),
  categories text[] not null
    check (cardinality(categories) >= 1
      and categories <@ array['profanity', 'self_harm', 'violence', 'personal_data', 'moderation']::text[]),
  excerpt text not null check (char_length(excerpt) <= 500),
  source text not null check (source in ('local', 'moderation_api')),
  created_at timestamptz not null default now(),
  acknowledged_at timestamptz
);
create index "SafetyAlert_class_id_created_at_idx" on public."SafetyAlert" (class_id, created_at desc);
create index "SafetyAlert_run_id_idx" on public."SafetyAlert" (run_id);
create index "SafetyAlert_student_id_idx" on public."SafetyAlert" (student_id);

alter table public."SafetyAlert" enable row level security;
revoke all on table public."SafetyAlert" from anon, authenticated;
grant select on table public."SafetyAlert" to authenticated;
grant update (acknowledged_at) on table public."SafetyAlert" to authenticated;
grant all on table public."SafetyAlert" to service_role;

create policy "SafetyAlert: the class's teacher reads alerts"
  on public."SafetyAlert" for select to authenticated
  using (public.teaches_class(class_id));

create policy "SafetyAlert: the class's teacher acknowledges alerts"
  on public."SafetyAlert" for update to authenticated
  using (public.teaches_class(class_id))
  with check (public.teaches_class(class_id));

-- Leaving and deleting ---------------------------------------------------------------------------

-- When a membership row goes (the student leaves, or the teacher deletes it), the student's runs
-- of that class stop being class work: they stay the student's own runs (class_id cleared, the
-- teacher no longer sees them) and the alerts about them are deleted. Removing a student
-- (removed_at) keeps both for the teacher until the class or the membership is deleted.
create or replace function public.class_member_after_delete() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from public."SafetyAlert" as s where s.class_id = old.class_id and s.student_id = old.student_id;
  update public."AppRun" as r set class_id = null where r.class_id = old.class_id and r.runner_user_id = old.student_id;
  return old;
end
$$;
revoke execute on function public.class_member_after_delete() from public, anon, authenticated;

create trigger "ClassMember_after_delete"
  after delete on public."ClassMember"
  for each row execute function public.class_member_after_delete();

-- What a student sees of their classes ------------------------------------------------------------

-- The caller's current classes (not removed), newest first: name, subject, grade, archived flag,
-- their display name in it, and the assignments with the app's or bundle's name. Nothing about
-- other students, the join code stays the teacher's.
create or replace function public.my_classes()
  returns table (
    id uuid,
    name text,
    subject text,
    grade text,
    archived boolean,
    display_name text,
    joined_at timestamptz,
    assignments jsonb
  )
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select c.id, c.name, c.subject, c.grade, c.archived_at is not null, m.display_name, m.joined_at,
    coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', a.id,
          'app_id', a.app_id,
          'bundle_id', a.bundle_id,
          'item_name', coalesce(app.name, bundle.name),
          'instructions', a.instructions,
          'opens_at', a.opens_at,
          'due_at', a.due_at,
          'created_at', a.created_at
        ) order by a.due_at nulls last, a.created_at)
      from public."Assignment" as a
      left join public."App" as app on app.id = a.app_id
      left join public."Bundle" as bundle on bundle.id = a.bundle_id
      where a.class_id = c.id
    ), '[]'::jsonb)
  from public."ClassMember" as m
  join public."Class" as c on c.id = m.class_id
  where m.student_id = (select auth.uid()) and m.removed_at is null
  order by m.joined_at desc;
$$;
revoke execute on function public.my_classes() from public, anon;
grant execute on function public.my_classes() to authenticated, service_role;

-- Realtime ---------------------------------------------------------------------------------------

-- AppRun is in the publication already (20261125002000); RLS decides who hears what.
alter publication supabase_realtime add table public."AppRunStep", public."ClassMember", public."SafetyAlert";
