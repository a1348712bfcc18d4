-- Custom domains (#18): the branded sign-in shows the app's or bundle's icon next to its name.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.
--
-- Like app_sign_in_name, for anyone with the id (the sign-in page is for signed-out visitors, who
-- cannot read a signed-in app's row): the icon's storage path (the app-icons bucket is public) of
-- a deployed public, unlisted or signed-in app; for a bundle that is not invite-only, the icon of
-- its first such app in the bundle's order (bundles have no icon of their own). Invite-only items,
-- undeployed apps and unknown ids: null.
create function public.sign_in_icon(item_kind text, item_id uuid)
  returns text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select case sign_in_icon.item_kind
    when 'app' then (
      select a.icon_path from public."App" as a
      where a.id = sign_in_icon.item_id
        and a.deployed_version_id is not null
        and a.visibility in ('public', 'unlisted', 'signed_in'))
    when 'bundle' then (
      select a.icon_path
      from public."Bundle" as b
      join public."BundleApp" as ba on ba.bundle_id = b.id
      join public."App" as a on a.id = ba.app_id
      where b.id = sign_in_icon.item_id
        and b.visibility in ('public', 'unlisted', 'signed_in')
        and a.deployed_version_id is not null
        and a.visibility in ('public', 'unlisted', 'signed_in')
        and a.icon_path is not null
      order by ba.position, a.name
      limit 1)
  end;
$$;

revoke all on function public.sign_in_icon(text, uuid) from public;
grant execute on function public.sign_in_icon(text, uuid) to anon, authenticated, service_role;
