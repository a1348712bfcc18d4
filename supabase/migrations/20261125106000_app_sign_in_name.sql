-- The sign-in page is branded with the app a visitor came from (seed §7.1), also on the app's own
-- custom domain. Anyone may read a deployed public or unlisted app's row, but a deployed app open
-- to signed-in people is hidden from signed-out visitors by row-level security — exactly the
-- visitors its sign-in page is for. This function tells its name (and nothing else) to anyone who
-- has the app's id. Apps open only to invited people ("allowed_users") and apps that are not
-- deployed stay unnamed: null, like an unknown id.
create function public.app_sign_in_name(app_id uuid)
  returns text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select a.name
  from public."App" as a
  where a.id = app_sign_in_name.app_id
    and a.deployed_version_id is not null
    and a.visibility in ('public', 'unlisted', 'signed_in');
$$;

revoke all on function public.app_sign_in_name(uuid) from public;
grant execute on function public.app_sign_in_name(uuid) to anon, authenticated, service_role;
