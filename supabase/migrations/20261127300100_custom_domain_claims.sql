-- Custom domains (issue 26, items 5 and 6): a domain is claimed only through manage-domain, the
-- platform's own hosts and IP literals can never be claimed (refused here whoever writes), a pending
-- claim never blocks the domain's real owner (several accounts may claim a host; the first whose DNS
-- records verify keeps it and the other claims are dropped), and anonymous callers and other users
-- read only what routing needs: host → target, never the owner or the verification token.

-- Platform hosts -------------------------------------------------------------------------------

-- The hosts that are the platform's own. The development defaults are here; manage-domain adds the
-- configured APP_HOST (with every name under it) and SCHOOLS_HOST before each claim, so a hosted
-- project needs no extra step.
create table public.platform_host (
  host text primary key check (char_length(host) between 1 and 253 and host = lower(host)),
  -- True for the app host in production: nobody may claim api.<app host> either.
  with_subdomains boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger platform_host_set_updated_at
  before update on public.platform_host
  for each row execute function public.set_updated_at();
alter table public.platform_host enable row level security;
revoke all on table public.platform_host from anon, authenticated;
grant all on table public.platform_host to service_role;

insert into public.platform_host (host, with_subdomains) values ('localhost', false), ('schools.localhost', false);

-- Why a host can never be a custom domain, or null. A last label that is all digits or 0x… makes
-- browsers read the whole name as an IPv4 address (WHATWG URL: "ends in a number"), so 10.1,
-- 0x7f.0.0.1 and 192.0.2.10 are all addresses, never names; IPv6 literals already fail the shape check.
create function public.custom_domain_host_problem(candidate text) returns text
  language sql
  stable
  set search_path = ''
as $$
  select case
    when candidate ~ '\.(0x[0-9a-f]*|[0-9]+)$' then 'an IP address'
    when exists (
      select 1 from public.platform_host as p
      where p.host = candidate
        or (p.with_subdomains and right(candidate, char_length(p.host) + 1) = '.' || p.host)
    ) then 'one of the platform''s own hosts'
    else null
  end
$$;
revoke all on function public.custom_domain_host_problem(text) from public;
grant execute on function public.custom_domain_host_problem(text) to service_role;

create function public.custom_domain_host_guard() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  problem text := public.custom_domain_host_problem(new.value);
begin
  if problem is not null then
    raise exception '% cannot be a custom domain: it is %', new.value, problem
      using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function public.custom_domain_host_guard() from public;

create trigger "CustomDomain_host_guard"
  before insert or update of value on public."CustomDomain"
  for each row execute function public.custom_domain_host_guard();

-- Claims that could only have been made by going around manage-domain are void.
delete from public."CustomDomain" where public.custom_domain_host_problem(value) is not null;

-- Several claims per host, one verified -------------------------------------------------------

-- Verification wins: a host may be claimed by several accounts while unverified; at most one claim
-- is verified at a time, and when one verifies the others are dropped (trigger below).
alter table public."CustomDomain" drop constraint "CustomDomain_pkey";
alter table public."CustomDomain" add constraint "CustomDomain_pkey" primary key (value, owner_id);
create unique index "CustomDomain_one_verified_claim" on public."CustomDomain" (value) where status = 'verified';

create function public.custom_domain_verification_wins() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from public."CustomDomain" where value = new.value and owner_id <> new.owner_id;
  return null;
end;
$$;
revoke all on function public.custom_domain_verification_wins() from public;

create trigger "CustomDomain_verification_wins"
  after insert or update of status on public."CustomDomain"
  for each row when (new.status = 'verified')
  execute function public.custom_domain_verification_wins();

-- Who reads and writes what -------------------------------------------------------------------

-- Writes go through manage-domain (service role), which validates the host and the target. An owner
-- may still delete their own claim directly: releasing a domain needs no check.
revoke insert, update on table public."CustomDomain" from anon, authenticated;
drop policy "CustomDomain: an owner adds a domain for their app or bundle" on public."CustomDomain";
drop policy "CustomDomain: an owner repoints their domains" on public."CustomDomain";

-- Reads: only the routing columns (seed §7.1's query, plus status, which the readers filter on).
-- The owner, the token and the check details are read by manage-domain for the owner's screens.
revoke select on table public."CustomDomain" from anon, authenticated;
grant select (value, app_id, is_app, is_landing_page, bundle_id, is_bundle, status)
  on table public."CustomDomain" to anon, authenticated;

-- The plan page counts the caller's domains; the owner column is not theirs to read.
create function public.my_custom_domain_count() returns integer
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select count(*)::integer from public."CustomDomain" where owner_id = (select auth.uid())
$$;
revoke all on function public.my_custom_domain_count() from public;
grant execute on function public.my_custom_domain_count() to authenticated, service_role;
