-- Issue 28, "Embed on your site": an owner lets other sites frame their deployed app. Off by
-- default; the list names the origins that may frame it (Content-Security-Policy frame-ancestors).
-- The web server sends that header, so every origin must be safe to paste into it as it is: the
-- check below refuses anything but a bare origin (no path, no space, no semicolon, no quote), which
-- keeps a stored value from ever rewriting the policy. http is accepted for loopback names only
-- (localhost, 127.0.0.1, *.localhost: a developer trying the embed on their own machine); the
-- production header generator sends https origins only.

create function public.is_embed_origin(origin text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select origin ~ '^https://(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:[0-9]{1,5})?$'
      or origin ~ '^http://(localhost|127\.0\.0\.1|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+localhost)(:[0-9]{1,5})?$';
$$;

create function public.are_embed_origins(origins text[])
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select coalesce(bool_and(public.is_embed_origin(o)), true) from unnest(origins) as o;
$$;

alter table public."App"
  add column embed_enabled boolean not null default false,
  add column embed_origins text[] not null default '{}'
    constraint "App_embed_origins_valid" check (
      cardinality(embed_origins) <= 20 and array_position(embed_origins, null) is null and public.are_embed_origins(embed_origins)
    );

-- Who may frame a deployed app, for the web server (Vite's middleware, Caddy's policy endpoint),
-- which asks without a session. Nothing else of the app is told; an app that is not deployed, has
-- embedding off, or does not exist answers the empty list (frame-ancestors 'none').
create function public.app_frame_ancestors(app_id uuid)
  returns text[]
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(
    (select a.embed_origins
       from public."App" as a
      where a.id = app_frame_ancestors.app_id
        and a.embed_enabled
        and a.deployed_version_id is not null),
    '{}'::text[]);
$$;

revoke all on function public.app_frame_ancestors(uuid) from public;
grant execute on function public.app_frame_ancestors(uuid) to anon, authenticated, service_role;
