-- realtime.visible_rows(rel, recs): which rows of a batch (a JSON array of rows of rel, as the
-- changes left them) the current role may select, by their position (1-based). The same rule as
-- realtime.row_visible (table privilege; SELECT policies that apply to the role, permissive OR-ed,
-- restrictive AND-ed; BYPASSRLS and tables without RLS see all), but the policies are looked up
-- and planned once per batch instead of once per row: the change feed checks a batch of changes
-- per identity in one statement.
create or replace function realtime.visible_rows(rel regclass, recs jsonb) returns setof bigint
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
begin
  if not has_any_column_privilege(rel, 'select') then return; end if;
  select c.relrowsecurity, c.relname into rls, alias from pg_class c where c.oid = rel;
  select r.rolbypassrls into bypass from pg_roles r where r.rolname = current_user;
  if not rls or bypass then
    return query select o.n from jsonb_array_elements(recs) with ordinality as o(v, n);
    return;
  end if;
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
  if permissive is null then return; end if;
  -- The row is the policies' only relation, under the table's own name (as in row_visible); the
  -- batch's position travels in a column-free ordinality so policy expressions cannot name it.
  return query execute format(
    'select realtime_batch.realtime_position from jsonb_array_elements($1) with ordinality as realtime_batch(realtime_row, realtime_position)
       cross join lateral (select * from jsonb_populate_record(null::%s, realtime_batch.realtime_row)) as %I
       where (%s) and (%s)',
    rel, alias, permissive, coalesce(restrictive, 'true')
  ) using recs;
end
$$;
grant execute on function realtime.visible_rows(regclass, jsonb) to anon, authenticated, service_role;

-- One rule in one place: realtime.row_visible (0004, one row) is now the one-row case of visible_rows.
create or replace function realtime.row_visible(rel regclass, rec jsonb) returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select exists (select 1 from realtime.visible_rows(rel, jsonb_build_array(rec)))
$$;
