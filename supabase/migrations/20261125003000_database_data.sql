-- Databases part 2: what the /database screens need that plain REST on "DatabaseRow" cannot do
-- well. Every function here runs with the CALLER's rights (security invoker): row-level security
-- on "Database", "DatabaseTable" and "DatabaseRow" stays the barrier, so someone else's table is
-- simply not found (PT404). Only the limit triggers run as definer, to count every row.
--   database_rows_page      a page of rows, typed filters and sort inside the JSON, and the count
--   database_rows_insert    up to 10,000 rows per call, converted by column type, per-row errors
--   database_row_update     one row's values, refused (PT409) when it changed since it was read
--   database_table_change   a table's new column list (renames, type changes, deletes, order) as
--                           a preview or applied in one transaction; never loses a value silently
--   database_table_counts   rows per table of some databases
-- Limits per database live in "DatabaseLimit" (one row; the service role changes it; see
-- packages/features/databases/README.md). Errors: PT400 bad request, PT404 not found, PT409
-- conflict, 23514 over a limit — each with a sentence for people.

-- Limits ----------------------------------------------------------------------------------------

create table public."DatabaseLimit" (
  id boolean primary key default true constraint "DatabaseLimit_one_row" check (id),
  max_tables integer not null default 50 check (max_tables between 1 and 1000),
  max_columns integer not null default 100 check (max_columns between 1 and 100),
  max_rows integer not null default 200000 check (max_rows between 1 and 100000000),
  max_cell_chars integer not null default 65536 check (max_cell_chars between 1 and 65536),
  max_import_bytes bigint not null default 52428800 check (max_import_bytes between 1 and 1073741824),
  max_rows_per_call integer not null default 10000 check (max_rows_per_call between 1 and 100000)
);
insert into public."DatabaseLimit" (id) values (true);

alter table public."DatabaseLimit" enable row level security;
revoke all on table public."DatabaseLimit" from anon, authenticated;
grant select on table public."DatabaseLimit" to authenticated;
grant all on table public."DatabaseLimit" to service_role;
create policy "DatabaseLimit: signed-in users read the limits"
  on public."DatabaseLimit" for select to authenticated using (true);

create or replace function public.database_limit_tables() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  most integer := (select l.max_tables from public."DatabaseLimit" as l where l.id);
  most_cols integer := (select l.max_columns from public."DatabaseLimit" as l where l.id);
begin
  if tg_op = 'INSERT' and (select count(*) from public."DatabaseTable" as t where t.database_id = new.database_id) >= most then
    raise exception 'A database has at most % tables.', most using errcode = '23514';
  end if;
  if jsonb_typeof(new.columns) = 'array' and jsonb_array_length(new.columns) > most_cols then
    raise exception 'A table has at most % columns.', most_cols using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.database_limit_tables() from public, anon, authenticated;
create trigger "DatabaseTable_limits"
  before insert or update of columns on public."DatabaseTable"
  for each row execute function public.database_limit_tables();

-- Once per statement (a 10,000-row insert counts once), over every database the statement wrote to.
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
  where d.id in (select t.database_id from public."DatabaseTable" as t where t.id in (select n.table_id from new_rows as n))
    and (select count(*) from public."DatabaseRow" as r join public."DatabaseTable" as t on t.id = r.table_id where t.database_id = d.id) > most
  limit 1;
  if over_name is not null then
    raise exception 'The database "%" would have more than % rows: delete some rows first.', over_name, most
      using errcode = '23514';
  end if;
  return null;
end
$$;
revoke execute on function public.database_limit_rows() from public, anon, authenticated;
create trigger "DatabaseRow_limit_rows"
  after insert on public."DatabaseRow"
  referencing new table as new_rows
  for each statement execute function public.database_limit_rows();

-- The cell size limit for every writer (the SDK, imports, run-app).
create or replace function public.database_limit_cells() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  most integer := (select l.max_cell_chars from public."DatabaseLimit" as l where l.id);
  big text;
