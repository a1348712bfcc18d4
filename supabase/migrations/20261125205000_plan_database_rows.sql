-- Plans (#17), third round: the plan's database-row limit, enforced for every writer.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
--
-- The numbers. One database holds at most 200,000 rows ("DatabaseLimit".max_rows, #14), an import
-- sends up to 10,000 rows per call, and #14's own tests import 5,000 rows and benchmark 100,000
-- into one table. Free therefore allows 100,000 rows in all of a person's databases (the whole
-- benchmark table fits, half of one full database), Pro 2,000,000 (ten full databases). They live
-- in "Plan".limits like every other plan limit, so the service role can change them.
--
-- Where it is enforced. Every writer — the grid and REST inserts, the import RPC
-- (database_rows_insert), run-app's `database` step — inserts into "DatabaseRow", whose
-- statement-level triggers already keep "DatabaseTableStats" (rows per table). The row-limit
-- trigger ("DatabaseRow_limit_rows", once per statement, after the counters) now takes the owner's
-- lock and checks both limits through public.database_rows_check, the one check: the per-database
-- limit as before, and the owner's plan limit summed from the counters (no row is counted).
--
-- Race-safe: the lock (a transaction-level advisory lock per owner) makes two writers of one owner
-- check one after the other, and the second one's check reads the first one's committed counters.
-- Updates never add rows and are not checked; deletes always pass. A person over the limit after a
-- downgrade keeps their rows and can delete or edit them, but adds none.
--
-- The error: SQLSTATE 23514 (as every row limit; run-app's `database` step shows it as "Nothing was
-- saved: …"), details 'plan_limit_reached:database_rows', and a message naming the plan and its
-- limit, e.g. 'Your Free plan holds at most 100,000 database rows in all; this would make
-- 100,004. Delete rows, or upgrade to Pro on the Plan page.'

update public."Plan" set limits = jsonb_set(limits, '{database_rows}', '100000') where id = 'free';
update public."Plan" set limits = jsonb_set(limits, '{database_rows}', '2000000') where id = 'pro';

/*
  The one row-limit check: would `adding` more rows in table `table_id` than its counters show now
  exceed the per-database limit or its owner's plan limit? Raises 23514 when they would; otherwise
  answers { plan, plan_name, plan_limit, owner_rows, database_rows, database_limit, room } (room:
  how many more rows fit, the smaller of the two). Set-based: a bulk path calls it once per batch
  with the batch's size. The insert trigger calls it with 0 after the statement's rows are counted.
  Security invoker: a signed-in caller sees only their own tables and counters (someone else's
  table is PT404); the trigger calls it as the definer.
*/
create or replace function public.database_rows_check(table_id uuid, adding bigint default 0) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  target record;
  plan_id text;
  plan_name text;
  plan_limit bigint;
  database_limit bigint := (select l.max_rows from public."DatabaseLimit" as l where l.id);
  database_rows bigint;
  owner_rows bigint;
  upgrade text;
begin
  if adding is null or adding < 0 then
    raise exception 'Say how many rows you are adding (0 or more).' using errcode = 'PT400';
  end if;
  select d.id, d.name, d.owner_id into target
  from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
  where t.id = database_rows_check.table_id;
  if not found then
    raise exception 'This table was not found.' using errcode = 'PT404', hint = 'It may have been deleted, or it is not yours.';
  end if;

  select coalesce(sum(s.row_count) filter (where t.database_id = target.id), 0), coalesce(sum(s.row_count), 0)
    into database_rows, owner_rows
  from public."Database" as d
  join public."DatabaseTable" as t on t.database_id = d.id
  join public."DatabaseTableStats" as s on s.table_id = t.id
  where d.owner_id = target.owner_id;

  if database_rows + adding > database_limit then
    raise exception 'The database "%" would have more than % rows: delete some rows first.', target.name, database_limit
      using errcode = '23514', detail = 'database_limit_reached:max_rows';
  end if;

  select p.id, p.name, (p.limits ->> 'database_rows')::bigint into plan_id, plan_name, plan_limit
  from public."Plan" as p
  where p.id = coalesce((select u.plan from public."User" as u where u.id = target.owner_id), 'free');
  if plan_limit is not null and owner_rows + adding > plan_limit then
    select ', or upgrade to ' || p.name || ' on the Plan page' into upgrade
    from public."Plan" as p
    where p.position > (select q.position from public."Plan" as q where q.id = plan_id)
    order by p.position limit 1;
    raise exception 'Your % plan holds at most % database rows in all; this would make %. Delete rows%.',
      plan_name, to_char(plan_limit, 'FM999,999,999,990'), to_char(owner_rows + adding, 'FM999,999,999,990'), coalesce(upgrade, '')
      using errcode = '23514', detail = 'plan_limit_reached:database_rows',
            hint = 'The limit counts the rows of every table in all of your databases.';
  end if;

  return jsonb_build_object(
    'plan', plan_id, 'plan_name', plan_name, 'plan_limit', plan_limit, 'owner_rows', owner_rows,
    'database_rows', database_rows, 'database_limit', database_limit,
    'room', greatest(0, least(database_limit - database_rows, coalesce(plan_limit - owner_rows, database_limit - database_rows))));
end
$$;
revoke execute on function public.database_rows_check(uuid, bigint) from public, anon;
grant execute on function public.database_rows_check(uuid, bigint) to authenticated, service_role;

-- The insert trigger (once per statement, after "DatabaseRow_count_insert" has counted the rows):
-- per owner the statement wrote to, in a fixed order, the owner's lock, then the check per database.
create or replace function public.database_limit_rows() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  written record;
begin
  for written in
    select distinct on (d.owner_id, d.id) d.owner_id, t.id as table_id
    from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id in (select distinct n.table_id from new_rows as n)
    order by d.owner_id, d.id, t.id
  loop
    -- Held to the end of the transaction; taking it again for the same owner is free.
    perform pg_advisory_xact_lock(hashtextextended(written.owner_id::text, 205));
    perform public.database_rows_check(written.table_id, 0);
  end loop;
  return null;
end
$$;

-- /user-plan's "Database rows": the same sum the limit checks, from the counters.
create or replace function public.my_database_rows() returns bigint
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(sum(s.row_count), 0)::bigint
  from public."Database" as d
  join public."DatabaseTable" as t on t.database_id = d.id
  join public."DatabaseTableStats" as s on s.table_id = t.id
  where d.owner_id = (select auth.uid());
$$;
