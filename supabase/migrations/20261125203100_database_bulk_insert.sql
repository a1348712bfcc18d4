-- Databases part 7 (#14): the bulk insert (CSV import, 10,000 rows a call) as set-based work.
-- database_rows_insert keeps its arguments, answer and errors, but
--   * checks once that the caller owns the table (the rule of row-level security on "DatabaseRow"),
--     then writes as the definer, so the per-row policy check is not repeated 10,000 times;
--   * converts every cell with an expression written into the statement per column
--     (database_convert_sql: the same conversions as database_convert_value, without a function
--     call and an exception block per cell), and explains only the rows that fail, with the
--     per-cell walk of before, so the messages stay the same;
--   * validates the batch set-based (cell size, defaults, required, unique, as before), so the two
--     per-row triggers that repeat those checks ("DatabaseRow_limit_cells",
--     "DatabaseRow_column_rules") are skipped for its insert only: they fire unless the statement
--     runs as the definer (not an API role) with appforge.database_rows_prechecked on, which only
--     this function sets, around its one insert.
-- The statement-level triggers still run for its insert: the row limit (database_limit_rows, which
-- the plans' row limits extend), unique values, the row counter and the sort keys.
-- Applies unchanged to hosted Supabase, PGlite and PostgreSQL 15.

-- Whether a yyyy-mm-dd text is a day that exists (what a ::date cast accepts), without raising.
create or replace function public.database_date_valid(day text) returns boolean
  language sql
  immutable
  parallel safe
as $$
  select substr(day, 1, 4)::int >= 1
    and substr(day, 6, 2)::int between 1 and 12
    and substr(day, 9, 2)::int between 1 and case
      when substr(day, 6, 2)::int in (4, 6, 9, 11) then 30
      when substr(day, 6, 2)::int <> 2 then 31
      when (substr(day, 1, 4)::int % 4 = 0 and substr(day, 1, 4)::int % 100 <> 0) or substr(day, 1, 4)::int % 400 = 0 then 29
      else 28
    end
$$;

-- SQL for a jsonb expression `src` converted to a column type: database_convert_value's rules
-- (20261125003000) written out, to be placed in a statement once per column.
create or replace function public.database_convert_sql(src text, to_type text) returns text
  language sql
  immutable
  set search_path = ''
as $$
  select case to_type
    when 'text' then format('(case jsonb_typeof(%1$s) when ''string'' then %1$s when ''null'' then null else to_jsonb((%1$s)::text) end)', src)
    when 'json' then format('(case when jsonb_typeof(%1$s) = ''null'' then null else %1$s end)', src)
    when 'number' then format(
      '(case jsonb_typeof(%1$s) when ''number'' then %1$s when ''string'' then (case when btrim(%1$s #>> ''{}'') ~ ''^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$'' then to_jsonb(btrim(%1$s #>> ''{}'')::numeric) end) end)', src)
    when 'boolean' then format(
      '(case jsonb_typeof(%1$s) when ''boolean'' then %1$s when ''null'' then null else (case lower(btrim(case jsonb_typeof(%1$s) when ''string'' then %1$s #>> ''{}'' else (%1$s)::text end)) when ''true'' then ''true''::jsonb when ''yes'' then ''true''::jsonb when ''1'' then ''true''::jsonb when ''false'' then ''false''::jsonb when ''no'' then ''false''::jsonb when ''0'' then ''false''::jsonb end) end)', src)
    when 'date' then format(
      '(case when jsonb_typeof(%1$s) = ''string'' and btrim(%1$s #>> ''{}'') ~ ''^[0-9]{4}-[0-9]{2}-[0-9]{2}'' and public.database_date_valid(left(btrim(%1$s #>> ''{}''), 10)) then to_jsonb(left(btrim(%1$s #>> ''{}''), 10)) end)', src)
    when 'link' then format(
      '(case when jsonb_typeof(%1$s) = ''string'' and btrim(%1$s #>> ''{}'') ~* ''^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'' then to_jsonb(lower(btrim(%1$s #>> ''{}''))) end)', src)
    else 'null::jsonb'
  end
$$;
revoke execute on function public.database_convert_sql(text, text) from public, anon;
grant execute on function public.database_convert_sql(text, text) to authenticated, service_role;

-- The two per-row checks, skipped only for the insert of database_rows_insert (see above).
drop trigger "DatabaseRow_limit_cells" on public."DatabaseRow";
create trigger "DatabaseRow_limit_cells"
  before insert or update of data on public."DatabaseRow"
  for each row
  when (coalesce(current_setting('appforge.database_rows_prechecked', true), '') <> 'on'
        or current_user in ('anon', 'authenticated', 'service_role'))
  execute function public.database_limit_cells();
drop trigger "DatabaseRow_column_rules" on public."DatabaseRow";
create trigger "DatabaseRow_column_rules"
  before insert or update of data on public."DatabaseRow"
  for each row
  when (coalesce(current_setting('appforge.database_rows_prechecked', true), '') <> 'on'
        or current_user in ('anon', 'authenticated', 'service_role'))
  execute function public.database_row_rules();

-- The statement database_rows_insert runs for a table's columns (parameters: $1 rows, $2 table id,
-- $3 defaults, $4 required columns, $5 unique columns, $6 characters per cell, $7 column names,
-- $8 the columns): per column its converted value (c1, c2, …) and whether the cell is fine (no
-- value, or one that converts and is not too long), the row's values as one object (at most 50
-- pairs per jsonb_build_object call: a function takes at most 100 arguments).
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
      insert into public."DatabaseRow" (table_id, data)
      select $2, c.data from checked as c where c.problem is null order by c.ord
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

