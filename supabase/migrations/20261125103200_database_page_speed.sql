-- Databases part 5: page speed. database_rows_page of 20261125003000, now
--   * unfiltered totals from the per-table counter (DatabaseTableStats, 20261125103100) instead
--     of counting the table's rows;
--   * filtered totals counted up to 10,000 (answer { total: 10000, capped: true } beyond: "10,000+"),
--     so a filter stops reading once it has seen enough, and the page itself no longer carries a
--     count over every match (a filter without a sort reads in index order and stops at the page);
--   * number filters and sorts read a stored JSON number directly, the regex only for text.
-- Same arguments, same errors, same row order. Applies unchanged to hosted Supabase, PGlite and
-- PostgreSQL 15.

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
  num_cell text;
  sql_op text;
  conds text[] := '{}';
  sort_kind text;
  sort_expr text;
  order_by text;
  total bigint;
  capped boolean := false;
  count_cap constant integer := 10000;
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
    -- A stored JSON number (what every writer stores now) is read without the regex.
    num_cell := format('(case when jsonb_typeof(r.data -> %1$L) = ''number'' then (r.data -> %1$L)::numeric when (r.data ->> %1$L) ~ %2$L then (r.data ->> %1$L)::numeric end)', f ->> 'column', numeric_re);
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

  if sort_column is not null then
    select c.value ->> 'type' into sort_kind from jsonb_array_elements(cols) as c where c.value ->> 'name' = sort_column;
    if sort_kind is null then
      raise exception 'There is no column "%" to sort by.', sort_column using errcode = 'PT400';
    end if;
    sort_expr := case
      when sort_kind = 'number' then format('(case when jsonb_typeof(r.data -> %1$L) = ''number'' then (r.data -> %1$L)::numeric when (r.data ->> %1$L) ~ %2$L then (r.data ->> %1$L)::numeric end)', sort_column, numeric_re)
      when sort_kind = 'date' then format('left(r.data ->> %L, 10)', sort_column)
      else format('(r.data ->> %L)', sort_column)
    end;
    order_by := format('%s %s nulls last, r.created_at, r.id', sort_expr, case when sort_desc then 'desc' else 'asc' end);
  else
    order_by := 'r.created_at, r.id';
  end if;

  -- The page: read in index order without a sort (stops after offset + limit matches); with a
  -- sort, a top-N sort of the table's (matching) rows.
  execute format(
    'select coalesce(jsonb_agg(jsonb_build_object(''id'', p.id, ''data'', p.data, ''created_at'', p.created_at, ''updated_at'', p.updated_at)), ''[]''::jsonb)
     from (select r.id, r.data, r.created_at, r.updated_at from public."DatabaseRow" as r
           where r.table_id = $1 and %s order by %s limit $2 offset $3) as p',
    case when cardinality(conds) = 0 then 'true' else array_to_string(conds, ' and ') end, order_by)
    into page using database_rows_page.table_id, lim, off;
  if cardinality(conds) = 0 then
    -- Unfiltered: the counter the row triggers keep (20261125103100), no count of rows.
    select s.row_count into total from public."DatabaseTableStats" as s where s.table_id = database_rows_page.table_id;
    if total is null then
      select count(*) into total from public."DatabaseRow" as r where r.table_id = database_rows_page.table_id;
    end if;
  else
    -- Filtered: counted up to count_cap + 1 matches; past that the answer says "more than".
    execute format('select count(*) from (select 1 from public."DatabaseRow" as r where r.table_id = $1 and %s limit $2) as m',
                   array_to_string(conds, ' and '))
      into total using database_rows_page.table_id, count_cap + 1;
    if total > count_cap then
      total := count_cap;
      capped := true;
    end if;
  end if;
  return jsonb_build_object('total', total, 'capped', capped, 'rows', page);
end
$$;

revoke execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer) from public, anon;
grant execute on function public.database_rows_page(uuid, jsonb, text, boolean, integer, integer) to authenticated, service_role;
