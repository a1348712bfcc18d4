-- Project schema part 7: a user's own data stores for their apps.
--   "Database"      a named data store owned by one user
--   "DatabaseTable" a table of a database, with its typed columns as one JSON array
--   "DatabaseRow"   one row of a table, its values keyed by column name
-- An app uses at most one database (App.database_id), and only one its owner owns. Visitors of a
-- deployed app never read these tables: the run-app function serves an app's `database` steps with
-- the service role, scoped to the app's linked database (see @appforge/functions).
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
-- Shape errors use SQLSTATE 23514 (check violation, HTTP 400) with a sentence for people; a link
-- to someone else's database uses 42501 (HTTP 403).

-- Databases -------------------------------------------------------------------------------------

create table public."Database" (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null
    constraint "Database_name_length" check (char_length(name) between 1 and 100 and name = btrim(name)),
  description text not null default ''
    constraint "Database_description_length" check (char_length(description) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "Database_owner_id_idx" on public."Database" (owner_id);

create trigger "Database_set_updated_at"
  before update on public."Database"
  for each row execute function public.set_updated_at();

alter table public."Database" enable row level security;
revoke all on table public."Database" from anon, authenticated;
grant select, delete on table public."Database" to authenticated;
-- owner_id is set once (by default the caller) and never moved to someone else.
grant insert (id, owner_id, name, description),
  update (name, description)
  on table public."Database" to authenticated;
grant all on table public."Database" to service_role;

create policy "Database: an owner reads their databases"
  on public."Database" for select to authenticated
  using ((select auth.uid()) = owner_id);

create policy "Database: a user creates their own databases"
  on public."Database" for insert to authenticated
  with check ((select auth.uid()) = owner_id);

create policy "Database: an owner edits their databases"
  on public."Database" for update to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create policy "Database: an owner deletes their databases"
  on public."Database" for delete to authenticated
  using ((select auth.uid()) = owner_id);

-- Tables ----------------------------------------------------------------------------------------

-- The columns are one JSON array rather than a table of their own: a table's columns are edited as
-- a whole by the builder, and rows are keyed by column name, so a rename is one statement.
-- Shape: [{ "name": 1–64 chars, unique (case-insensitive), "type": "text" | "number" | "boolean" |
-- "date" | "json" | "link", "linkTableId"?: uuid (link columns only) }], at most 100 columns.
create table public."DatabaseTable" (
  id uuid primary key default gen_random_uuid(),
  database_id uuid not null references public."Database" (id) on delete cascade,
  name text not null
    constraint "DatabaseTable_name_length" check (char_length(name) between 1 and 64 and name = btrim(name)),
  columns jsonb not null default '[]'::jsonb,
  position integer not null default 0
    constraint "DatabaseTable_position_not_negative" check (position >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One name per database, whatever its case; also serves the lookups by database.
create unique index "DatabaseTable_database_id_name_idx" on public."DatabaseTable" (database_id, lower(name));

create trigger "DatabaseTable_set_updated_at"
  before update on public."DatabaseTable"
  for each row execute function public.set_updated_at();

-- A trigger rather than a check constraint: it says which column is wrong and why, and it is not
-- a function anyone can call through the API.
create or replace function public.database_table_check_columns() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  col jsonb;
  col_name text;
  col_type text;
  seen text[] := '{}';
  idx integer := 0;
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
    if exists (select 1 from jsonb_object_keys(col) as k where k not in ('name', 'type', 'linkTableId')) then
      raise exception 'Column % may only have a name, a type and a linked table.', idx using errcode = '23514';
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
  end loop;
  return new;
end
$$;
revoke execute on function public.database_table_check_columns() from public, anon, authenticated;

create trigger "DatabaseTable_check_columns"
  before insert or update of columns on public."DatabaseTable"
  for each row execute function public.database_table_check_columns();

alter table public."DatabaseTable" enable row level security;
revoke all on table public."DatabaseTable" from anon, authenticated;
grant select, delete on table public."DatabaseTable" to authenticated;
-- A table stays in the database it was made in.
grant insert (id, database_id, name, columns, position),
  update (name, columns, position)
  on table public."DatabaseTable" to authenticated;
grant all on table public."DatabaseTable" to service_role;

create policy "DatabaseTable: an owner reads their databases' tables"
  on public."DatabaseTable" for select to authenticated
  using (exists (select 1 from public."Database" as d where d.id = database_id and d.owner_id = (select auth.uid())));

create policy "DatabaseTable: an owner adds tables to their databases"
  on public."DatabaseTable" for insert to authenticated
  with check (exists (select 1 from public."Database" as d where d.id = database_id and d.owner_id = (select auth.uid())));

create policy "DatabaseTable: an owner edits their databases' tables"
  on public."DatabaseTable" for update to authenticated
  using (exists (select 1 from public."Database" as d where d.id = database_id and d.owner_id = (select auth.uid())))
  with check (exists (select 1 from public."Database" as d where d.id = database_id and d.owner_id = (select auth.uid())));

create policy "DatabaseTable: an owner deletes their databases' tables"
  on public."DatabaseTable" for delete to authenticated
  using (exists (select 1 from public."Database" as d where d.id = database_id and d.owner_id = (select auth.uid())));

-- Rows ------------------------------------------------------------------------------------------

-- Values are keyed by column NAME; they are checked against the column types by whoever writes
-- (the SDK for the builder, run-app for an app's `database` step). The database guarantees a JSON
-- object of at most 64 KB as text.
create table public."DatabaseRow" (
  id uuid primary key default gen_random_uuid(),
  table_id uuid not null references public."DatabaseTable" (id) on delete cascade,
  data jsonb not null default '{}'::jsonb
    constraint "DatabaseRow_data_is_object" check (jsonb_typeof(data) = 'object')
    constraint "DatabaseRow_data_size" check (octet_length(data::text) <= 64 * 1024),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index "DatabaseRow_table_id_idx" on public."DatabaseRow" (table_id, created_at);

create trigger "DatabaseRow_set_updated_at"
  before update on public."DatabaseRow"
  for each row execute function public.set_updated_at();

alter table public."DatabaseRow" enable row level security;
revoke all on table public."DatabaseRow" from anon, authenticated;
grant select, delete on table public."DatabaseRow" to authenticated;
-- A row stays in the table it was made in.
grant insert (id, table_id, data),
  update (data)
  on table public."DatabaseRow" to authenticated;
grant all on table public."DatabaseRow" to service_role;

create policy "DatabaseRow: an owner reads their tables' rows"
  on public."DatabaseRow" for select to authenticated
  using (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

create policy "DatabaseRow: an owner adds rows to their tables"
  on public."DatabaseRow" for insert to authenticated
  with check (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

create policy "DatabaseRow: an owner edits their tables' rows"
  on public."DatabaseRow" for update to authenticated
  using (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ))
  with check (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

create policy "DatabaseRow: an owner deletes their tables' rows"
  on public."DatabaseRow" for delete to authenticated
  using (exists (
    select 1 from public."DatabaseTable" as t join public."Database" as d on d.id = t.database_id
    where t.id = table_id and d.owner_id = (select auth.uid())
  ));

-- The rows of a table that match every filter, oldest first, at most max_rows (≤ 1000): what an
-- app's `database` step reads. filters: [{ "column": name, "op": "eq" | "neq" | "contains" | "gt" |
-- "lt" | "gte" | "lte", "value": text }]. Values compare as numbers in number columns, as dates
-- (yyyy-mm-dd) in date columns and as text otherwise; contains is a substring match in any case; a
-- row without a value (or with one that is not a number or date where one is expected) matches
-- only neq. Runs with the caller's rights, so row-level security decides whose rows it sees;
-- run-app calls it with the service role after checking the table is in the app's database.
create or replace function public.database_table_rows(table_id uuid, filters jsonb default '[]'::jsonb, max_rows integer default 50)
  returns setof public."DatabaseRow"
  language sql
  stable
  set search_path = ''
as $$
  with wanted as (
    select
      f.value ->> 'column' as col,
      f.value ->> 'op' as op,
      f.value ->> 'value' as val,
      coalesce((
        select c.value ->> 'type'
        from public."DatabaseTable" as t, jsonb_array_elements(t.columns) as c
        where t.id = database_table_rows.table_id and c.value ->> 'name' = f.value ->> 'column'
        limit 1
      ), 'text') as kind
    from jsonb_array_elements(
      case when jsonb_typeof(database_table_rows.filters) = 'array' then database_table_rows.filters else '[]'::jsonb end
    ) as f
  )
  select r.*
  from public."DatabaseRow" as r
  where r.table_id = database_table_rows.table_id
    and not exists (
      select 1
      from wanted as w
      cross join lateral (select r.data ->> w.col as stored) as s
      where not coalesce(
        case
          when w.op not in ('eq', 'neq', 'contains', 'gt', 'lt', 'gte', 'lte') then false
          when s.stored is null then w.op = 'neq'
          when w.op = 'contains' then strpos(lower(s.stored), lower(coalesce(w.val, ''))) > 0
          when w.kind = 'number' then
            case
              when s.stored ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$'
                and w.val ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' then
                case w.op
                  when 'eq' then s.stored::numeric = w.val::numeric
                  when 'neq' then s.stored::numeric <> w.val::numeric
                  when 'gt' then s.stored::numeric > w.val::numeric
                  when 'lt' then s.stored::numeric < w.val::numeric
                  when 'gte' then s.stored::numeric >= w.val::numeric
                  else s.stored::numeric <= w.val::numeric
                end
              else w.op = 'neq'
            end
          when w.kind = 'date' then
            case
              when s.stored ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' and w.val ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
                case w.op
                  when 'eq' then left(s.stored, 10) = w.val
                  when 'neq' then left(s.stored, 10) <> w.val
                  when 'gt' then left(s.stored, 10) > w.val
                  when 'lt' then left(s.stored, 10) < w.val
                  when 'gte' then left(s.stored, 10) >= w.val
                  else left(s.stored, 10) <= w.val
                end
              else w.op = 'neq'
            end
          else
            case w.op
              when 'eq' then s.stored = w.val
              when 'neq' then s.stored is distinct from w.val
              when 'gt' then s.stored > w.val
              when 'lt' then s.stored < w.val
              when 'gte' then s.stored >= w.val
              else s.stored <= w.val
            end
        end,
        false
      )
    )
  order by r.created_at, r.id
  limit least(greatest(coalesce(database_table_rows.max_rows, 50), 0), 1000)
$$;
revoke execute on function public.database_table_rows(uuid, jsonb, integer) from public, anon;
grant execute on function public.database_table_rows(uuid, jsonb, integer) to authenticated, service_role;

-- The app's database ----------------------------------------------------------------------------

alter table public."App"
  add constraint "App_database_id_fkey"
    foreign key (database_id) references public."Database" (id) on delete set null;
create index "App_database_id_idx" on public."App" (database_id);

-- An app uses only a database its owner owns: checked with the definer's eyes, so someone else's
-- database is refused by name rather than hidden by their policies, whoever writes (the service
-- role included).
create or replace function public.app_check_database() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.database_id is not null and not exists (
    select 1 from public."Database" as d where d.id = new.database_id and d.owner_id = new.owner_id
  ) then
    raise exception 'An app can only use a database that belongs to its owner.'
      using errcode = '42501', detail = format('database %s does not belong to the owner of app %s', new.database_id, new.id),
            hint = 'Pick one of your own databases.';
  end if;
  return new;
end
$$;
revoke execute on function public.app_check_database() from public, anon, authenticated;

create trigger "App_check_database"
  before insert or update of database_id, owner_id on public."App"
  for each row execute function public.app_check_database();
