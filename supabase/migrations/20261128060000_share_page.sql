-- Issue 28, "Pages that preview when shared": the web server (Vite's middleware, the backend
-- function Caddy asks) puts a page's title, description, icon and price into the HTML before any
-- JavaScript runs, and lists public pages in sitemap.xml. It asks without a session, so these two
-- functions run as their owner and tell only what a signed-out visitor may already read: a
-- deployed app that is public or unlisted, a bundle that is public or unlisted. Private apps
-- (signed-in people or invited people only), drafts and unknown ids answer nothing at all.

-- One page's public facts, or null. kind: 'app' (deployed app and landing page) or 'bundle'.
create function public.share_page_facts(kind text, id uuid)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select case share_page_facts.kind
    when 'app' then (
      select jsonb_build_object(
               'name', a.name,
               'description', a.description,
               'icon_path', a.icon_path,
               'price', a.price,
               'listed', a.visibility = 'public')
        from public."App" as a
       where a.id = share_page_facts.id
         and a.deployed_version_id is not null
         and a.visibility in ('public', 'unlisted'))
    when 'bundle' then (
      select jsonb_build_object(
               'name', b.name,
               'description', b.description,
               'icon_path', null,
               'price', b.price,
               'listed', b.visibility = 'public')
        from public."Bundle" as b
       where b.id = share_page_facts.id
         and b.visibility in ('public', 'unlisted'))
  end;
$$;

revoke all on function public.share_page_facts(text, uuid) from public;
grant execute on function public.share_page_facts(text, uuid) to anon, authenticated, service_role;

-- The pages sitemap.xml lists: on a platform host (custom_host null) every public deployed app's
-- landing page and app page and every public bundle; on a custom domain only its own verified
-- target, when that target is public. Unlisted, private and draft pages are never listed.
create function public.share_sitemap(custom_host text default null)
  returns table (path text, updated_at timestamptz)
  language sql
  stable
  security definer
  set search_path = ''
as $$
  with listed_apps as (
    select a.id, a.updated_at from public."App" as a
     where a.deployed_version_id is not null and a.visibility = 'public'
  ), listed_bundles as (
    select b.id, b.updated_at from public."Bundle" as b where b.visibility = 'public'
  ), domain as (
    select d.* from public."CustomDomain" as d
     where share_sitemap.custom_host is not null
       and d.value = lower(share_sitemap.custom_host)
       and d.status = 'verified'
  ), pages as (
    select '/landing-page/' || a.id as path, a.updated_at from listed_apps as a where share_sitemap.custom_host is null
    union all
    select '/deployed-app/' || a.id, a.updated_at from listed_apps as a where share_sitemap.custom_host is null
    union all
    select '/bundle/' || b.id, b.updated_at from listed_bundles as b where share_sitemap.custom_host is null
    union all
    select case when d.is_landing_page then '/landing-page/' else '/deployed-app/' end || a.id, a.updated_at
      from domain as d join listed_apps as a on a.id = d.app_id
     where d.is_app or d.is_landing_page
    union all
    select '/bundle/' || b.id, b.updated_at
      from domain as d join listed_bundles as b on b.id = d.bundle_id
     where d.is_bundle
  )
  select p.path, p.updated_at from pages as p order by p.updated_at desc, p.path limit 50000;
$$;

revoke all on function public.share_sitemap(text) from public;
grant execute on function public.share_sitemap(text) to anon, authenticated, service_role;
