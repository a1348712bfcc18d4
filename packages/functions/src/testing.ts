// For hosts' integration tests (the embedded backend's): the protocol-true fake OpenAI-compatible
// server, re-exported so a host needs no direct dependency on @appforge/models.
export { startFakeOpenAIServer } from '@appforge/models/testing';
export type { FakeOpenAIServer, FakeResponse, RecordedRequest } from '@appforge/models/testing';
