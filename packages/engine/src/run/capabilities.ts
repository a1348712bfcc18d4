import type { JsonField, ModelSettings } from '../spec/steps';

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export type ModelChunk = { readonly type: 'text'; readonly text: string } | ({ readonly type: 'usage' } & TokenUsage);

export interface ModelRequest {
  readonly system?: string;
  readonly prompt: string;
  readonly settings: ModelSettings;
  /** Aborted on cancellation or timeout: stop generating and release the connection. */
  readonly signal: AbortSignal;
  /** `json` when the step expects a JSON object with `jsonFields` (adapters may enable JSON mode). */
  readonly responseFormat: 'text' | 'json';
  readonly jsonFields?: readonly JsonField[];
  /** The values the prompt referenced, by name, as inserted. Real models ignore this; the offline model summarises it. */
  readonly variables: Readonly<Record<string, string>>;
}

/** A language model, injected: an OpenAI-compatible adapter, the offline model, or a scripted test model. */
export interface ModelCapability {
  readonly id: string;
  /** Shown to people, e.g. "gpt-4o-mini" or "offline model". */
  readonly label: string;
  /** True for the built-in offline model: the UI shows an "offline model" badge. */
  readonly offline: boolean;
  stream(request: ModelRequest): AsyncIterable<ModelChunk>;
}

/**
 * Time, injected so that timeouts are deterministic in tests. The engine uses no timer of its own:
 * pass `systemClock` in production and a manual clock in tests.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The host's real clock; the engine never reaches for timers unless a caller passes this in. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface DatabaseReadRequest {
  readonly databaseId: string;
  readonly tableId: string;
  readonly filters: readonly { readonly column: string; readonly op: string; readonly value: unknown }[];
  readonly limit: number;
  readonly signal: AbortSignal;
}

export interface DatabaseWriteRequest {
  readonly databaseId: string;
  readonly tableId: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
}

/** The app's database, injected by the server (it enforces ownership; the engine only maps variables). */
export interface DatabaseCapability {
  read(request: DatabaseReadRequest): Promise<unknown[]>;
  write(request: DatabaseWriteRequest): Promise<unknown>;
}

export interface ApiCallRequest {
  readonly apiId: string;
  readonly endpointId: string;
  /** The step making the call (for the run's record of calls). */
  readonly stepId?: string;
  /** What of the JSON answer the step keeps (`$.a.b[0]`); absent → the endpoint's own response path. */
  readonly outputPath?: string;
  readonly params: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
}

/** The owner's external APIs, injected by the server (it holds secrets and blocks private addresses). */
export interface ApiCapability {
  call(request: ApiCallRequest): Promise<unknown>;
}