begin
  -- No cell can be longer than the whole row: most rows stop here without looking at each cell.
  if char_length(new.data::text) <= most then
    return new;
  end if;
  select e.key into big from jsonb_each(new.data) as e
  where char_length(case when jsonb_typeof(e.value) = 'string' then e.value #>> '{}' else e.value::text end) > most
  limit 1;
  if big is not null then
    raise exception 'A cell holds at most % characters ("%" is longer).', most, big using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.database_limit_cells() from public, anon, authenticated;
create trigger "DatabaseRow_limit_cells"
  before insert or update of data on public."DatabaseRow"
  for each row execute function public.database_limit_cells();

-- Values by type ----------------------------------------------------------------------------------

-- A value as the column type wants it, or null when it cannot be converted (null/absent stays null).
-- text ← anything (JSON as its text); number ← numbers and numeric text; boolean ← true/false,
-- yes/no, 1/0; date ← yyyy-mm-dd (a valid day); json ← anything; link ← a row id.
create or replace function public.database_convert_value(value jsonb, to_type text) returns jsonb
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  kind text := jsonb_typeof(value);
  txt text;
begin
  if value is null or kind = 'null' then
    return null;
  end if;
  txt := case when kind = 'string' then value #>> '{}' else value::text end;
  case to_type
    when 'text' then
      return to_jsonb(txt);
    when 'json' then
      return value;
    when 'number' then
      if kind = 'number' then return value; end if;
      if kind = 'string' and btrim(txt) ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' then
        return to_jsonb(btrim(txt)::numeric);
      end if;
      return null;
    when 'boolean' then
      if kind = 'boolean' then return value; end if;
      if lower(btrim(txt)) in ('true', 'yes', '1') then return 'true'::jsonb; end if;
      if lower(btrim(txt)) in ('false', 'no', '0') then return 'false'::jsonb; end if;
      return null;
    when 'date' then
      if kind = 'string' and btrim(txt) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then
        begin
          return to_jsonb(to_char(left(btrim(txt), 10)::date, 'YYYY-MM-DD'));
        exception when others then
          return null;
        end;
      end if;
      return null;
    when 'link' then
      if kind = 'string' and btrim(txt) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        return to_jsonb(lower(btrim(txt)));
      end if;
      return null;
    else
      return null;
  end case;
end
$$;
revoke execute on function public.database_convert_value(jsonb, text) from public, anon;
grant execute on function public.database_convert_value(jsonb, text) to authenticated, service_role;

-- The columns of a table the caller can see, or PT404.
create or replace function public.database_visible_columns(table_id uuid) returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  cols jsonb;
begin
  select t.columns into cols from public."DatabaseTable" as t where t.id = database_visible_columns.table_id;
  if cols is null then
    raise exception 'This table was not found.' using errcode = 'PT404', hint = 'It may have been deleted, or it is not yours.';
  end if;
  return cols;
end
$$;
revoke execute on function public.database_visible_columns(uuid) from public, anon;
grant execute on function public.database_visible_columns(uuid) to authenticated, service_role;

-- A page of rows ----------------------------------------------------------------------------------

-- filters: [{ "column", "op": eq|neq|contains|gt|lt|gte|lte, "value": text }] compared by the
-- column's type exactly as the `database` step compares (see database_table_rows); a filter or
-- sort on a column the table does not have is refused (PT400). sort_column null: oldest first.
-- Answers { "total": matching rows, "rows": [{ id, data, created_at, updated_at }] }.
create or replace function public.database_rows_page(
  table_id uuid,
  filters jsonb default '[]'::jsonb,
  sort_column text default null,
  sort_desc boolean default false,
  page_offset integer default 0,
  page_size integer default 50
) returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  cols jsonb := public.database_visible_columns(database_rows_page.table_id);
  numeric_re constant text := '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$';
  f jsonb;
  kind text;
  op text;
  val text;
  cell text;
  sql_op text;
  conds text[] := '{}';
  sort_kind text;
  sort_expr text;
  order_by text;
  total bigint;
  page jsonb;
  lim integer := least(greatest(coalesce(page_size, 50), 1), 500);
  off integer := greatest(coalesce(page_offset, 0), 0);
begin
  if jsonb_typeof(filters) is distinct from 'array' then
    raise exception 'Filters must be a list.' using errcode = 'PT400';
  end if;
  if jsonb_array_length(filters) > 20 then
    raise exception 'Use at most 20 filters at once.' using errcode = 'PT400';
  end if;
  -- Each filter becomes a typed predicate written into the query (names and values as quoted
  -- literals), so the planner sees plain expressions instead of a function call per row; the
  -- semantics are database_value_matches's, the `database` step's.
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
    sql_op := case op when 'eq' then '=' when 'neq' then '<>' when 'gt' then '>' when 'lt' then '<' when 'gte' then '>=' else '<=' end;
    if op = 'contains' then
      conds := conds || format('strpos(lower(%s), lower(%L)) > 0', cell, val);
    elsif kind = 'number' then
      if val !~ numeric_re then
        conds := conds || (case when op = 'neq' then 'true' else 'false' end);
      elsif op = 'neq' then
        conds := conds || format('coalesce((case when %1$s ~ %2$L then %1$s::numeric end) <> %3$L::numeric, true)', cell, numeric_re, val);
      else
        conds := conds || format('(case when %1$s ~ %2$L then %1$s::numeric end) %3$s %4$L::numeric', cell, numeric_re, sql_op, val);
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

  if sort_column is not null then
    select c.value ->> 'type' into sort_kind from jsonb_array_elements(cols) as c where c.value ->> 'name' = sort_column;
    if sort_kind is null then
      raise exception 'There is no column "%" to sort by.', sort_column using errcode = 'PT400';
    end if;
    sort_expr := case
      when sort_kind = 'number' then format('(case when (r.data ->> %1$L) ~ %2$L then (r.data ->> %1$L)::numeric end)', sort_column, numeric_re)
      when sort_kind = 'date' then format('left(r.data ->> %L, 10)', sort_column)
      else format('(r.data ->> %L)', sort_column)
    end;
    order_by := format('%s %s nulls last, r.created_at, r.id', sort_expr, case when sort_desc then 'desc' else 'asc' end);
  else
    order_by := 'r.created_at, r.id';
  end if;

  if cardinality(conds) = 0 then
    -- No filter: the count is an index-only scan, and without a sort the page is read in index order.
    select count(*) into total from public."DatabaseRow" as r where r.table_id = database_rows_page.table_id;
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_object(''id'', p.id, ''data'', p.data, ''created_at'', p.created_at, ''updated_at'', p.updated_at)), ''[]''::jsonb)
       from (select r.id, r.data, r.created_at, r.updated_at from public."DatabaseRow" as r
             where r.table_id = $1 order by %s limit $2 offset $3) as p', order_by)
      into page using database_rows_page.table_id, lim, off;
  else
    -- Filtered: one pass over the table's rows counts the matches and keeps the top of the sort.
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_object(''id'', p.id, ''data'', p.data, ''created_at'', p.created_at, ''updated_at'', p.updated_at)), ''[]''::jsonb),
              coalesce(max(p.total), 0)
       from (select r.id, r.data, r.created_at, r.updated_at, count(*) over () as total from public."DatabaseRow" as r
             where r.table_id = $1 and %s order by %s limit $2 offset $3) as p', array_to_string(conds, ' and '), order_by)
      into page, total using database_rows_page.table_id, lim, off;
    if jsonb_array_length(page) = 0 and off > 0 then
      execute format('select count(*) from public."DatabaseRow" as r where r.table_id = $1 and %s', array_to_string(conds, ' and '))
        into total using database_rows_page.table_id;
    end if;
  end if;
  return jsonb_build_object('total', total, 'rows', page);
