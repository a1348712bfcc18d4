-- Issue 26, items 2 and 3: a class never unlocks what its teacher has no right to give, and class
-- runs are private to the student and the class's teacher. Applied unchanged to hosted Supabase,
-- the embedded backend on PGlite and PostgreSQL 15.
--
-- 1. Assigning another creator's paid app (its own price, or a paid bundle holding it), a paid
--    bundle, or a bundle holding such an app is refused with SQLSTATE PT402 (HTTP 402, the SDK's
--    `payment_required`) unless the teacher owns it or bought it. Class runs are admitted by
--    public.admit_run like any other run (paid check, the owner's plan, caps): the student's own
--    right, or the class teacher's (owner or buyer), so an assignment made before this rule stops
--    working too.
-- 2. "AppRun".class_work marks a run made for a class, for good (leaving the class clears class_id
--    but not the mark). The app's owner reads only runs that are not class work; the runner and
--    the class's teacher read class runs. Steps and API calls follow their run's visibility;
--    realtime applies the same policies. The owner sees class usage only as counts
--    (public.app_class_run_count, and the 7-day run count).

-- What a teacher may give a class -----------------------------------------------------------------

-- Whether the caller (a teacher) may give this app or bundle to a class as far as payment goes:
-- free items, and paid ones they own or bought (an active purchase of the app, or of a bundle
-- holding it). Being on an item's allowed list is a personal pass, not a licence for a class.
-- Answers only about the caller, so nobody learns what someone else bought.
create or replace function public.may_give_to_class(p_app_id uuid, p_bundle_id uuid) returns boolean
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  my_email text;
begin
  if me is null then
    return false;
  end if;
  select u.email into my_email from auth.users as u where u.id = me;
  if p_app_id is not null and public.app_is_paid(p_app_id)
     and coalesce(public.app_entitlement(p_app_id, me, null), 'none') not in ('owner', 'purchase') then
    return false;
  end if;
  if p_bundle_id is not null then
    if exists (select 1 from public."Bundle" as b where b.id = p_bundle_id and coalesce(b.price ->> 'kind', 'free') <> 'free')
       and coalesce(public.bundle_entitlement(p_bundle_id, me, null), 'none') not in ('owner', 'purchase') then
      return false;
    end if;
    -- A bundle gives its apps: each paid one must be the teacher's to give too.
    if exists (
      select 1 from public."BundleApp" as ba
      where ba.bundle_id = p_bundle_id
        and public.app_is_paid(ba.app_id)
        and coalesce(public.app_entitlement(ba.app_id, me, null), 'none') not in ('owner', 'purchase')
        and coalesce(public.bundle_entitlement(p_bundle_id, me, null), 'none') not in ('owner', 'purchase')
    ) then
      return false;
    end if;
  end if;
  return true;
end
$$;
revoke execute on function public.may_give_to_class(uuid, uuid) from public, anon;
grant execute on function public.may_give_to_class(uuid, uuid) to authenticated, service_role;

-- The assignment check of 20261125101000, plus payment: a teacher assigns their own apps and
-- bundles, or public ones; a paid one only when it is theirs or they bought it.
create or replace function public.assignment_check_item() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  item_name text;
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
  if (tg_op = 'INSERT' or new.app_id is distinct from old.app_id or new.bundle_id is distinct from old.bundle_id)
     and not public.may_give_to_class(new.app_id, new.bundle_id) then
    select coalesce(
      (select a.name from public."App" as a where a.id = new.app_id),
      (select b.name from public."Bundle" as b where b.id = new.bundle_id),
      'This item'
    ) into item_name;
    raise exception '% is paid and not yours: buy it first to give it to your class, or pick a free app.', item_name
      using errcode = 'PT402',
            hint = 'Students run what you assign at no cost to them, so only free items, your own and ones you bought can be assigned.';
  end if;
  return new;
end
$$;
revoke execute on function public.assignment_check_item() from public, anon, authenticated;

-- Class runs are admitted like any other run ------------------------------------------------------

-- admit_run gains the class: a student without a right of their own may run a paid app when the
-- class's teacher owns it or bought it (entitlement 'class'); everything else (the owner's plan,
-- caps, the refusal of another creator's paid app) applies as to any run.
--
-- Item 4 (anonymous runs) rides on the same function: "App".anonymous_runs_per_day is the owner's
-- budget of runs without sign-in per app and UTC day (default 50; 0 = sign-in needed), and one
-- address (run-app's runner `ip:<address>`, resolved from trusted proxies only) may use at most a
-- fifth of it; past either, `sign_in_required` (401) and the owner is told once a day.
alter table public."App" add column anonymous_runs_per_day integer not null default 50
  constraint "App_anonymous_runs_per_day_range" check (anonymous_runs_per_day between 0 and 100000);

drop function if exists public.admit_run(uuid, uuid, text, text);
create or replace function public.admit_run(
  app_id uuid, user_id uuid, runner text, channel text default 'run', class_id uuid default null
) returns jsonb
  language plpgsql
  volatile
  -- Reads the runner's e-mail from auth.users, which the service role cannot read on its own.
  security definer
  set search_path = ''
as $$
declare
  app record;
  user_email text;
  reason text;
  class_teacher uuid;
  plan_limits jsonb;
  cap record;
  refused text := null;
  refused_key text;
  refused_period text := 'month';
  refused_message text;
  inserted_notice uuid;
begin
  perform set_config('synchronous_commit', 'off', true);
  if runner is null or char_length(runner) > 250 then
    return jsonb_build_object('ok', false, 'code', 'invalid_runner', 'message', 'The runner is missing');
  end if;
  select a.id, a.owner_id, a.name, a.price, a.visibility, a.anonymous_runs_per_day into app
    from public."App" as a where a.id = admit_run.app_id;
  if not found then
    return jsonb_build_object('ok', false, 'code', 'app_not_found', 'message', 'There is no such app');
  end if;
  if user_id is not null then
    select u.email into user_email from auth.users as u where u.id = admit_run.user_id;
  end if;
  reason := public.app_entitlement(admit_run.app_id, admit_run.user_id, user_email);
  if reason is null and admit_run.class_id is not null then
    select c.teacher_id into class_teacher from public."Class" as c where c.id = admit_run.class_id;
    if class_teacher is not null
       and public.app_entitlement(admit_run.app_id, class_teacher, null) in ('owner', 'purchase') then
      reason := 'class';
    end if;
  end if;
  if reason is null then
    if coalesce(app.price ->> 'kind', 'free') <> 'free' then
      return jsonb_build_object('ok', false, 'code', 'payment_required',
        'message', case when admit_run.class_id is not null
          then app.name || ' is paid and your teacher has not bought it for the class: ask your teacher'
          else app.name || ' is paid: get access on its page to run it' end,
        'price', app.price);
    end if;
    if public.app_is_paid(app.id) then
      return jsonb_build_object('ok', false, 'code', 'payment_required',
        'message', case when admit_run.class_id is not null
          then app.name || ' is part of a paid bundle your teacher has not bought for the class: ask your teacher'
          else app.name || ' is part of a paid bundle: get access on the bundle''s page to run it' end);
    end if;
    if app.visibility = 'allowed_users' then
      return jsonb_build_object('ok', false, 'code', 'not_allowed',
        'message', app.name || ' is open only to the people its owner chose');
    end if;
    reason := 'free';
  end if;

  select p.limits into plan_limits from public."Plan" as p
    where p.id = coalesce((select u.plan from public."User" as u where u.id = app.owner_id), 'free');

  begin
    if public.meter_take(app.owner_id, 'owner', 'runs', 'month', 1, (plan_limits ->> 'runs')::bigint) is null then
      refused := 'plan';
      refused_key := 'plan:runs';
      refused_message := app.name || ' has reached its owner''s monthly run limit; try again next month';
      raise exception using errcode = 'P0001', message = 'cap';
    end if;
    if channel = 'api'
       and public.meter_take(app.owner_id, 'owner', 'api_calls', 'month', 1, (plan_limits ->> 'api_calls')::bigint) is null then
      refused := 'plan';
      refused_key := 'plan:api_calls';
      refused_message := app.name || ' has reached its owner''s monthly API call limit; try again next month';
      raise exception using errcode = 'P0001', message = 'cap';
    end if;
    -- Runs without sign-in: the app's daily budget, and a fifth of it per address.
    if admit_run.user_id is null and reason <> 'owner' then
      if app.anonymous_runs_per_day = 0
         or public.meter_take(app.owner_id, 'app:' || app.id || '|anonymous', 'runs', 'day', 1, app.anonymous_runs_per_day) is null then
        refused := 'anonymous';
        refused_key := 'anonymous:' || app.id;
        refused_period := 'day';
        refused_message := case when app.anonymous_runs_per_day = 0
          then 'Sign in to run ' || app.name
          else app.name || ' has had its ' || app.anonymous_runs_per_day || ' runs without sign-in today: sign in to run it' end;
        raise exception using errcode = 'P0001', message = 'cap';
      end if;
      if public.meter_take(app.owner_id, 'app:' || app.id || '|anonymous|' || runner, 'runs', 'day', 1,
                           ceil(app.anonymous_runs_per_day / 5.0)::bigint) is null then
        -- Only this address is refused: nobody is told (one visitor's habit is not the owner's news).
        refused := 'anonymous_address';
        refused_message := 'You have run ' || app.name || ' often today without signing in: sign in to go on';
        raise exception using errcode = 'P0001', message = 'cap';
      end if;
    end if;
    perform public.meter_take(app.owner_id, 'app:' || app.id, 'runs', 'month', 1, null);
    perform public.meter_take(app.owner_id, 'app:' || app.id || '|' || runner, 'runs', 'month', 1, null);
    if reason <> 'owner' then
      for cap in
        select c.id, c.scope, c.period, c.max_runs, c.app_id, c.bundle_id
        from public."UsageCap" as c
        where c.app_id = admit_run.app_id
           or c.bundle_id in (select ba.bundle_id from public."BundleApp" as ba where ba.app_id = admit_run.app_id)
        order by c.id
      loop
        if public.meter_take(
             app.owner_id,
             case when cap.app_id is not null then 'app:' || cap.app_id else 'bundle:' || cap.bundle_id end
               || case when cap.scope = 'each_person' then '|' || runner else '|*' end,
             'runs', cap.period, 1, cap.max_runs) is null then
          refused := 'cap';
          refused_key := 'cap:' || cap.id;
          refused_period := cap.period;
          refused_message := case when cap.scope = 'each_person'
            then 'You have used ' || app.name || ' ' || cap.max_runs || ' times this ' || cap.period || ', the most its owner allows; try again next ' || cap.period
            else app.name || ' has been run ' || cap.max_runs || ' times this ' || cap.period || ', the most its owner allows; try again next ' || cap.period end;
          raise exception using errcode = 'P0001', message = 'cap';
        end if;
      end loop;
    end if;
  exception when sqlstate 'P0001' then
    null;
  end;

  if refused = 'anonymous_address' then
    return jsonb_build_object('ok', false, 'code', 'sign_in_required', 'message', refused_message,
      'notify_owner', false, 'owner_id', app.owner_id);
  end if;
  if refused is not null then
    insert into public."CapNotice" (owner_id, cap_key, period_start, message)
      values (app.owner_id, refused_key, public.period_start(refused_period, now()),
              case when refused = 'plan' then refused_message
                   when refused = 'anonymous' then app.name || ': today''s ' || app.anonymous_runs_per_day
                     || ' runs without sign-in were used; visitors were asked to sign in (change it in the app''s settings)'
                   else app.name || ': a run limit you set was reached (' || refused_key || ')' end)
      on conflict on constraint "CapNotice_once" do nothing
      returning id into inserted_notice;
    return jsonb_build_object('ok', false,
      'code', case when refused = 'plan' then 'plan_limit_reached' when refused = 'anonymous' then 'sign_in_required' else 'cap_reached' end,
      'message', refused_message, 'notify_owner', inserted_notice is not null, 'owner_id', app.owner_id);
  end if;
  return jsonb_build_object('ok', true, 'entitlement', reason, 'owner_id', app.owner_id);
end
$$;
revoke execute on function public.admit_run(uuid, uuid, text, text, uuid) from public, anon, authenticated;
grant execute on function public.admit_run(uuid, uuid, text, text, uuid) to service_role;

-- Class runs stay private -------------------------------------------------------------------------

alter table public."AppRun" add column class_work boolean not null default false;
-- Runs already made for a class (those whose student left before now cannot be told apart).
update public."AppRun" set class_work = true where class_id is not null;

-- Once class work, always class work: whoever writes the row (the service role included).
create or replace function public.app_run_class_work() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.class_work := new.class_id is not null
    or (tg_op = 'UPDATE' and old.class_work)
    or (tg_op = 'INSERT' and new.class_work);
  return new;
end
$$;
revoke execute on function public.app_run_class_work() from public, anon, authenticated;

create trigger "AppRun_class_work"
  before insert or update on public."AppRun"
  for each row execute function public.app_run_class_work();

drop policy "AppRun: the app's owner and the runner read a run" on public."AppRun";

create policy "AppRun: the runner reads their runs"
  on public."AppRun" for select to authenticated
  using (runner_user_id = (select auth.uid()));

-- Not class work: a student's class runs (inputs, name, steps) are not the app owner's to read.
create policy "AppRun: the app's owner reads runs that are not class work"
  on public."AppRun" for select to authenticated
  using (
    not class_work
    and exists (select 1 from public."App" as a where a.id = app_id and a.owner_id = (select auth.uid()))
  );

-- How many class runs the caller's app has had (all kept runs): the only thing its owner learns
-- about class work. 0 for an app that is not the caller's.
create or replace function public.app_class_run_count(p_app_id uuid) returns integer
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select count(*)::integer
  from public."AppRun" as r
  where r.app_id = p_app_id
    and r.class_work
    and exists (select 1 from public."App" as a where a.id = p_app_id and a.owner_id = (select auth.uid()));
$$;
revoke all on function public.app_class_run_count(uuid) from public, anon, authenticated, service_role;
grant execute on function public.app_class_run_count(uuid) to authenticated;

-- The Home cards' 7-day count keeps counting class runs (as a number) now that the owner no longer
-- reads them: the definer counts, the explicit owner filter keeps it to the caller's apps.
create or replace function public.app_runs_last_7_days(p_app_ids uuid[])
  returns table (app_id uuid, runs integer)
  language plpgsql
  stable
  security definer
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
revoke all on function public.app_runs_last_7_days(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.app_runs_last_7_days(uuid[]) to authenticated;
