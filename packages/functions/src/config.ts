// What a host needs to read its settings (the embedded backend's env.ts), without loading the
// function registry and its dependencies: a backend that refuses its settings says so at once.
export { domainsConfigFrom } from './domains/config.ts';
export type { DomainsConfig } from './domains/config.ts';
export { parseTrustedProxies } from './client-address.ts';
export { DEV_SECRETS_KEY } from './api-secrets.ts';
export { DEFAULT_OUTBOUND_POLICY } from './outbound-policy.ts';
export { teacherDomains } from './edge.ts';