create or replace function public.database_rows_insert(table_id uuid, rows jsonb) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  cols jsonb;
  lim public."DatabaseLimit";
  defaults jsonb;
  required text[];
  uniques text[];
  known text[];
  inserted integer;
  problems jsonb;
  skipped integer;
  -- A stored cell is never longer than the cell sent once the limit is at least this (a number
  -- sent as 1e999 is stored with 1,000 digits); below it the row triggers check every stored cell.
  prechecked boolean;
begin
  -- Row-level security's rule for "DatabaseRow", once: the caller's own table, or the service role.
  select t.columns into cols
  from public."DatabaseTable" as t
  join public."Database" as d on d.id = t.database_id
  where t.id = database_rows_insert.table_id
    and (d.owner_id = (select auth.uid()) or (select auth.role()) = 'service_role');
  if cols is null then
    raise exception 'This table was not found.' using errcode = 'PT404', hint = 'It may have been deleted, or it is not yours.';
  end if;
  select * into lim from public."DatabaseLimit" as l where l.id;
  if jsonb_typeof(rows) is distinct from 'array' then
    raise exception 'Rows must be a list.' using errcode = 'PT400';
  end if;
  if jsonb_array_length(rows) > lim.max_rows_per_call then
    raise exception 'Send at most % rows at once.', lim.max_rows_per_call using errcode = 'PT413';
  end if;
  select coalesce(jsonb_object_agg(c.value ->> 'name', c.value -> 'default') filter (where c.value ? 'default'), '{}'::jsonb),
         coalesce(array_agg(c.value ->> 'name') filter (where c.value -> 'required' = 'true'), '{}'),
         coalesce(array_agg(c.value ->> 'name') filter (where c.value -> 'unique' = 'true'), '{}'),
         coalesce(array_agg(c.value ->> 'name'), '{}')
    into defaults, required, uniques, known
    from jsonb_array_elements(cols) as c;
  if cardinality(uniques) > 0 then
    perform pg_advisory_xact_lock(hashtextextended(database_rows_insert.table_id::text, 14));
  end if;
  prechecked := lim.max_cell_chars >= 1100;

  if prechecked then
    perform set_config('appforge.database_rows_prechecked', 'on', true);
  end if;
  execute public.database_rows_insert_sql(cols)
    into inserted, skipped, problems
    using rows, database_rows_insert.table_id, defaults, required, uniques, lim.max_cell_chars, known, cols;
  perform set_config('appforge.database_rows_prechecked', 'off', true);

  return jsonb_build_object('inserted', inserted, 'skipped', skipped, 'errors', problems);
end
$$;
revoke execute on function public.database_rows_insert(uuid, jsonb) from public, anon;
grant execute on function public.database_rows_insert(uuid, jsonb) to authenticated, service_role;

-- (table_id, created_at) is a prefix of "DatabaseRow_table_id_created_at_id_idx" (20261125003000),
-- which serves every read it served: one index fewer to write per row, for every writer.
drop index public."DatabaseRow_table_id_idx";
