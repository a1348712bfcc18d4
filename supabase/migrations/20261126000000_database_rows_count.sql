-- Databases part 7 (#14): a page no longer has to count.
--   database_rows_page(…, with_total)  with_total false answers { has_more, rows } (one row past the
--                                      page is read to know whether another follows) and counts
--                                      nothing; true (the default) answers as before, plus has_more.
--   database_rows_count(table, filters) the matching rows' count alone ({ total, capped }): the
--                                      grid asks for it once per filter, not for every page it
--                                      scrolls to or every sort it tries.
-- And jit = off on the functions that read a table's rows: PostgreSQL's JIT (on by default where
-- the server is built with LLVM, as Debian's and hosted Supabase's are) compiled the filters of
-- a filtered page on every call, about 250 ms of a 290 ms page on 100,000 rows (bench:databases
-- --postgres). PGlite has no JIT; the setting changes nothing there.
-- Applies unchanged to hosted Supabase, PGlite and PostgreSQL 15.

drop function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer);
drop function public.database_rows_page_scan(uuid, jsonb, text, boolean, integer, integer);
drop function public.database_rows_page_read(uuid, jsonb, text, boolean, integer, integer, boolean);

-- As 20261125203000's, with with_total and has_more.
create function public.database_rows_page_read(
  table_id uuid,
  filters jsonb,
  sort_column text,
  sort_desc boolean,
  page_offset integer,
  page_size integer,
  use_keys boolean,
  with_total boolean
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
  has_more boolean;
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
      into page using database_rows_page_read.table_id, lim + 1, off;
  else
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_object(''id'', p.id, ''data'', p.data, ''created_at'', p.created_at, ''updated_at'', p.updated_at)), ''[]''::jsonb)
       from (select r.id, r.data, r.created_at, r.updated_at from %s
             where r.table_id = $1 and %s order by %s limit $2 offset $3) as p',
      from_sql, where_sql, order_by)
      into page using database_rows_page_read.table_id, lim + 1, off;
  end if;
  -- One row past the page says whether another page follows, without counting.
  has_more := jsonb_array_length(page) > lim;
  if has_more then
    page := page - lim;
  end if;
  if not with_total then
    return jsonb_build_object('has_more', has_more, 'rows', page);
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
  return jsonb_build_object('total', total, 'capped', capped, 'has_more', has_more, 'rows', page);
end
$$;
revoke execute on function public.database_rows_page_read(uuid, jsonb, text, boolean, integer, integer, boolean, boolean) from public, anon;
grant execute on function public.database_rows_page_read(uuid, jsonb, text, boolean, integer, integer, boolean, boolean) to authenticated, service_role;
alter function public.database_rows_page_read(uuid, jsonb, text, boolean, integer, integer, boolean, boolean) set jit = off;

-- The grid's page by the sort key; with_total false skips the count.
create function public.database_rows_page(
  table_id uuid,
  filters jsonb default '[]'::jsonb,
  sort_column text default null,
  sort_desc boolean default false,
  page_offset integer default 0,
  page_size integer default 50,
  with_total boolean default true
) returns jsonb
  language sql
  volatile
  set search_path = ''
as $$
  select public.database_rows_page_read(table_id, filters, sort_column, sort_desc, page_offset, page_size, true, coalesce(with_total, true))
$$;
revoke execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer, boolean) from public, anon;
grant execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer, boolean) to authenticated, service_role;

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
  select public.database_rows_page_read(table_id, filters, sort_column, sort_desc, page_offset, page_size, false, true)
$$;
revoke execute on function public.database_rows_page_scan(uuid, jsonb, text, boolean, integer, integer) from public, anon;
grant execute on function public.database_rows_page_scan(uuid, jsonb, text, boolean, integer, integer) to authenticated, service_role;

-- How many rows match the filters: { total, capped }. Unfiltered, the counter the row triggers
-- keep; filtered, counted up to 10,000 + 1 (then capped: "more than 10,000"). When every filter
-- bounds one number column whose sort keys are built, the keys' index answers alone. Runs with
-- the caller's rights: another user's table counts nothing and is "not found".
create function public.database_rows_count(table_id uuid, filters jsonb default '[]'::jsonb) returns jsonb
  language plpgsql
  stable
  set search_path = ''
  set jit = off
as $$
declare
  cols jsonb := public.database_visible_columns(database_rows_count.table_id);
  conds text[] := public.database_rows_conditions(cols, coalesce(filters, '[]'::jsonb));
  count_cap constant integer := 10000;
  numeric_re constant text := '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$';
  key_column text;
  key_conds text[] := '{}';
  f jsonb;
  total bigint;
begin
  if cardinality(conds) = 0 then
    select s.row_count into total from public."DatabaseTableStats" as s where s.table_id = database_rows_count.table_id;
    if total is null then
      select count(*) into total from public."DatabaseRow" as r where r.table_id = database_rows_count.table_id;
    end if;
    return jsonb_build_object('total', total, 'capped', false);
  end if;
  -- Number bounds on one number column with built keys: counted on the keys' index.
  select min(x.value ->> 'column') into key_column from jsonb_array_elements(filters) as x;
  if (select count(distinct x.value ->> 'column') from jsonb_array_elements(filters) as x) = 1
     and exists (select 1 from jsonb_array_elements(cols) as c where c.value ->> 'name' = key_column and c.value ->> 'type' = 'number')
     and not exists (select 1 from jsonb_array_elements(filters) as x
                     where x.value ->> 'op' not in ('eq', 'gt', 'lt', 'gte', 'lte') or coalesce(x.value ->> 'value', '') !~ numeric_re)
     and exists (select 1 from public."DatabaseSortColumn" as s
                 where s.table_id = database_rows_count.table_id and s.column_name = key_column and s.column_type = 'number') then
    for f in select x.value from jsonb_array_elements(filters) as x loop
      key_conds := key_conds || format('k.num %s %L::numeric',
        case f ->> 'op' when 'eq' then '=' when 'gt' then '>' when 'lt' then '<' when 'gte' then '>=' else '<=' end, f ->> 'value');
    end loop;
    execute format(
      'select count(*) from (select 1 from public."DatabaseSortKey" as k where k.table_id = $1 and k.column_name = %L and k.is_num and %s limit $2) as m',
      key_column, array_to_string(key_conds, ' and '))
      into total using database_rows_count.table_id, count_cap + 1;
  else
    execute format('select count(*) from (select 1 from public."DatabaseRow" as r where r.table_id = $1 and %s limit $2) as m', array_to_string(conds, ' and '))
      into total using database_rows_count.table_id, count_cap + 1;
  end if;
  if total > count_cap then
    return jsonb_build_object('total', count_cap, 'capped', true);
  end if;
  return jsonb_build_object('total', total, 'capped', false);
end
$$;
revoke execute on function public.database_rows_count(uuid, jsonb) from public, anon;
grant execute on function public.database_rows_count(uuid, jsonb) to authenticated, service_role;
