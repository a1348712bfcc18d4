// What a server needs to read its configuration, without loading the functions themselves:
// the backend's environment parser imports this subpath, so reading the keys (`npm start`) or
// the settings takes a fraction of a second instead of the whole package's import.
export { DEVELOPMENT_DOMAINS, domainsConfigFrom } from './domains/config.ts';
export { clientAddress, NO_TRUSTED_PROXIES, parseTrustedProxies } from './client-address.ts';
export { DEV_SECRETS_KEY } from './api-secrets.ts';
export { DEFAULT_OUTBOUND_POLICY, DEFAULT_OUTBOUND_PORTS } from './outbound-policy.ts';
export { teacherDomains } from './edge.ts';
