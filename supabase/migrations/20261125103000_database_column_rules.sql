-- Databases part 3: column rules. A column of "DatabaseTable".columns may now also say
--   "required": true   every new row needs a value in it (null, absent and '' are no value)
--   "default": value   what a new row without a value gets (converted to the column's type)
--   "unique": true     no two rows of the table have the same value in it
-- Enforced for every writer (the grid, imports, an app's `database` step through run-app, plain
-- REST): a row trigger fills defaults and refuses a missing required value (23514, HTTP 400), a
-- statement trigger refuses a repeated unique value (23505, HTTP 409); both name the column.
-- database_rows_insert reports the rows that break a rule by number and inserts the others;
-- database_table_change refuses to turn a rule on while existing rows break it, saying how many.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.

-- The column list's shape, now with the rules. Replaces the check of 20261121000700 (same trigger).
create or replace function public.database_table_check_columns() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  col jsonb;
  col_name text;
  col_type text;
  converted jsonb;
  seen text[] := '{}';
  idx integer := 0;
  checked jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(new.columns) is distinct from 'array' then
    raise exception 'A table''s columns must be a list.' using errcode = '23514';
  end if;
  if jsonb_array_length(new.columns) > 100 then
    raise exception 'A table has at most 100 columns.' using errcode = '23514';
  end if;
  for col in select c.value from jsonb_array_elements(new.columns) as c loop
    idx := idx + 1;
    if jsonb_typeof(col) is distinct from 'object' then
      raise exception 'Column % must have a name and a type.', idx using errcode = '23514';
    end if;
    if exists (select 1 from jsonb_object_keys(col) as k where k not in ('name', 'type', 'linkTableId', 'required', 'default', 'unique')) then
      raise exception 'Column % may only have a name, a type, a linked table, required, a default and unique.', idx using errcode = '23514';
    end if;
    if jsonb_typeof(col -> 'name') is distinct from 'string' then
      raise exception 'Column % needs a name.', idx using errcode = '23514';
    end if;
    col_name := col ->> 'name';
    if char_length(col_name) not between 1 and 64 or col_name <> btrim(col_name) then
      raise exception 'Column names are 1 to 64 characters without spaces around them ("%").', col_name
        using errcode = '23514';
    end if;
    if lower(col_name) = any (seen) then
      raise exception 'Column names must be unique: "%" appears twice.', col_name using errcode = '23514';
    end if;
    seen := seen || lower(col_name);
    col_type := case when jsonb_typeof(col -> 'type') = 'string' then col ->> 'type' end;
    if col_type is null or col_type not in ('text', 'number', 'boolean', 'date', 'json', 'link') then
      raise exception 'Column "%" has an unknown type; use text, number, boolean, date, json or link.', col_name
        using errcode = '23514';
    end if;
    if col ? 'linkTableId' and jsonb_typeof(col -> 'linkTableId') <> 'null' then
      if col_type <> 'link' then
        raise exception 'Only a link column links to a table ("%" is %).', col_name, col_type using errcode = '23514';
      end if;
      if jsonb_typeof(col -> 'linkTableId') <> 'string'
        or (col ->> 'linkTableId') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Column "%" must link to a table id.', col_name using errcode = '23514';
      end if;
    end if;
    if col ? 'required' and jsonb_typeof(col -> 'required') <> 'boolean' then
      raise exception 'Column "%": required is true or false.', col_name using errcode = '23514';
    end if;
    if col ? 'unique' and jsonb_typeof(col -> 'unique') <> 'boolean' then
      raise exception 'Column "%": unique is true or false.', col_name using errcode = '23514';
    end if;
    if col -> 'unique' = 'true' and col_type = 'json' then
      raise exception 'Column "%" holds JSON, which cannot be unique.', col_name using errcode = '23514';
    end if;
    -- A default is stored as the column's type wants it; false rules and a null default are dropped.
    if col ? 'default' and jsonb_typeof(col -> 'default') <> 'null' then
      if col -> 'unique' = 'true' then
        raise exception 'Column "%" is unique, so it cannot have a default (every row would repeat it).', col_name
          using errcode = '23514';
      end if;
      converted := public.database_convert_value(col -> 'default', col_type);
      if converted is null or converted = '""'::jsonb then
        raise exception 'The default of "%" is not a valid % value.', col_name, col_type using errcode = '23514';
      end if;
      if char_length(converted::text) > 1000 then
        raise exception 'The default of "%" has more than 1000 characters.', col_name using errcode = '23514';
      end if;
      col := jsonb_set(col, '{default}', converted);
    else
      col := col - 'default';
    end if;
    if col -> 'required' = 'false' then col := col - 'required'; end if;
    if col -> 'unique' = 'false' then col := col - 'unique'; end if;
    checked := checked || jsonb_build_array(col);
  end loop;
  new.columns := checked;
  return new;
end
$$;
revoke execute on function public.database_table_check_columns() from public, anon, authenticated;

-- Whether a cell holds no value as far as `required` is concerned.
create or replace function public.database_cell_empty(value jsonb) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select value is null or jsonb_typeof(value) = 'null' or value = '""'::jsonb
$$;
revoke execute on function public.database_cell_empty(jsonb) from public, anon;
grant execute on function public.database_cell_empty(jsonb) to authenticated, service_role;

-- Defaults and required values, per row. A new row without a value gets the default; a required
-- column without a value (after that) is refused. An edit is refused only when it takes away a
-- value a required column had, so rows older than the rule stay editable.
create or replace function public.database_row_rules() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  cols jsonb;
  col jsonb;
begin
  select t.columns into cols from public."DatabaseTable" as t where t.id = new.table_id;
  if cols is null or not jsonb_path_exists(cols, '$[*] ? (@.required == true || exists (@.default))') then
    return new;
  end if;
  for col in select c.value from jsonb_array_elements(cols) as c
             where c.value -> 'required' = 'true' or c.value ? 'default' loop
    if tg_op = 'INSERT' and col ? 'default' and public.database_cell_empty(new.data -> (col ->> 'name')) then
      new.data := jsonb_set(new.data, array[col ->> 'name'], col -> 'default', true);
    end if;
    if col -> 'required' = 'true' and public.database_cell_empty(new.data -> (col ->> 'name'))
       and (tg_op = 'INSERT' or not public.database_cell_empty(old.data -> (col ->> 'name'))) then
      raise exception 'The column "%" is required: give every row a value in it.', col ->> 'name'
        using errcode = '23514', detail = format('column %s', col ->> 'name');
    end if;
  end loop;
  return new;
end
$$;
revoke execute on function public.database_row_rules() from public, anon, authenticated;
create trigger "DatabaseRow_column_rules"
  before insert or update of data on public."DatabaseRow"
  for each row execute function public.database_row_rules();

-- Unique values, once per statement over the rows it wrote. Writers of one table queue on an
-- advisory lock, so two transactions cannot each add the same value unseen by the other.
create or replace function public.database_unique_rules() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  tab record;
  col_name text;
  repeated text;
begin
  for tab in
    select t.id, t.columns from public."DatabaseTable" as t
    where t.id in (select distinct n.table_id from new_rows as n)
      and t.columns @> '[{"unique": true}]'
  loop
    perform pg_advisory_xact_lock(hashtextextended(tab.id::text, 14));
    for col_name in select c.value ->> 'name' from jsonb_array_elements(tab.columns) as c where c.value -> 'unique' = 'true' loop
      select coalesce(r.data ->> col_name, '') into repeated
      from public."DatabaseRow" as r
      where r.table_id = tab.id
        and r.data -> col_name in (select n.data -> col_name from new_rows as n where n.table_id = tab.id and not public.database_cell_empty(n.data -> col_name))
      group by r.data -> col_name, r.data ->> col_name
      having count(*) > 1
      limit 1;
      if repeated is not null then
        raise exception 'The column "%" is unique: "%" is already in another row.', col_name, left(repeated, 40)
          using errcode = '23505', detail = format('column %s', col_name);
      end if;
    end loop;
  end loop;
  return null;
end
$$;
revoke execute on function public.database_unique_rules() from public, anon, authenticated;
create trigger "DatabaseRow_unique_on_insert"
  after insert on public."DatabaseRow"
  referencing new table as new_rows
  for each statement execute function public.database_unique_rules();
create trigger "DatabaseRow_unique_on_update"
  after update on public."DatabaseRow"
  referencing new table as new_rows
  for each statement execute function public.database_unique_rules();

-- Bulk insert, now with the rules: as in 20261125003000, plus defaults filled, a row without a
-- required value or repeating a unique value (of an earlier row sent, or of a row already in the
-- table) skipped and reported by number.
create or replace function public.database_rows_insert(table_id uuid, rows jsonb) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  cols jsonb := public.database_visible_columns(database_rows_insert.table_id);
  lim public."DatabaseLimit";
  defaults jsonb;
  required text[];
  uniques text[];
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
  select coalesce(jsonb_object_agg(c.value ->> 'name', c.value -> 'default') filter (where c.value ? 'default'), '{}'::jsonb),
         coalesce(array_agg(c.value ->> 'name') filter (where c.value -> 'required' = 'true'), '{}'),
         coalesce(array_agg(c.value ->> 'name') filter (where c.value -> 'unique' = 'true'), '{}')
    into defaults, required, uniques
    from jsonb_array_elements(cols) as c;
  if cardinality(uniques) > 0 then
    perform pg_advisory_xact_lock(hashtextextended(database_rows_insert.table_id::text, 14));
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
  converted as (
    select
      i.ord,
      defaults || jsonb_strip_nulls(coalesce(p.data, '{}'::jsonb)) as data,
      case when jsonb_typeof(i.value) is distinct from 'object' then 'is not a set of column values' else p.problem end as problem
    from input as i
    left join per_row as p on p.ord = i.ord
  ),
  -- An empty text value does not hide a default.
  defaulted as (
    select
      c.ord,
      case when defaults = '{}'::jsonb then c.data
           else c.data || coalesce((select jsonb_object_agg(d.key, d.value) from jsonb_each(defaults) as d where c.data -> d.key = '""'::jsonb), '{}'::jsonb)
      end as data,
      c.problem
    from converted as c
  ),
  required_checked as (
    select
      d.ord,
      d.data,
      coalesce(d.problem, (
        select format('has no value in %s, which is required', q.name)
        from unnest(required) with ordinality as q (name, n)
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
    cross join unnest(uniques) with ordinality as u (name, n)
    where r.problem is null and not public.database_cell_empty(r.data -> u.name)
  ),
  -- The unique values already in the table, as (column, value) pairs: one pass, hashed.
  taken as (
    select distinct u.name, s.data -> u.name as value
    from public."DatabaseRow" as s
    cross join unnest(uniques) as u (name)
    where cardinality(uniques) > 0 and s.table_id = database_rows_insert.table_id and s.data ? u.name
  ),
  unique_problems as (
    select distinct on (v.ord) v.ord,
      case
        when t.name is not null
          then format('has "%s" in %s, which another row already has (%s is unique)', left(v.value #>> '{}', 40), v.name, v.name)
        else format('repeats "%s" in %s from row %s (%s is unique)', left(v.value #>> '{}', 40), v.name, v.first_ord, v.name)
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

-- Structure changes with rules: database_table_change of 20261125003000, the same until the
-- steps that block it, then the rules. It answers also
--   rules  [{ column, rule: required|unique, rows }]: rows that have no value in a column made
--          required (and no default to give them) / rows repeating a value in a column made
--          unique. Nothing is applied while there are any.
--   changes gain { kind: 'fill', column, rows, value }: rows without a value in a required column
--          that has a default get the default when the change is applied.
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
  source text;
  new_type text;
  missing bigint;
  repeats bigint;
  rules jsonb := '[]'::jsonb;
  fills jsonb := '[]'::jsonb;
  default_value jsonb;
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

  -- Rules turned on (or kept across a type change) checked on the rows as they will be: a required
  -- column without a value in some rows is refused unless it has a default, which those rows get;
  -- a unique column with repeated values is refused. A rule already on, on an unchanged type,
  -- holds already (every write was checked).
  for c in select x.value from jsonb_array_elements(columns) as x
           where x.value -> 'required' = 'true' or x.value -> 'unique' = 'true' loop
    source := case when jsonb_typeof(c -> 'from') = 'string' then c ->> 'from' end;
    new_type := c ->> 'type';
    old_col := (select o.value from jsonb_array_elements(old_cols) as o where o.value ->> 'name' = source);
    default_value := case when c ? 'default' and jsonb_typeof(c -> 'default') <> 'null'
                          then public.database_convert_value(c -> 'default', new_type) end;
    if c -> 'required' = 'true' and (old_col is null or old_col -> 'required' is distinct from 'true' or old_col ->> 'type' is distinct from new_type) then
      if source is null then
        select count(*) into missing from public."DatabaseRow" as r where r.table_id = database_table_change.table_id;
      else
        select count(*) into missing from public."DatabaseRow" as r
        where r.table_id = database_table_change.table_id
          and public.database_cell_empty(public.database_convert_value(r.data -> source, new_type));
      end if;
      if missing > 0 and default_value is not null and default_value <> '""'::jsonb then
        fills := fills || jsonb_build_array(jsonb_build_object('kind', 'fill', 'column', c ->> 'name', 'rows', missing, 'value', default_value));
      elsif missing > 0 then
        rules := rules || jsonb_build_array(jsonb_build_object('column', c ->> 'name', 'rule', 'required', 'rows', missing));
      end if;
    end if;
    if c -> 'unique' = 'true' and source is not null
       and (old_col -> 'unique' is distinct from 'true' or old_col ->> 'type' is distinct from new_type) then
      select coalesce(sum(g.n), 0) into repeats from (
        select count(*) as n from public."DatabaseRow" as r
        where r.table_id = database_table_change.table_id
          and not public.database_cell_empty(public.database_convert_value(r.data -> source, new_type))
        group by public.database_convert_value(r.data -> source, new_type)
        having count(*) > 1
      ) as g;
      if repeats > 0 then
        rules := rules || jsonb_build_array(jsonb_build_object('column', c ->> 'name', 'rule', 'unique', 'rows', repeats));
      end if;
    end if;
  end loop;
  changes := changes || fills;

  if apply and jsonb_array_length(blocked) = 0 and jsonb_array_length(rules) = 0 then
    -- The column list first: its trigger checks names, types, rules and the limits before any row moves.
    update public."DatabaseTable" as t set columns = final_cols where t.id = database_table_change.table_id
    returning t.columns into final_cols;
    if plan <> '{}'::jsonb then
      update public."DatabaseRow" as r set data = public.database_remap_row(r.data, plan)
      where r.table_id = database_table_change.table_id
        and exists (select 1 from jsonb_object_keys(plan) as k where r.data ? k);
    end if;
    for c in select f.value from jsonb_array_elements(fills) as f loop
      update public."DatabaseRow" as r set data = jsonb_set(r.data, array[c ->> 'column'], c -> 'value', true)
      where r.table_id = database_table_change.table_id and public.database_cell_empty(r.data -> (c ->> 'column'));
    end loop;
    return jsonb_build_object('applied', true, 'changes', changes, 'blockedBy', blocked, 'rules', rules, 'columns', final_cols);
  end if;
  return jsonb_build_object('applied', false, 'changes', changes, 'blockedBy', blocked, 'rules', rules, 'columns', final_cols);
end
$$;
revoke execute on function public.database_table_change(uuid, jsonb, boolean) from public, anon;
grant execute on function public.database_table_change(uuid, jsonb, boolean) to authenticated, service_role;
