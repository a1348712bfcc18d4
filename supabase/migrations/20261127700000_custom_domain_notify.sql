-- Issue 26: the auth server keeps the verified custom domains in memory (its redirect policy sends
-- any of them through the hand-over page). A domain that was just connected, removed or lost must
-- count at once, not at the next periodic reload: every change to a domain's value or status
-- notifies the backend processes, which reload the set.
create or replace function appforge_internal.notify_custom_domain_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform pg_notify('appforge_custom_domains', '');
  return null;
end;
$$;

revoke all on function appforge_internal.notify_custom_domain_change() from public;

create trigger custom_domain_notify
  after insert or delete or update of value, status on public."CustomDomain"
  for each statement execute function appforge_internal.notify_custom_domain_change();