end
$$;

-- The `database` step's comparison (database_table_rows) as one function, shared by the grid.
create or replace function public.database_value_matches(stored text, op text, val text, kind text) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select coalesce(
    case
      when stored is null then op = 'neq'
      when op = 'contains' then strpos(lower(stored), lower(coalesce(val, ''))) > 0
      when kind = 'number' then
        case
          when stored ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' and val ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' then
            case op
              when 'eq' then stored::numeric = val::numeric
              when 'neq' then stored::numeric <> val::numeric
              when 'gt' then stored::numeric > val::numeric
              when 'lt' then stored::numeric < val::numeric
              when 'gte' then stored::numeric >= val::numeric
              else stored::numeric <= val::numeric
            end
          else op = 'neq'
        end
      when kind = 'date' then
        case
          when stored ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' and val ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
            case op
              when 'eq' then left(stored, 10) = val
              when 'neq' then left(stored, 10) <> val
              when 'gt' then left(stored, 10) > val
              when 'lt' then left(stored, 10) < val
              when 'gte' then left(stored, 10) >= val
              else left(stored, 10) <= val
            end
          else op = 'neq'
        end
      else
        case op
          when 'eq' then stored = val
          when 'neq' then stored is distinct from val
          when 'gt' then stored > val
          when 'lt' then stored < val
          when 'gte' then stored >= val
          else stored <= val
        end
    end,
    false)
