-- "The first hour": editing a deployed app took three screens (the frozen version, "change
-- version", its confirmation) before a step could change. open_app_draft() is the one click
-- behind every "Edit steps": it answers the app's editable draft, making it first when there is
-- none.
--
-- * The app's draft (draft_version_id) is returned as it is when it is still a draft (not frozen):
--   a second click, another tab or a double click never makes a second draft.
-- * Otherwise (no draft, or the draft was deployed since and is frozen) the live version (or, for
--   an app that is not deployed, its frozen draft) is copied into a new draft, as "change version"
--   does, and becomes the app's draft. Visitors keep the live version until the draft is deployed.
-- * Security invoker: the caller's row-level security decides. Only the app's owner gets an
--   answer; for anyone else (or an unknown id) the app is "not found" (PT404) and nothing changes.
--   The app's row is locked first, so two calls at once make one draft between them.
create function public.open_app_draft(app_id uuid)
  returns uuid
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  draft_id uuid;
  deployed_id uuid;
  source_id uuid;
  source_number integer;
  source_spec jsonb;
  copy_id uuid;
begin
  select a.draft_version_id, a.deployed_version_id
    into draft_id, deployed_id
    from public."App" as a
    where a.id = open_app_draft.app_id and a.owner_id = (select auth.uid())
    for update;
  if not found then
    raise exception 'This app was not found.' using errcode = 'PT404';
  end if;
  if draft_id is not null and exists (
    select 1 from public."AppVersion" as v where v.id = draft_id and v.app_id = open_app_draft.app_id and not v.frozen
  ) then
    return draft_id;
  end if;
  select v.id, v.number, v.spec
    into source_id, source_number, source_spec
    from public."AppVersion" as v
    where v.id = coalesce(deployed_id, draft_id) and v.app_id = open_app_draft.app_id;
  if not found then
    raise exception 'This app has no steps to edit yet.' using errcode = 'PT409';
  end if;
  insert into public."AppVersion" (app_id, parent_version_id, source, change_summary, spec)
    values (open_app_draft.app_id, source_id, 'manual', format('Copied from version %s', source_number), source_spec)
    returning id into copy_id;
  update public."App" as a set draft_version_id = copy_id where a.id = open_app_draft.app_id;
  return copy_id;
end
$$;

revoke all on function public.open_app_draft(uuid) from public, anon;
grant execute on function public.open_app_draft(uuid) to authenticated, service_role;
