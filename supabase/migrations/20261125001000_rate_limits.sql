-- Shared rate limits: the counters of rate-limiter-flexible's PostgreSQL store (key, points,
-- expire in ms since the epoch), used by every backend process and Edge Function on this database
-- (packages/functions/src/limits.ts, which also runs this same statement list on the embedded
-- backend's start). Its own schema, which the data API does not expose and no API role may use;
-- row-level security on with no policy, so only the database owner (the server) reaches it.
create schema if not exists appforge_internal;
revoke all on schema appforge_internal from public;
create table if not exists appforge_internal.rate_limit (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
alter table appforge_internal.rate_limit enable row level security;
create index if not exists rate_limit_expire_idx on appforge_internal.rate_limit (expire);