$$;
revoke execute on function public.database_value_matches(text, text, text, text) from public, anon;
grant execute on function public.database_value_matches(text, text, text, text) to authenticated, service_role;

revoke execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer) from public, anon;
grant execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer) to authenticated, service_role;

-- Rows per table ----------------------------------------------------------------------------------

create or replace function public.database_table_counts(database_ids uuid[])
  returns table (table_id uuid, database_id uuid, row_count bigint)
  language sql
  stable
  set search_path = ''
as $$
  select t.id, t.database_id, (select count(*) from public."DatabaseRow" as r where r.table_id = t.id)
  from public."DatabaseTable" as t
  where t.database_id = any (database_table_counts.database_ids)
  order by t.database_id, t.position, t.created_at
$$;
revoke execute on function public.database_table_counts(uuid[]) from public, anon;
grant execute on function public.database_table_counts(uuid[]) to authenticated, service_role;

-- Bulk insert -------------------------------------------------------------------------------------

-- rows: a list of objects keyed by column name (at most max_rows_per_call). Each value is
-- converted to its column's type; a row with an unknown column, a value that does not convert or
-- a cell over the size limit is skipped and reported ({ "row": 1-based index, "message" }, the
-- first 200); the others are inserted together. Answers { inserted, skipped, errors }.
create or replace function public.database_rows_insert(table_id uuid, rows jsonb) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  cols jsonb := public.database_visible_columns(database_rows_insert.table_id);
  lim public."DatabaseLimit";
  inserted integer;
  problems jsonb;
  skipped integer;
begin
  select * into lim from public."DatabaseLimit" as l where l.id;
  if jsonb_typeof(rows) is distinct from 'array' then
    raise exception 'Rows must be a list.' using errcode = 'PT400';
  end if;
  if jsonb_array_length(rows) > lim.max_rows_per_call then
    raise exception 'Send at most % rows at once.', lim.max_rows_per_call using errcode = 'PT413';
  end if;

  with input as (
    select i.ord, i.value from jsonb_array_elements(rows) with ordinality as i (value, ord)
  ),
  -- Each cell is converted once; a row keeps its first problem (in the order of its keys).
  cells as (
    select
      i.ord,
      e.n,
      e.key,
      v.converted,
      case
        when c.value is null then format('has no column "%s"', e.key)
        when char_length(v.txt) > lim.max_cell_chars then format('has more than %s characters in %s', lim.max_cell_chars, e.key)
        when jsonb_typeof(e.value) <> 'null' and v.converted is null then
          format('has "%s" in %s, which is not a %s', left(v.txt, 40), e.key,
            case c.value ->> 'type' when 'boolean' then 'yes/no value' when 'date' then 'date (yyyy-mm-dd)' when 'link' then 'row id' else c.value ->> 'type' end)
      end as problem
    from input as i
    cross join lateral jsonb_each(case when jsonb_typeof(i.value) = 'object' then i.value else '{}'::jsonb end) with ordinality as e (key, value, n)
    left join lateral (select x.value from jsonb_array_elements(cols) as x where x.value ->> 'name' = e.key limit 1) as c on true
    cross join lateral (
      select
        case when c.value is null then null else public.database_convert_value(e.value, c.value ->> 'type') end as converted,
        case when jsonb_typeof(e.value) = 'string' then e.value #>> '{}' else e.value::text end as txt
    ) as v
  ),
  per_row as (
    select
      x.ord,
      jsonb_object_agg(x.key, x.converted) filter (where x.converted is not null) as data,
      (array_agg(x.problem order by x.n) filter (where x.problem is not null))[1] as problem
    from cells as x
    group by x.ord
  ),
  checked as (
    select
      i.ord,
      coalesce(p.data, '{}'::jsonb) as data,
      case when jsonb_typeof(i.value) is distinct from 'object' then 'is not a set of column values' else p.problem end as problem
    from input as i
    left join per_row as p on p.ord = i.ord
  ),
  written as (
    insert into public."DatabaseRow" (table_id, data)
    select database_rows_insert.table_id, c.data from checked as c where c.problem is null order by c.ord
    returning 1
  )
  select
    (select count(*) from written),
    (select count(*) from checked as c where c.problem is not null),
    coalesce((
      select jsonb_agg(jsonb_build_object('row', x.ord, 'message', 'Row ' || x.ord || ' ' || x.problem || '.') order by x.ord)
      from (select c.ord, c.problem from checked as c where c.problem is not null order by c.ord limit 200) as x
    ), '[]'::jsonb)
  into inserted, skipped, problems;

  return jsonb_build_object('inserted', inserted, 'skipped', skipped, 'errors', problems);
