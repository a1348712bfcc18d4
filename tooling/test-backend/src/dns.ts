// The outside world's DNS for custom-domain tests: a scripted authoritative server on loopback
// (the one the backend's own domain tests use). Start it in the test file and give its port as
// `dnsResolverPort` (setupAppforgeBackend's options). Node only: import it from test files.
export { startFakeDnsServer } from '@appforge/functions/testing';
export type { FakeDnsServer, ScriptedName } from '@appforge/functions/testing';
