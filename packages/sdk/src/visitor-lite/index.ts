// @appforge/sdk/visitor-lite: the light visitor entry's client (plain fetch, no supabase-js, no zod).
export { createVisitorLiteClient } from './visitor-lite-client';
export type { VisitorLiteClient, VisitorLiteClientOptions } from './visitor-lite-client';
export { AppforgeError, isNotFound, messageOf } from '../auth-lite/appforge-error';
export { checkRunStreamEvent } from './run-event-checks';
export { applyRunEvent, beginRunStream, IDLE_RUN_STREAM } from '../react/run-stream-state';
export type { RunStreamState } from '../react/run-stream-state';
