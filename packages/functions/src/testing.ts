// For hosts' integration tests (the embedded backend's): the protocol-true fake OpenAI-compatible
// server, re-exported so a host needs no direct dependency on @appforge/models.
export { startFakeOpenAIServer } from '@appforge/models/testing';
export type { FakeOpenAIServer, FakeResponse, RecordedRequest } from '@appforge/models/testing';
// A scripted authoritative DNS server on loopback, for tests of custom-domain verification.
export { startFakeDnsServer } from './domains/fake-dns-server.ts';
export type { FakeDnsServer, ScriptedName } from './domains/fake-dns-server.ts';
// A protocol-true OpenAI-compatible moderation endpoint on loopback (issue 19's content checker).
export { OPENAI_MODERATION_CATEGORIES, startFakeModerationServer } from './safety/fake-moderation-server.ts';
export type { FakeModerationOptions, FakeModerationRequest, FakeModerationScript, FakeModerationServer } from './safety/fake-moderation-server.ts';