end
$$;
revoke execute on function public.database_rows_insert(uuid, jsonb) from public, anon;
grant execute on function public.database_rows_insert(uuid, jsonb) to authenticated, service_role;

-- One row's edit ----------------------------------------------------------------------------------

-- patch: column → new value (null clears it), converted by type. expected_updated_at: the row's
-- updated_at when it was read; if the row changed since (another tab, an app run), nothing is
-- written and PT409 says so (the current row in `details`). Answers the row.
create or replace function public.database_row_update(row_id uuid, patch jsonb, expected_updated_at timestamptz) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  current public."DatabaseRow";
  cols jsonb;
  e record;
  col_type text;
  converted jsonb;
  next_data jsonb;
begin
  select r.* into current from public."DatabaseRow" as r where r.id = database_row_update.row_id for update;
  if current.id is null then
    raise exception 'This row was not found: it may have been deleted.' using errcode = 'PT404';
  end if;
  if jsonb_typeof(patch) is distinct from 'object' then
    raise exception 'The change must be a set of column values.' using errcode = 'PT400';
  end if;
  if expected_updated_at is null or current.updated_at <> expected_updated_at then
    raise exception 'This row was changed somewhere else since you opened it. Reload it to see the new values, then edit again.'
      using errcode = 'PT409',
            detail = jsonb_build_object('id', current.id, 'data', current.data, 'created_at', current.created_at, 'updated_at', current.updated_at)::text;
  end if;
  cols := public.database_visible_columns(current.table_id);
  next_data := current.data;
  for e in select p.key, p.value from jsonb_each(patch) as p loop
    select c.value ->> 'type' into col_type from jsonb_array_elements(cols) as c where c.value ->> 'name' = e.key;
    if col_type is null then
      raise exception 'There is no column "%".', e.key using errcode = 'PT400';
    end if;
    if jsonb_typeof(e.value) = 'null' then
      next_data := next_data - e.key;
    else
      converted := public.database_convert_value(e.value, col_type);
      if converted is null then
        raise exception '"%" is not a valid % for %.', left(case when jsonb_typeof(e.value) = 'string' then e.value #>> '{}' else e.value::text end, 40), col_type, e.key
          using errcode = 'PT400';
      end if;
      next_data := jsonb_set(next_data, array[e.key], converted, true);
    end if;
  end loop;
  update public."DatabaseRow" as r set data = next_data where r.id = current.id
  returning r.* into current;
  return jsonb_build_object('id', current.id, 'data', current.data, 'created_at', current.created_at, 'updated_at', current.updated_at);
end
$$;
revoke execute on function public.database_row_update(uuid, jsonb, timestamptz) from public, anon;
grant execute on function public.database_row_update(uuid, jsonb, timestamptz) to authenticated, service_role;

-- Structure changes -------------------------------------------------------------------------------

-- A row's values after a structure change. plan: old column name → { "to": new name or null
-- (deleted), "type": new type or absent, "keep": where a value that does not convert goes }.
-- Keys that are not in the plan are left alone.
create or replace function public.database_remap_row(data jsonb, plan jsonb) returns jsonb
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  result jsonb := '{}'::jsonb;
  e record;
  p jsonb;
  converted jsonb;
