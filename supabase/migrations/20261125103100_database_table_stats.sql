-- Databases part 4: a row counter per table, and the live grid.
--   "DatabaseTableStats"  one row per table: how many rows it has and a version bumped by every
--                         statement that writes its rows. Kept by statement triggers on
--                         "DatabaseRow" (a 10,000-row import is one update of one row), so totals,
--                         the list's counts and the row limit no longer count rows.
-- The grid listens to it through Supabase Realtime (supabase_realtime publication): one change per
-- writing statement rather than one per row, so an import does not flood the owner's socket nor
-- the server's per-change row-level security check; the grid then reads its page again. Realtime
-- delivers a change only to subscribers whose policies let them select the row: the owner of the
-- table's database.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.

create table public."DatabaseTableStats" (
  table_id uuid primary key references public."DatabaseTable" (id) on delete cascade,
  row_count bigint not null default 0,
  version bigint not null default 0,
  changed_at timestamptz not null default now()
);

alter table public."DatabaseTableStats" enable row level security;
revoke all on table public."DatabaseTableStats" from anon, authenticated;
grant select on table public."DatabaseTableStats" to authenticated;
grant all on table public."DatabaseTableStats" to service_role;

create policy "DatabaseTableStats: an owner reads their tables' counts"
  on public."DatabaseTableStats" for select to authenticated
  using (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

insert into public."DatabaseTableStats" (table_id, row_count)
select t.id, (select count(*) from public."DatabaseRow" as r where r.table_id = t.id)
from public."DatabaseTable" as t;

-- A new table starts at zero (so the row triggers only ever update).
create or replace function public.database_stats_new_table() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public."DatabaseTableStats" (table_id) values (new.id) on conflict (table_id) do nothing;
  return null;
end
$$;
revoke execute on function public.database_stats_new_table() from public, anon, authenticated;
create trigger "DatabaseTable_stats"
  after insert on public."DatabaseTable"
  for each row execute function public.database_stats_new_table();

-- Once per statement, one function for the three events (each trigger names its transition
-- table; only the branch of the firing event reads it). Named "DatabaseRow_count_…" so the insert
-- trigger runs before "DatabaseRow_limit_rows" (after-triggers of one event run in name order),
-- which reads the counts. When a table itself is deleted, its counter row goes with it and the
-- delete branch updates nothing.
create or replace function public.database_stats_rows_written() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public."DatabaseTableStats" as s
    set row_count = s.row_count + n.added, version = s.version + 1, changed_at = now()
    from (select x.table_id, count(*) as added from new_rows as x group by x.table_id) as n
    where s.table_id = n.table_id;
  elsif tg_op = 'DELETE' then
    update public."DatabaseTableStats" as s
    set row_count = greatest(s.row_count - o.removed, 0), version = s.version + 1, changed_at = now()
    from (select x.table_id, count(*) as removed from old_rows as x group by x.table_id) as o
    where s.table_id = o.table_id;
  else
    update public."DatabaseTableStats" as s
    set version = s.version + 1, changed_at = now()
    where s.table_id in (select distinct x.table_id from new_rows as x);
  end if;
  return null;
end
$$;
revoke execute on function public.database_stats_rows_written() from public, anon, authenticated;
create trigger "DatabaseRow_count_insert"
  after insert on public."DatabaseRow"
  referencing new table as new_rows
  for each statement execute function public.database_stats_rows_written();
create trigger "DatabaseRow_count_delete"
  after delete on public."DatabaseRow"
  referencing old table as old_rows
  for each statement execute function public.database_stats_rows_written();
create trigger "DatabaseRow_count_update"
  after update on public."DatabaseRow"
  referencing new table as new_rows
  for each statement execute function public.database_stats_rows_written();

-- The row limit on the counters instead of counting every row of the database per statement.
create or replace function public.database_limit_rows() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  most integer := (select l.max_rows from public."DatabaseLimit" as l where l.id);
  over_name text;
begin
  select d.name into over_name
  from public."Database" as d
  where d.id in (select t.database_id from public."DatabaseTable" as t where t.id in (select distinct n.table_id from new_rows as n))
    and (select coalesce(sum(s.row_count), 0) from public."DatabaseTableStats" as s
         join public."DatabaseTable" as t on t.id = s.table_id where t.database_id = d.id) > most
  limit 1;
  if over_name is not null then
    raise exception 'The database "%" would have more than % rows: delete some rows first.', over_name, most
      using errcode = '23514';
  end if;
  return null;
end
$$;

-- Rows per table from the counters (row-level security on the counters: only the owner's).
create or replace function public.database_table_counts(database_ids uuid[])
  returns table (table_id uuid, database_id uuid, row_count bigint)
  language sql
  stable
  set search_path = ''
as $$
  select t.id, t.database_id, coalesce(s.row_count, 0)
  from public."DatabaseTable" as t
  left join public."DatabaseTableStats" as s on s.table_id = t.id
  where t.database_id = any (database_table_counts.database_ids)
  order by t.database_id, t.position, t.created_at
$$;

alter publication supabase_realtime add table public."DatabaseTableStats";
