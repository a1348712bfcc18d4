-- Passkeys and WebAuthn MFA (issue 20, Auth 3): what hosted Supabase Auth keeps for
-- `/passkeys/…` and `factor_type: 'webauthn'`. Auth-internal like the rest of the auth schema:
-- no grants to anon/authenticated, row-level security on with no policy (deny by default).

-- A user's passkeys (discoverable credentials that sign in without a password).
create table if not exists auth.webauthn_credentials (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- base64url of the authenticator's raw credential id, as the browser reports it.
  credential_id text not null check (char_length(credential_id) between 1 and 1400),
  public_key bytea not null,
  sign_count bigint not null default 0 check (sign_count >= 0),
  transports jsonb not null default '[]'::jsonb,
  aaguid uuid,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text check (friendly_name is null or char_length(friendly_name) <= 120),
  last_used_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webauthn_credentials_credential_id_key unique (credential_id)
);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

-- Server-side challenges of the passkey ceremonies: single use (deleted when consumed), with expiry.
create table if not exists auth.webauthn_challenges (
  id uuid primary key,
  -- The user registering; null for a sign-in (the credential names the user).
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('registration', 'authentication')),
  challenge text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- WebAuthn MFA factors keep their credential on the factor and the ceremony on the challenge
-- (GoTrue's column names).
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;

alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
revoke all on auth.webauthn_credentials, auth.webauthn_challenges from anon, authenticated;
