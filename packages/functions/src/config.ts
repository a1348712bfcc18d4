// What a host needs to read its settings (the embedded backend's env.ts, `npm start`'s keys),
// without loading the function registry and its dependencies: a backend that refuses its
// settings says so at once, and reading the keys takes a fraction of a second.
export { DEVELOPMENT_DOMAINS, domainsConfigFrom } from './domains/config.ts';
export type { DomainsConfig } from './domains/config.ts';
export { clientAddress, NO_TRUSTED_PROXIES, parseTrustedProxies } from './client-address.ts';
export { DEV_SECRETS_KEY } from './api-secrets.ts';
export { DEFAULT_OUTBOUND_POLICY, DEFAULT_OUTBOUND_PORTS } from './outbound-policy.ts';
export { teacherDomains } from './edge.ts';
