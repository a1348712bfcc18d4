-- Old records as Supabase Realtime sends them: an UPDATE of a table with `replica identity full`
-- carries the whole old row in old_record (when it fits in the notification); other tables carry
-- only the primary key, as before. A DELETE already carries the deleted row ('d', for the RLS
-- check); the change feed decides what a subscriber receives of either: only the columns its role
-- may select, and for a DELETE the whole old row only under replica identity full on a table
-- without RLS (with RLS, only the primary key, as Supabase's walrus does).
create or replace function realtime.capture_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  rec jsonb;
  old_rec jsonb;
  pk jsonb := '{}'::jsonb;
  old_pk jsonb := '{}'::jsonb;
  old_full boolean := false;
  col text;
  body jsonb;
begin
  if tg_op <> 'DELETE' then rec := to_jsonb(new); end if;
  if tg_op <> 'INSERT' then old_rec := to_jsonb(old); end if;
  if tg_op = 'UPDATE' then
    select c.relreplident = 'f' into old_full from pg_class c where c.oid = tg_relid;
  end if;
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
  -- The whole old row of an UPDATE under replica identity full, when the notification still fits
  -- (NOTIFY allows < 8000 bytes); otherwise old_record stays the primary key.
  if tg_op = 'UPDATE' and old_full and octet_length(body::text) + octet_length(old_rec::text) < 7000 then
    body := body || jsonb_build_object('o', old_rec);
  end if;
  perform pg_notify('appforge_realtime', body::text);
  return null;
end
$$;
revoke execute on function realtime.capture_change() from public, anon, authenticated;
