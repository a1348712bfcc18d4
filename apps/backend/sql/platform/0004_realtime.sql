-- What hosted Supabase Realtime provides before any project migration runs (supabase-wire §6):
-- the `supabase_realtime` publication (projects opt tables in with
-- `alter publication supabase_realtime add table …`, the same migration on hosted Supabase),
-- schema realtime with realtime.messages (row-level security on, no policy: private channels are
-- closed until the project adds policies) and realtime.topic() for those policies.
--
-- The embedded backend does not decode WAL: every table in the publication gets an AFTER ROW
-- trigger that NOTIFYs `appforge_realtime` with the change (src/realtime/changes.ts says why). The
-- triggers follow the publication by themselves: an event trigger re-syncs them whenever a
-- publication is created or altered.
-- Idempotent; runs on PGlite (PostgreSQL 18) and PostgreSQL 15.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid() primary key,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now()
);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on table realtime.messages to anon, authenticated, service_role;

-- The channel a private-channel policy is being checked for (`realtime.topic() = 'room:1'`).
create or replace function realtime.topic() returns text
  language sql
  stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- The trigger on each published table. TG_ARGV holds the primary-key column names. The payload
-- is small on purpose (NOTIFY allows < 8000 bytes): the row itself only when it fits.
create or replace function realtime.capture_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  rec jsonb;
  old_rec jsonb;
  pk jsonb := '{}'::jsonb;
  old_pk jsonb := '{}'::jsonb;
  col text;
  body jsonb;
begin
  if tg_op <> 'DELETE' then rec := to_jsonb(new); end if;
  if tg_op <> 'INSERT' then old_rec := to_jsonb(old); end if;
  foreach col in array tg_argv loop
    if rec is not null then pk := pk || jsonb_build_object(col, rec -> col); end if;
    if old_rec is not null then old_pk := old_pk || jsonb_build_object(col, old_rec -> col); end if;
  end loop;
  body := jsonb_build_object(
    's', tg_table_schema,
    't', tg_table_name,
    'y', tg_op,
    'ts', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'k', case when tg_op = 'DELETE' then old_pk else pk end,
    'o', case when tg_op = 'INSERT' then null else old_pk end
  );
  if rec is not null and octet_length(rec::text) < 6000 then
    body := body || jsonb_build_object('r', rec);
  end if;
  -- A deleted row is checked against the read policies as it was: keep it when it fits.
  if tg_op = 'DELETE' and octet_length(old_rec::text) < 6000 then
    body := body || jsonb_build_object('d', old_rec);
  end if;
  perform pg_notify('appforge_realtime', body::text);
  return null;
end
$$;
revoke execute on function realtime.capture_change() from public, anon, authenticated;

-- Installs the capture trigger on every table in supabase_realtime and removes it from tables
-- no longer there. Tables without a primary key are skipped (Supabase needs one for DELETE too).
create or replace function realtime.sync_capture() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  r record;
begin
  for r in
    select c.oid as relid, n.nspname, c.relname
    from pg_trigger tg
    join pg_class c on c.oid = tg.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where tg.tgname = 'appforge_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger appforge_realtime_capture on %I.%I', r.nspname, r.relname);
  end loop;
  for r in
    select c.oid as relid, p.schemaname, p.tablename,
      (select string_agg(quote_literal(a.attname), ', ' order by k.ord)
         from pg_index i
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
         where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and c.relkind in ('r', 'p')
      and not exists (
        select 1 from pg_trigger tg where tg.tgrelid = c.oid and tg.tgname = 'appforge_realtime_capture'
      )
  loop
    if r.pk is null then
      raise warning 'Realtime: %.% has no primary key; its changes are not delivered.', r.schemaname, r.tablename;
      continue;
    end if;
    execute format(
      'create trigger appforge_realtime_capture after insert or update or delete on %I.%I '
      'for each row execute function realtime.capture_change(%s)',
      r.schemaname, r.tablename, r.pk
    );
  end loop;
end
$$;
revoke execute on function realtime.sync_capture() from public, anon, authenticated;

create or replace function realtime.sync_capture_on_ddl() returns event_trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform realtime.sync_capture();
end
$$;

drop event trigger if exists appforge_realtime_publication;
create event trigger appforge_realtime_publication on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION')
  execute function realtime.sync_capture_on_ddl();

select realtime.sync_capture();

-- Whether the current role (and request.jwt.claims) may read `rec` as a row of `rel`: the table
-- privilege, then the SELECT policies evaluated on the row as it was (a deleted row can no longer
-- be selected). Permissive policies are OR-ed, restrictive ones AND-ed, as Postgres does.
create or replace function realtime.row_visible(rel regclass, rec jsonb) returns boolean
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  rls boolean;
  bypass boolean;
  permissive text;
  restrictive text;
  alias text;
  visible boolean;
begin
  if not has_any_column_privilege(rel, 'select') then return false; end if;
  select c.relrowsecurity, c.relname into rls, alias from pg_class c where c.oid = rel;
  select r.rolbypassrls into bypass from pg_roles r where r.rolname = current_user;
  if not rls or bypass then return true; end if;
  select
    string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'false') || ')', ' or ') filter (where p.polpermissive),
    string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ') filter (where not p.polpermissive)
  into permissive, restrictive
  from pg_policy p
  where p.polrelid = rel
    and p.polcmd in ('r', '*')
    and (0 = any (p.polroles) or exists (
      select 1 from unnest(p.polroles) as pr(oid) where pg_has_role(current_user, pr.oid, 'member')
    ));
  if permissive is null then return false; end if;
  execute format(
    'select exists (select 1 from jsonb_populate_record(null::%s, $1) as %I where (%s) and (%s))',
    rel, alias, permissive, coalesce(restrictive, 'true')
  ) using rec into visible;
  return coalesce(visible, false);
end
$$;
grant execute on function realtime.row_visible(regclass, jsonb) to anon, authenticated, service_role;
