-- Databases part 6 (#14): sorted pages from a typed sort key instead of a sort of every row.
--   "DatabaseSortColumn"  the (table, column) pairs someone sorted by: built on first use by
--                         database_rows_page, dropped when the column is renamed, retyped or deleted
--   "DatabaseSortKey"     one row per (table, row, sorted column): the value the page sorts by,
--                         typed (num for number columns; txt for the others: date → its first 10
--                         characters, text/boolean/json/link → the text, first 400 characters), and
--                         the row's created_at, so one btree per direction serves
--                         (table_id, column, value, created_at, row_id) — the grid's exact order.
-- Why a side table: values live in "DatabaseRow".data (JSON) of one table shared by every tenant,
-- and per-(table, column) expression indexes on it would lock it and tax every tenant's inserts.
-- Here only tables someone sorted pay, once per sorted column, kept by statement-level triggers.
-- Row-level security is the barrier: both tables deny by default; an owner reads their own keys
-- (database_rows_page runs with the caller's rights and joins them); only the server's definer
-- functions and triggers write them.
-- Also: database_rows_page_scan, the previous implementation (a top-N sort of the matching rows),
-- kept as the fallback (read-only transactions, text values longer than 400 characters) and as
-- the reference the tests compare against. Applies unchanged to hosted Supabase, PGlite and PG 15.

create table public."DatabaseSortColumn" (
  table_id uuid not null references public."DatabaseTable" (id) on delete cascade,
  column_name text not null,
  column_type text not null,
  built_at timestamptz not null default now(),
  primary key (table_id, column_name)
);

create table public."DatabaseSortKey" (
  table_id uuid not null,
  row_id uuid not null,
  column_name text not null,
  created_at timestamptz not null,
  is_num boolean not null,
  num numeric,
  txt text,
  -- A text value longer than the 400 characters kept: pages sorted by this column use the scan.
  truncated boolean not null default false,
  primary key (table_id, row_id, column_name)
);
-- The grid's order: value (nulls last both ways), then oldest first, then id.
create index "DatabaseSortKey_num_asc_idx" on public."DatabaseSortKey" (table_id, column_name, num asc nulls last, created_at, row_id) where is_num;
create index "DatabaseSortKey_num_desc_idx" on public."DatabaseSortKey" (table_id, column_name, num desc nulls last, created_at, row_id) where is_num;
create index "DatabaseSortKey_txt_asc_idx" on public."DatabaseSortKey" (table_id, column_name, txt asc nulls last, created_at, row_id) where not is_num;
create index "DatabaseSortKey_txt_desc_idx" on public."DatabaseSortKey" (table_id, column_name, txt desc nulls last, created_at, row_id) where not is_num;
create index "DatabaseSortKey_truncated_idx" on public."DatabaseSortKey" (table_id, column_name) where truncated;

alter table public."DatabaseSortColumn" enable row level security;
alter table public."DatabaseSortKey" enable row level security;
revoke all on table public."DatabaseSortColumn" from anon, authenticated;
revoke all on table public."DatabaseSortKey" from anon, authenticated;
grant select on table public."DatabaseSortColumn", public."DatabaseSortKey" to authenticated, service_role;

create policy "DatabaseSortColumn: an owner reads their tables' sorted columns"
  on public."DatabaseSortColumn" for select to authenticated
  using (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

create policy "DatabaseSortKey: an owner reads their tables' sort keys"
  on public."DatabaseSortKey" for select to authenticated
  using (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

-- The sort key of a stored value, exactly the expressions database_rows_page_scan sorts by.
-- Plain SQL without a search_path setting so the planner inlines them (built-ins only).
create or replace function public.database_sort_num(data jsonb, column_name text) returns numeric
  language sql
  immutable
  parallel safe
as $$
  select case
    when jsonb_typeof(data -> column_name) = 'number' then (data -> column_name)::numeric
    when (data ->> column_name) ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' then (data ->> column_name)::numeric
  end
$$;

create or replace function public.database_sort_txt(data jsonb, column_name text, column_type text) returns text
  language sql
  immutable
  parallel safe
as $$
  select case column_type
    when 'number' then null
    when 'date' then left(data ->> column_name, 10)
    else left(data ->> column_name, 400)
  end
$$;

-- Writers of a table's rows hold this lock shared (statement triggers below); a build holds it
-- alone, so no row written while a build reads the table is left without its key.
create or replace function public.database_sort_lock_key(table_id uuid) returns bigint
  language sql
  immutable
as $$
  select hashtextextended(table_id::text, 15)
$$;

-- Builds the keys of one column the first time a page is sorted by it. The caller must own the
-- table (or be the service role). Answers whether the keys are there (false in a read-only
-- transaction, where nothing can be built: the caller falls back to the scan).
create or replace function public.database_sort_keys_build(table_id uuid, column_name text) returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  col_type text;
begin
  select c.value ->> 'type' into col_type
  from public."DatabaseTable" as t
  join public."Database" as d on d.id = t.database_id
  cross join lateral jsonb_array_elements(t.columns) as c
  where t.id = database_sort_keys_build.table_id
    and c.value ->> 'name' = database_sort_keys_build.column_name
    and (d.owner_id = (select auth.uid()) or (select auth.role()) = 'service_role')
  limit 1;
  if col_type is null then
    raise exception 'This table was not found.' using errcode = 'PT404', hint = 'It may have been deleted, or it is not yours.';
  end if;
  if exists (select 1 from public."DatabaseSortColumn" as s
             where s.table_id = database_sort_keys_build.table_id and s.column_name = database_sort_keys_build.column_name
               and s.column_type = col_type) then
    return true;
  end if;
  if current_setting('transaction_read_only') = 'on' then
    return false;
  end if;
  perform pg_advisory_xact_lock(public.database_sort_lock_key(database_sort_keys_build.table_id));
  -- Someone may have built it while this waited.
  if exists (select 1 from public."DatabaseSortColumn" as s
             where s.table_id = database_sort_keys_build.table_id and s.column_name = database_sort_keys_build.column_name
               and s.column_type = col_type) then
    return true;
  end if;
  delete from public."DatabaseSortKey" as k
  where k.table_id = database_sort_keys_build.table_id and k.column_name = database_sort_keys_build.column_name;
  insert into public."DatabaseSortColumn" (table_id, column_name, column_type)
  values (database_sort_keys_build.table_id, database_sort_keys_build.column_name, col_type)
  on conflict on constraint "DatabaseSortColumn_pkey" do update set column_type = excluded.column_type, built_at = now();
  insert into public."DatabaseSortKey" (table_id, row_id, column_name, created_at, is_num, num, txt, truncated)
  select r.table_id, r.id, database_sort_keys_build.column_name, r.created_at, col_type = 'number',
         case when col_type = 'number' then public.database_sort_num(r.data, database_sort_keys_build.column_name) end,
         public.database_sort_txt(r.data, database_sort_keys_build.column_name, col_type),
         coalesce(col_type not in ('number', 'date') and char_length(r.data ->> database_sort_keys_build.column_name) > 400, false)
  from public."DatabaseRow" as r
  where r.table_id = database_sort_keys_build.table_id;
  return true;
end
$$;
revoke execute on function public.database_sort_keys_build(uuid, text) from public, anon;
grant execute on function public.database_sort_keys_build(uuid, text) to authenticated, service_role;

-- Keeps the keys of sorted columns, once per statement that writes rows. Rows of tables nobody
-- sorted cost one lookup of the statement's tables.
create or replace function public.database_sort_keys_written() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  tables uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.table_id) into tables from new_rows as n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.table_id) into tables from old_rows as o;
  else
    select array_agg(distinct x.table_id) into tables
    from (select n.table_id from new_rows as n union select o.table_id from old_rows as o) as x;
  end if;
  perform pg_advisory_xact_lock_shared(public.database_sort_lock_key(x.id)) from unnest(tables) as x (id);
  -- Keys go with their rows whatever happened to the columns (a deleted table's cascade included).
  if tg_op <> 'INSERT' and exists (select 1 from public."DatabaseSortKey" as k where k.table_id = any (tables)) then
    delete from public."DatabaseSortKey" as k
    using old_rows as o
    where k.table_id = o.table_id and k.row_id = o.id;
  end if;
  if tg_op <> 'DELETE' and exists (select 1 from public."DatabaseSortColumn" as s where s.table_id = any (tables)) then
    insert into public."DatabaseSortKey" (table_id, row_id, column_name, created_at, is_num, num, txt, truncated)
    select n.table_id, n.id, s.column_name, n.created_at, s.column_type = 'number',
           case when s.column_type = 'number' then public.database_sort_num(n.data, s.column_name) end,
           public.database_sort_txt(n.data, s.column_name, s.column_type),
           coalesce(s.column_type not in ('number', 'date') and char_length(n.data ->> s.column_name) > 400, false)
    from new_rows as n
    join public."DatabaseSortColumn" as s on s.table_id = n.table_id;
  end if;
  return null;
end
$$;
revoke execute on function public.database_sort_keys_written() from public, anon, authenticated;
create trigger "DatabaseRow_sort_keys_insert"
  after insert on public."DatabaseRow"
  referencing new table as new_rows
  for each statement execute function public.database_sort_keys_written();
create trigger "DatabaseRow_sort_keys_update"
  after update on public."DatabaseRow"
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.database_sort_keys_written();
create trigger "DatabaseRow_sort_keys_delete"
  after delete on public."DatabaseRow"
  referencing old table as old_rows
  for each statement execute function public.database_sort_keys_written();

-- A column renamed, retyped or deleted loses its keys; the next sort by it builds them again.
create or replace function public.database_sort_keys_columns_changed() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  gone text[];
begin
  select array_agg(s.column_name) into gone
  from public."DatabaseSortColumn" as s
  where s.table_id = new.id
    and not exists (select 1 from jsonb_array_elements(new.columns) as c
                    where c.value ->> 'name' = s.column_name and c.value ->> 'type' = s.column_type);
  if gone is not null then
    delete from public."DatabaseSortColumn" as s where s.table_id = new.id and s.column_name = any (gone);
    delete from public."DatabaseSortKey" as k where k.table_id = new.id and k.column_name = any (gone);
  end if;
  return null;
end
$$;
revoke execute on function public.database_sort_keys_columns_changed() from public, anon, authenticated;
create trigger "DatabaseTable_sort_keys"
  after update of columns on public."DatabaseTable"
  for each row execute function public.database_sort_keys_columns_changed();

-- A page of rows ----------------------------------------------------------------------------------

-- The filters of database_rows_page as SQL conditions on "r" (the `database` step's typed
-- semantics; names and values as quoted literals), or PT400 for a missing column or unknown op.
create or replace function public.database_rows_conditions(cols jsonb, filters jsonb) returns text[]
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  numeric_re constant text := '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$';
  f jsonb;
  kind text;
  op text;
  val text;
  cell text;
  num_cell text;
  sql_op text;
  conds text[] := '{}';
begin
  if jsonb_typeof(filters) is distinct from 'array' then
    raise exception 'Filters must be a list.' using errcode = 'PT400';
  end if;
  if jsonb_array_length(filters) > 20 then
    raise exception 'Use at most 20 filters at once.' using errcode = 'PT400';
  end if;
  for f in select x.value from jsonb_array_elements(filters) as x loop
    select c.value ->> 'type' into kind from jsonb_array_elements(cols) as c where c.value ->> 'name' = f ->> 'column';
    if kind is null then
      raise exception 'There is no column "%" to filter by.', coalesce(f ->> 'column', '') using errcode = 'PT400';
    end if;
    op := coalesce(f ->> 'op', '');
    if op not in ('eq', 'neq', 'contains', 'gt', 'lt', 'gte', 'lte') then
      raise exception 'Unknown filter "%": use eq, neq, contains, gt, lt, gte or lte.', op using errcode = 'PT400';
    end if;
    val := coalesce(f ->> 'value', '');
    cell := format('(r.data ->> %L)', f ->> 'column');
    num_cell := format('public.database_sort_num(r.data, %L)', f ->> 'column');
    sql_op := case op when 'eq' then '=' when 'neq' then '<>' when 'gt' then '>' when 'lt' then '<' when 'gte' then '>=' else '<=' end;
    if op = 'contains' then
      conds := conds || format('strpos(lower(%s), lower(%L)) > 0', cell, val);
    elsif kind = 'number' then
      if val !~ numeric_re then
        conds := conds || (case when op = 'neq' then 'true' else 'false' end);
      elsif op = 'neq' then
        conds := conds || format('coalesce(%1$s <> %2$L::numeric, true)', num_cell, val);
      else
        conds := conds || format('%1$s %2$s %3$L::numeric', num_cell, sql_op, val);
      end if;
    elsif kind = 'date' then
      if val !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
        conds := conds || (case when op = 'neq' then 'true' else 'false' end);
      elsif op = 'neq' then
        conds := conds || format('not coalesce(%1$s ~ ''^[0-9]{4}-[0-9]{2}-[0-9]{2}'' and left(%1$s, 10) = %2$L, false)', cell, val);
      else
        conds := conds || format('(%1$s ~ ''^[0-9]{4}-[0-9]{2}-[0-9]{2}'' and left(%1$s, 10) %2$s %3$L)', cell, sql_op, val);
      end if;
    elsif op = 'neq' then
      conds := conds || format('%s is distinct from %L', cell, val);
    else
      conds := conds || format('%s %s %L', cell, sql_op, val);
    end if;
  end loop;
  return conds;
end
$$;
revoke execute on function public.database_rows_conditions(jsonb, jsonb) from public, anon;
grant execute on function public.database_rows_conditions(jsonb, jsonb) to authenticated, service_role;

-- Both implementations of a page: use_keys false is the previous one (a top-N sort of the
-- matching rows, 20261125103200), true reads the sort key's index in order and stops at the page.
-- Same arguments, same answer { total, capped, rows }, same errors.
create or replace function public.database_rows_page_read(
  table_id uuid,
  filters jsonb,
  sort_column text,
  sort_desc boolean,
  page_offset integer,
  page_size integer,
  use_keys boolean
) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  cols jsonb := public.database_visible_columns(database_rows_page_read.table_id);
  conds text[] := public.database_rows_conditions(cols, filters);
  where_sql text;
  sort_kind text;
  sort_expr text;
  dir text := case when sort_desc then 'desc' else 'asc' end;
  key_conds text[] := '{}';
  f jsonb;
  from_sql text := 'public."DatabaseRow" as r';
  order_by text := 'r.created_at, r.id';
  -- Set when every filter is a bound on the sorted number column: the keys alone answer.
  keys_sql text;
  total bigint;
  capped boolean := false;
  count_cap constant integer := 10000;
  page jsonb;
  lim integer := least(greatest(coalesce(page_size, 50), 1), 500);
  off integer := greatest(coalesce(page_offset, 0), 0);
begin
  where_sql := case when cardinality(conds) = 0 then 'true' else array_to_string(conds, ' and ') end;
  if sort_column is not null then
    select c.value ->> 'type' into sort_kind from jsonb_array_elements(cols) as c where c.value ->> 'name' = sort_column;
    if sort_kind is null then
      raise exception 'There is no column "%" to sort by.', sort_column using errcode = 'PT400';
    end if;
    -- Built in a statement of its own: the check below must see the keys it wrote.
    use_keys := use_keys and public.database_sort_keys_build(database_rows_page_read.table_id, sort_column);
    if use_keys
       and not exists (select 1 from public."DatabaseSortKey" as k
                       where k.table_id = database_rows_page_read.table_id and k.column_name = sort_column and k.truncated) then
      -- The key's index in order, joined to each row: stops once the page is full. A number
      -- filter on the sorted column also bounds the index range.
      if sort_kind = 'number' then
        for f in select x.value from jsonb_array_elements(filters) as x
                 where x.value ->> 'column' = sort_column and x.value ->> 'op' in ('eq', 'gt', 'lt', 'gte', 'lte')
                   and x.value ->> 'value' ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' loop
          key_conds := key_conds || format('k.num %s %L::numeric',
            case f ->> 'op' when 'eq' then '=' when 'gt' then '>' when 'lt' then '<' when 'gte' then '>=' else '<=' end, f ->> 'value');
        end loop;
      end if;
      from_sql := format(
        'public."DatabaseSortKey" as k join public."DatabaseRow" as r on r.id = k.row_id and r.table_id = k.table_id and k.table_id = $1 and k.column_name = %L and %s k.is_num%s',
        sort_column, case when sort_kind = 'number' then '' else 'not' end,
        case when cardinality(key_conds) = 0 then '' else ' and ' || array_to_string(key_conds, ' and ') end);
      order_by := format('k.%s %s nulls last, k.created_at, k.row_id', case when sort_kind = 'number' then 'num' else 'txt' end, dir);
      if cardinality(key_conds) = cardinality(conds) then
        keys_sql := format(
          'public."DatabaseSortKey" as k where k.table_id = $1 and k.column_name = %L and %s k.is_num and %s',
          sort_column, case when sort_kind = 'number' then '' else 'not' end,
          case when cardinality(key_conds) = 0 then 'true' else array_to_string(key_conds, ' and ') end);
      end if;
    else
      -- The scan sorts a text by its whole value, not the key's first 400 characters.
      sort_expr := case sort_kind
        when 'number' then format('public.database_sort_num(r.data, %L)', sort_column)
        when 'date' then format('public.database_sort_txt(r.data, %L, ''date'')', sort_column)
        else format('(r.data ->> %L)', sort_column)
      end;
      order_by := format('%s %s nulls last, r.created_at, r.id', sort_expr, dir);
    end if;
  end if;

  if keys_sql is not null then
    -- Offset and limit on the keys alone (an index-only walk); only the page's rows are read.
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_object(''id'', r.id, ''data'', r.data, ''created_at'', r.created_at, ''updated_at'', r.updated_at) order by %s), ''[]''::jsonb)
       from (select k.row_id, k.num, k.txt, k.created_at from %s order by %s limit $2 offset $3) as k
       join public."DatabaseRow" as r on r.id = k.row_id and r.table_id = $1',
      order_by, keys_sql, order_by)
      into page using database_rows_page_read.table_id, lim, off;
  else
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_object(''id'', p.id, ''data'', p.data, ''created_at'', p.created_at, ''updated_at'', p.updated_at)), ''[]''::jsonb)
       from (select r.id, r.data, r.created_at, r.updated_at from %s
             where r.table_id = $1 and %s order by %s limit $2 offset $3) as p',
      from_sql, where_sql, order_by)
      into page using database_rows_page_read.table_id, lim, off;
  end if;
  if cardinality(conds) = 0 then
    -- Unfiltered: the counter the row triggers keep (20261125103100), no count of rows.
    select s.row_count into total from public."DatabaseTableStats" as s where s.table_id = database_rows_page_read.table_id;
    if total is null then
      select count(*) into total from public."DatabaseRow" as r where r.table_id = database_rows_page_read.table_id;
    end if;
  else
    -- Filtered: counted up to count_cap + 1 matches; past that the answer says "more than".
    execute case when keys_sql is not null
                 then format('select count(*) from (select 1 from %s limit $2) as m', keys_sql)
                 else format('select count(*) from (select 1 from public."DatabaseRow" as r where r.table_id = $1 and %s limit $2) as m', where_sql) end
      into total using database_rows_page_read.table_id, count_cap + 1;
    if total > count_cap then
      total := count_cap;
      capped := true;
    end if;
  end if;
  return jsonb_build_object('total', total, 'capped', capped, 'rows', page);