begin
  for e in select d.key, d.value from jsonb_each(data) as d loop
    p := plan -> e.key;
    if p is null then
      result := jsonb_build_object(e.key, e.value) || result;
    elsif jsonb_typeof(p -> 'to') = 'string' then
      converted := case when p ? 'type' then public.database_convert_value(e.value, p ->> 'type') else e.value end;
      if converted is not null then
        result := result || jsonb_build_object(p ->> 'to', converted);
      elsif jsonb_typeof(e.value) <> 'null' then
        result := result || jsonb_build_object(p ->> 'keep', public.database_convert_value(e.value, 'text'));
      end if;
    end if;
  end loop;
  return result;
end
$$;
revoke execute on function public.database_remap_row(jsonb, jsonb) from public, anon;
grant execute on function public.database_remap_row(jsonb, jsonb) to authenticated, service_role;

-- columns: the table's whole new column list in order, each { name, type, linkTableId?, from? }
-- where `from` names the existing column it was (absent: a new column). Existing columns no
-- entry comes `from` are deleted. Answers { applied, changes: [...], blockedBy: [...], columns }:
--   changes   { kind: add|rename|retype|delete, column, from?, type?, rows (with a value),
--               unconvertible (retype), keptIn (retype: the new text column that keeps them) }
--   blockedBy the `database` steps (app, version, step) that name a renamed or deleted column:
--             the change is not applied while there are any.
-- apply=false only previews. Applied, it all happens in this one transaction.
create or replace function public.database_table_change(table_id uuid, columns jsonb, apply boolean default false) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  old_cols jsonb := public.database_visible_columns(database_table_change.table_id);
  db_id uuid;
  c jsonb;
  old_col jsonb;
  from_name text;
  plan jsonb := '{}'::jsonb;
  changes jsonb := '[]'::jsonb;
  final_cols jsonb := '[]'::jsonb;
  taken text[] := '{}';
  keep_name text;
  n integer;
  bad integer;
  blocked jsonb;
  touched text[] := '{}';
