-- GoTrue's OAuth 2.1 server clients (auth.oauth_clients), managed by the service role through
-- /auth/v1/admin/oauth/clients (issue 20). The secret is kept only as its SHA-256 (base64url, as
-- GoTrue hashes it); deleting a client soft-deletes it. Nobody but the backend reads the table:
-- row-level security on with no policy, and no grants to anon or authenticated.
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  redirect_uris text[] not null,
  grant_types text[] not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index if not exists oauth_clients_created_at_idx on auth.oauth_clients (created_at desc) where deleted_at is null;
alter table auth.oauth_clients enable row level security;
revoke all on auth.oauth_clients from public, anon, authenticated;
