-- Custom domains (issue 18): what the server's DNS verification keeps per domain, and a guard so
-- that only the server (service_role) ever writes the verification state.

alter table public."CustomDomain"
  -- Why the last check did not verify the domain, in words an owner can act on; null when verified.
  add column failure_reason text check (failure_reason is null or char_length(failure_reason) <= 500),
  -- When the recurring re-check should look at this domain next; null = never (failed for good).
  add column next_check_at timestamptz default now(),
  -- Start of the current 72-hour window in which a pending domain is re-checked with backoff.
  add column pending_since timestamptz not null default now(),
  -- Failed checks in a row (drives the backoff; reset by a successful check).
  add column check_attempts integer not null default 0 check (check_attempts >= 0),
  -- When the domain was last found verified (kept when it is suspended, so the owner sees it).
  add column verified_at timestamptz,
  -- True when a verified domain lost its DNS record and stopped serving (status is then 'failed').
  add column suspended boolean not null default false;

create index "CustomDomain_next_check_at_idx" on public."CustomDomain" (next_check_at)
  where next_check_at is not null;

-- Column privileges already keep these columns from anon and authenticated; this trigger states the
-- rule in one place and also covers any later grant: only the server sets the verification state.
create function public.custom_domain_server_fields_guard() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      if new.status <> 'pending' or new.checked_at is not null or new.failure_reason is not null
        or new.verified_at is not null or new.suspended or new.check_attempts <> 0 then
        raise exception 'Only the server sets the verification state of a custom domain'
          using errcode = '42501';
      end if;
    elsif new.status is distinct from old.status
      or new.checked_at is distinct from old.checked_at
      or new.verification_token is distinct from old.verification_token
      or new.failure_reason is distinct from old.failure_reason
      or new.next_check_at is distinct from old.next_check_at
      or new.pending_since is distinct from old.pending_since
      or new.check_attempts is distinct from old.check_attempts
      or new.verified_at is distinct from old.verified_at
      or new.suspended is distinct from old.suspended
      or new.owner_id is distinct from old.owner_id
      or new.value is distinct from old.value then
      raise exception 'Only the server sets the verification state of a custom domain'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

create trigger "CustomDomain_server_fields_guard"
  before insert or update on public."CustomDomain"
  for each row execute function public.custom_domain_server_fields_guard();
