// The server settings custom domains need, read the same way by the embedded backend (its zod
// env) and by Supabase Edge (function secrets): APP_HOST, SCHOOLS_HOST, DOMAIN_CNAME_TARGET,
// DOMAIN_A_RECORDS, DNS_RESOLVER, DNS_TIMEOUT_MS and whether this is production.
import { isIP } from 'node:net';
import type { PlatformTarget } from './dns-check.ts';
import type { PlatformHosts } from './host.ts';

export interface DomainsConfig {
  platform: PlatformHosts;
  target: PlatformTarget;
  /** `host:port` of the DNS resolver verification asks; unset → the system's. */
  resolver: string | undefined;
  /** Per-query DNS timeout. */
  dnsTimeoutMs: number;
}

/** Defaults for local development: localhost, schools.localhost, *.localhost verifying at once. */
export const DEVELOPMENT_DOMAINS: DomainsConfig = Object.freeze({
  platform: { appHost: 'localhost', schoolsHost: 'schools.localhost', development: true },
  target: { cname: 'localhost', addresses: [] },
  resolver: undefined,
  dnsTimeoutMs: 3000,
});

/** From `NAME=value` settings (missing ones fall back to development defaults). */
export function domainsConfigFrom(read: (name: string) => string | undefined): DomainsConfig {
  const production = read('NODE_ENV') === 'production' || read('APPFORGE_ENV') === 'production';
  const appHost = read('APP_HOST')?.trim() || 'localhost';
  return {
    platform: { appHost, schoolsHost: read('SCHOOLS_HOST')?.trim() || 'schools.localhost', development: !production },
    target: {
      cname: read('DOMAIN_CNAME_TARGET')?.trim() || appHost.replace(/:\d+$/, ''),
      addresses: (read('DOMAIN_A_RECORDS') ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => isIP(entry) !== 0),
    },
    resolver: read('DNS_RESOLVER')?.trim() || undefined,
    dnsTimeoutMs: Math.min(Math.max(Number(read('DNS_TIMEOUT_MS')) || 3000, 50), 30_000),
  };
}
