-- Issue 27: after an import the grid showed the rows in no visible order. Rows are listed by
-- created_at, then id; every row of one insert statement got the same created_at (now() is the
-- transaction's time), so the random id decided.
--
-- 1. The bulk insert (the CSV import and the SDK's insertRows) stamps each row with the
--    statement's time plus its place in the file in microseconds: a table without a sort lists an
--    import's rows exactly as they were in the file, after the rows that were there before (the
--    next batch's statement starts later than this one's last row). Deterministic on every clock,
--    including the embedded database's millisecond one. The function is the one of
--    20261125203100_database_bulk_insert.sql with only that line changed.
-- 2. Other multi-row inserts read the clock for each row (clock_timestamp()), which keeps their
--    order wherever the clock is fine-grained enough.
alter table public."DatabaseRow" alter column created_at set default clock_timestamp();

create or replace function public.database_rows_insert_sql(cols jsonb) returns text
  language plpgsql
  immutable
  set search_path = ''
as $fn$
declare
  cells_sql text;
  converted_sql text;
  data_sql text;
  ok_sql text;
begin
  -- Each cell is looked up once (v1, v2, …), then converted (c1, …) and measured (t1, …) once;
  -- "offset 0" keeps the planner from writing the lookups back into every expression.
  select
    coalesce(string_agg(format('i.value -> %L as v%s', c.value ->> 'name', c.n), ', ' order by c.n), 'null as v0'),
    coalesce(string_agg(format('%s as c%s, char_length(case jsonb_typeof(v%s) when ''string'' then v%s #>> ''{}'' else v%s::text end) as t%s',
      public.database_convert_sql('v' || c.n, c.value ->> 'type'), c.n, c.n, c.n, c.n, c.n), ', ' order by c.n), 'null as c0'),
    coalesce(string_agg(format('(v%1$s is null or (t%1$s <= $6 and (c%1$s is not null or jsonb_typeof(v%1$s) = ''null'')))', c.n), ' and ' order by c.n), 'true')
    into cells_sql, converted_sql, ok_sql
    from jsonb_array_elements(cols) with ordinality as c (value, n);
  select coalesce(string_agg(g.obj, ' || '), '''{}''::jsonb') into data_sql
  from (
    select format('jsonb_build_object(%s)', string_agg(format('%L, c%s', c.value ->> 'name', c.n), ', ' order by c.n)) as obj
    from jsonb_array_elements(cols) with ordinality as c (value, n)
    group by (c.n - 1) / 50
  ) as g;

  return format($sql$
    with input as (
      select i.ord, i.value from jsonb_array_elements($1) with ordinality as i (value, ord)
    ),
    cells as (
      select i.ord, i.value, %4$s from input as i offset 0
    ),
    conv as (
      select i.*, %1$s from cells as i offset 0
    ),
    fast as (
      select i.ord, i.value,
             jsonb_strip_nulls(%2$s) as data,
             case when jsonb_typeof(i.value) = 'object' then (i.value - $7) = '{}'::jsonb and %3$s else false end as ok
      from conv as i
    ),
    -- The rows that fail, cell by cell as before: a row keeps its first problem (in the order of its keys).
    bad_cells as (
      select
        i.ord,
        e.n,
        case
          when c.value is null then format('has no column "%%s"', e.key)
          when char_length(v.txt) > $6 then format('has more than %%s characters in %%s', $6, e.key)
          when jsonb_typeof(e.value) <> 'null' and v.converted is null then
            format('has "%%s" in %%s, which is not a %%s', left(v.txt, 40), e.key,
              case c.value ->> 'type' when 'boolean' then 'yes/no value' when 'date' then 'date (yyyy-mm-dd)' when 'link' then 'row id' else c.value ->> 'type' end)
        end as problem
      from fast as i
      cross join lateral jsonb_each(case when jsonb_typeof(i.value) = 'object' then i.value else '{}'::jsonb end) with ordinality as e (key, value, n)
      left join lateral (select x.value from jsonb_array_elements($8) as x where x.value ->> 'name' = e.key limit 1) as c on true
      cross join lateral (
        select
          case when c.value is null then null else public.database_convert_value(e.value, c.value ->> 'type') end as converted,
          case when jsonb_typeof(e.value) = 'string' then e.value #>> '{}' else e.value::text end as txt
      ) as v
      where not i.ok
    ),
    bad_rows as (
      select x.ord, (array_agg(x.problem order by x.n) filter (where x.problem is not null))[1] as problem
      from bad_cells as x
      group by x.ord
    ),
    converted as (
      select
        f.ord,
        $3 || case when f.ok then f.data else '{}'::jsonb end as data,
        case
          when f.ok then null
          when jsonb_typeof(f.value) is distinct from 'object' then 'is not a set of column values'
          else coalesce(b.problem, 'has a value that cannot be stored')
        end as problem
      from fast as f
      left join bad_rows as b on b.ord = f.ord
    ),
    -- An empty text value does not hide a default.
    defaulted as (
      select
        c.ord,
        case when $3 = '{}'::jsonb then c.data
             else c.data || coalesce((select jsonb_object_agg(d.key, d.value) from jsonb_each($3) as d where c.data -> d.key = '""'::jsonb), '{}'::jsonb)
        end as data,
        c.problem
      from converted as c
    ),
    required_checked as (
      select
        d.ord,
        d.data,
        coalesce(d.problem, (
          select format('has no value in %%s, which is required', q.name)
          from unnest($4::text[]) with ordinality as q (name, n)
          where public.database_cell_empty(d.data -> q.name)
          order by q.n
          limit 1
        )) as problem
      from defaulted as d
    ),
    -- Each unique value of each good row, numbered within what was sent.
    unique_values as (
      select r.ord, u.name, u.n, r.data -> u.name as value,
             row_number() over (partition by u.name, r.data -> u.name order by r.ord) as nth,
             first_value(r.ord) over (partition by u.name, r.data -> u.name order by r.ord) as first_ord
      from required_checked as r
      cross join unnest($5::text[]) with ordinality as u (name, n)
      where r.problem is null and not public.database_cell_empty(r.data -> u.name)
    ),
    -- The unique values already in the table, as (column, value) pairs: one pass, hashed.
    taken as (
      select distinct u.name, s.data -> u.name as value
      from public."DatabaseRow" as s
      cross join unnest($5::text[]) as u (name)
      where cardinality($5::text[]) > 0 and s.table_id = $2 and s.data ? u.name
    ),
    unique_problems as (
      select distinct on (v.ord) v.ord,
        case
          when t.name is not null
            then format('has "%%s" in %%s, which another row already has (%%s is unique)', left(v.value #>> '{}', 40), v.name, v.name)
          else format('repeats "%%s" in %%s from row %%s (%%s is unique)', left(v.value #>> '{}', 40), v.name, v.first_ord, v.name)
        end as problem
      from unique_values as v
      left join taken as t on t.name = v.name and t.value = v.value
      where v.nth > 1 or t.name is not null
      order by v.ord, v.n
    ),
    checked as (
      select r.ord, r.data, coalesce(r.problem, u.problem) as problem
      from required_checked as r
      left join unique_problems as u on u.ord = r.ord
    ),
    written as (
      insert into public."DatabaseRow" (table_id, data, created_at)
      select $2, c.data, statement_timestamp() + c.ord * interval '1 microsecond' from checked as c where c.problem is null order by c.ord
      returning 1
    )
    select
      (select count(*) from written),
      (select count(*) from checked as c where c.problem is not null),
      coalesce((
        select jsonb_agg(jsonb_build_object('row', x.ord, 'message', 'Row ' || x.ord || ' ' || x.problem || '.') order by x.ord)
        from (select c.ord, c.problem from checked as c where c.problem is not null order by c.ord limit 200) as x
      ), '[]'::jsonb)
    $sql$, converted_sql, data_sql, ok_sql, cells_sql);
end
$fn$;
revoke execute on function public.database_rows_insert_sql(jsonb) from public, anon;
grant execute on function public.database_rows_insert_sql(jsonb) to authenticated, service_role;