begin
  select t.database_id into db_id from public."DatabaseTable" as t where t.id = database_table_change.table_id;
  if jsonb_typeof(columns) is distinct from 'array' then
    raise exception 'Columns must be a list.' using errcode = 'PT400';
  end if;
  -- Every name the new list uses, so a kept-as-text column gets one nobody has.
  select coalesce(array_agg(lower(x.value ->> 'name')), '{}') into taken from jsonb_array_elements(columns) as x;
  if (select count(*) from jsonb_array_elements(columns) as x where x.value ? 'from' and jsonb_typeof(x.value -> 'from') = 'string')
     <> (select count(distinct x.value ->> 'from') from jsonb_array_elements(columns) as x where jsonb_typeof(x.value -> 'from') = 'string') then
    raise exception 'Two new columns come from the same column.' using errcode = 'PT400';
  end if;

  for c in select x.value from jsonb_array_elements(columns) as x loop
    from_name := case when jsonb_typeof(c -> 'from') = 'string' then c ->> 'from' end;
    final_cols := final_cols || jsonb_build_array(c - 'from');
    if from_name is null then
      changes := changes || jsonb_build_array(jsonb_build_object('kind', 'add', 'column', c ->> 'name', 'type', c ->> 'type', 'rows', 0));
      continue;
    end if;
    select o.value into old_col from jsonb_array_elements(old_cols) as o where o.value ->> 'name' = from_name;
    if old_col is null then
      raise exception 'There is no column "%" to change.', from_name using errcode = 'PT400';
    end if;
    plan := plan || jsonb_build_object(from_name, jsonb_build_object('to', c ->> 'name'));
    if c ->> 'name' is distinct from from_name then
      select count(*) into n from public."DatabaseRow" as r where r.table_id = database_table_change.table_id and r.data ? from_name;
      changes := changes || jsonb_build_array(jsonb_build_object('kind', 'rename', 'column', c ->> 'name', 'from', from_name, 'rows', n));
      touched := touched || from_name;
    end if;
    if c ->> 'type' is distinct from old_col ->> 'type' then
      select count(*) filter (where r.data ? from_name and jsonb_typeof(r.data -> from_name) <> 'null'),
             count(*) filter (where r.data ? from_name and jsonb_typeof(r.data -> from_name) <> 'null'
                                and public.database_convert_value(r.data -> from_name, c ->> 'type') is null)
        into n, bad
        from public."DatabaseRow" as r where r.table_id = database_table_change.table_id;
      keep_name := null;
      if bad > 0 then
        keep_name := left(c ->> 'name', 56) || ' (text)';
        while lower(keep_name) = any (taken) loop
          keep_name := left(c ->> 'name', 50) || ' (text ' || (floor(random() * 9000) + 1000)::int || ')';
        end loop;
        taken := taken || lower(keep_name);
        final_cols := final_cols || jsonb_build_array(jsonb_build_object('name', keep_name, 'type', 'text'));
      end if;
      plan := plan || jsonb_build_object(from_name, jsonb_build_object('to', c ->> 'name', 'type', c ->> 'type', 'keep', keep_name));
      changes := changes || jsonb_build_array(jsonb_build_object(
        'kind', 'retype', 'column', c ->> 'name', 'from', old_col ->> 'type', 'type', c ->> 'type',
        'rows', n, 'unconvertible', bad, 'keptIn', keep_name));
    end if;
  end loop;

  for old_col in select o.value from jsonb_array_elements(old_cols) as o loop
    if not exists (select 1 from jsonb_array_elements(columns) as x where x.value ->> 'from' = old_col ->> 'name') then
      select count(*) into n from public."DatabaseRow" as r
        where r.table_id = database_table_change.table_id and r.data ? (old_col ->> 'name') and jsonb_typeof(r.data -> (old_col ->> 'name')) <> 'null';
      plan := plan || jsonb_build_object(old_col ->> 'name', jsonb_build_object('to', null));
      changes := changes || jsonb_build_array(jsonb_build_object('kind', 'delete', 'column', old_col ->> 'name', 'rows', n));
      touched := touched || (old_col ->> 'name');
    end if;
  end loop;

  -- The app steps that read or write a renamed or deleted column of this table, in any version.
  select coalesce(jsonb_agg(distinct jsonb_build_object(
           'appId', a.id, 'appName', a.name, 'version', v.number, 'stepId', s.value ->> 'id',
           'stepTitle', coalesce(s.value ->> 'title', s.value ->> 'id'), 'column', col.name)), '[]'::jsonb)
    into blocked
    from public."App" as a
    join public."AppVersion" as v on v.app_id = a.id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(v.spec -> 'steps') = 'array' then v.spec -> 'steps' else '[]'::jsonb end) as s
    cross join lateral unnest(touched) as col (name)
    where a.database_id = db_id
      and s.value ->> 'kind' = 'database'
      and s.value -> 'config' ->> 'tableId' = database_table_change.table_id::text
      and (
        (jsonb_typeof(s.value -> 'config' -> 'values') = 'object' and s.value -> 'config' -> 'values' ? col.name)
        or exists (
          select 1 from jsonb_array_elements(case when jsonb_typeof(s.value -> 'config' -> 'filters') = 'array' then s.value -> 'config' -> 'filters' else '[]'::jsonb end) as f
          where f.value ->> 'column' = col.name
        )
      );

  if apply and jsonb_array_length(blocked) = 0 then
    -- The column list first: its trigger checks names, types and the limits before any row moves.
    update public."DatabaseTable" as t set columns = final_cols where t.id = database_table_change.table_id;
    if plan <> '{}'::jsonb then
      update public."DatabaseRow" as r set data = public.database_remap_row(r.data, plan)
      where r.table_id = database_table_change.table_id
        and exists (select 1 from jsonb_object_keys(plan) as k where r.data ? k);
    end if;
    return jsonb_build_object('applied', true, 'changes', changes, 'blockedBy', blocked, 'columns', final_cols);
  end if;
  return jsonb_build_object('applied', false, 'changes', changes, 'blockedBy', blocked, 'columns', final_cols);
end
$$;
revoke execute on function public.database_table_change(uuid, jsonb, boolean) from public, anon;
grant execute on function public.database_table_change(uuid, jsonb, boolean) to authenticated, service_role;

-- A composite index for the grid's default order (oldest first, then id) and its keyset.
create index "DatabaseRow_table_id_created_at_id_idx" on public."DatabaseRow" (table_id, created_at, id);
