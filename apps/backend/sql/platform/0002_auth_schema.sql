-- The GoTrue tables of the auth schema (supabase-wire §1), as far as the embedded auth API uses
-- them. Column names follow GoTrue so that SQL written against hosted Supabase (triggers on
-- auth.users, joins on auth.identities) keeps working. Owned by the server's connection role;
-- anon and authenticated get nothing here: they only reach auth.uid()/role()/email()/jwt().
-- Idempotent: safe to run on a database that already has the tables.

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  phone text,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_partial_key
  on auth.users (lower(email)) where email is not null and is_sso_user = false;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;
create index if not exists users_created_at_idx on auth.users (created_at);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  factor_id uuid,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id, created_at);

-- `token` holds the SHA-256 of the refresh token, never the token itself.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint refresh_tokens_token_unique unique (token)
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  secret text,
  phone text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  ip_address text,
  otp_code text,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- PKCE flow state (GoTrue columns) plus what the OAuth round trip needs to remember:
-- where to send the user back, the provider's own PKCE verifier, and the user being linked.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text,
  code_challenge_method text,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  flow_type text not null default 'pkce' check (flow_type in ('pkce', 'implicit')),
  redirect_to text,
  provider_code_verifier text,
  link_user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

-- E-mail codes and links: token_hash = hex SHA-224 of (address || code), `pkce_`-prefixed for
-- PKCE flows. One live token per user and type; `attempts` counts wrong codes.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token')),
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  attempts integer not null default 0,
  flow_state_id uuid references auth.flow_state (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (relates_to);

revoke all on auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.mfa_factors,
  auth.mfa_challenges, auth.mfa_amr_claims, auth.flow_state, auth.one_time_tokens
  from anon, authenticated;
revoke all on sequence auth.refresh_tokens_id_seq from anon, authenticated;