end
$$;
revoke execute on function public.database_rows_page_read(uuid, jsonb, text, boolean, integer, integer, boolean) from public, anon;
grant execute on function public.database_rows_page_read(uuid, jsonb, text, boolean, integer, integer, boolean) to authenticated, service_role;

-- The grid's page (same arguments and answer as before), now by the sort key. Volatile: the
-- first sort by a column writes its keys.
drop function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer);
create function public.database_rows_page(
  table_id uuid,
  filters jsonb default '[]'::jsonb,
  sort_column text default null,
  sort_desc boolean default false,
  page_offset integer default 0,
  page_size integer default 50
) returns jsonb
  language sql
  volatile
  set search_path = ''
as $$
  select public.database_rows_page_read(table_id, filters, sort_column, sort_desc, page_offset, page_size, true)
$$;
revoke execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer) from public, anon;
grant execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer) to authenticated, service_role;

-- The previous page (top-N sort of the matching rows): the reference for tests and the bench.
create function public.database_rows_page_scan(
  table_id uuid,
  filters jsonb default '[]'::jsonb,
  sort_column text default null,
  sort_desc boolean default false,
  page_offset integer default 0,
  page_size integer default 50
) returns jsonb
  language sql
  volatile
  set search_path = ''
as $$
  select public.database_rows_page_read(table_id, filters, sort_column, sort_desc, page_offset, page_size, false)
$$;
revoke execute on function public.database_rows_page_scan(uuid, jsonb, text, boolean, integer, integer) from public, anon;
grant execute on function public.database_rows_page_scan(uuid, jsonb, text, boolean, integer, integer) to authenticated, service_role;
