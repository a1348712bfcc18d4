import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Clock, ModelCapability, ModelChunk, ModelRequest } from '@appforge/engine';
import { systemClock } from '@appforge/engine';
import { APICallError, Output, streamText } from 'ai';
import type { LanguageModel } from 'ai';

import { ModelError, isRetryableStatus, toModelError } from './model-error';
import { DEFAULT_RETRY_POLICY, backoffDelay, cancelledError, parseRetryAfter, sleep } from './retry';
import type { RetryEvent, RetryPolicy } from './retry';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 30_000;

/** A model a server offers: the engine's capability plus what the builder's model picker shows. */
export interface CatalogueModel extends ModelCapability {
  readonly provider: 'openai-compatible' | 'offline';
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
}

export interface OpenAICompatibleModelOptions {
  /** The model name the endpoint knows (`gpt-4o-mini`, `llama3.1:8b`, …). */
  readonly id: string;
  /** Shown to people; defaults to the id. */
  readonly label?: string;
  /** The endpoint up to and including `/v1`, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer …`; local servers (Ollama, LM Studio) need none. */
  readonly apiKey?: string;
  readonly contextWindow?: number;
  /** Caps every request's max output tokens. */
  readonly maxOutputTokens?: number;
  /**
   * The endpoint accepts `response_format: { type: 'json_schema' }` (OpenAI, vLLM, recent Ollama).
   * Off by default: then JSON mode (`json_object`) is requested and the schema travels in the prompt.
   */
  readonly structuredOutputs?: boolean;
  /** Longest a whole answer may take, per attempt (default 60 s). */
  readonly timeoutMs?: number;
  /** Longest wait for the first token of a streamed answer (default 30 s). */
  readonly firstTokenTimeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Timers for timeouts and backoff; the real clock unless a test passes another. */
  readonly clock?: Clock;
  /** Called before each retry (for logs and metrics). */
  readonly onRetry?: (event: RetryEvent & { readonly model: string }) => void;
}

/** What the structured-output path needs from a model created here (kept off the public object). */
export interface ProviderBinding {
  readonly languageModel: LanguageModel;
  readonly label: string;
  readonly structuredOutputs: boolean;
  readonly timeoutMs: number;
  readonly maxOutputTokens?: number;
  readonly retry: RetryPolicy;
  readonly clock: Clock;
  readonly onRetry?: (event: RetryEvent & { readonly model: string }) => void;
}

const bindings = new WeakMap<ModelCapability, ProviderBinding>();

export function providerBinding(model: ModelCapability): ProviderBinding | undefined {
  return bindings.get(model);
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Why an attempt's controller was aborted. */
type StopReason = { readonly kind: 'cancelled' } | { readonly kind: 'timeout'; readonly message: string };

/**
 * Runs one attempt under the caller's signal and a timeout: `run` gets a signal that aborts on
 * either; a timeout or cancellation becomes the matching ModelError.
 */
export async function withAttemptTimeout<T>(
  binding: Pick<ProviderBinding, 'clock' | 'label' | 'timeoutMs'>,
  signal: AbortSignal,
  run: (attemptSignal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let stop: StopReason | undefined;
  const onAbort = (): void => {
    stop ??= { kind: 'cancelled' };
    controller.abort();
  };
  if (signal.aborted) throw cancelledError(binding.label);
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = binding.clock.setTimeout(() => {
    stop ??= { kind: 'timeout', message: `${binding.label} did not finish answering within ${seconds(binding.timeoutMs)}. Try again, or ask for a shorter answer.` };
    controller.abort();
  }, binding.timeoutMs);
  try {
    return await run(controller.signal);
  } catch (error) {
    throw stopError(stop, binding.label) ?? toModelError(error, binding.label);
  } finally {
    binding.clock.clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

function stopError(stop: StopReason | undefined, label: string): ModelError | undefined {
  if (stop === undefined) return undefined;
  return stop.kind === 'cancelled' ? cancelledError(label) : new ModelError('timeout', stop.message);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function retryable(error: ModelError): boolean {
  return (error.code === 'rate_limited' || error.code === 'provider_error') && isRetryableStatus(error.status);
}

/**
 * Whether to try again after `error` on attempt `n`, and after how long: only 429, 5xx and
 * connection failures, never once tokens reached the visitor (`committed`), never past the
 * policy's attempts. Waits as Retry-After says (capped) or with exponential backoff.
 */
function retryDelay(binding: Pick<ProviderBinding, 'clock' | 'retry'>, error: ModelError, n: number, committed: boolean): number | undefined {
  if (committed || !retryable(error) || n >= binding.retry.maxAttempts) return undefined;
  const cause: unknown = error.cause;
  const headers = APICallError.isInstance(cause) ? cause.responseHeaders : undefined;
  return backoffDelay(binding.retry, n, parseRetryAfter(headers, binding.clock.now()));
}

/** After the last attempt: the error, saying how many attempts were made when there were several. */
function finalError(error: ModelError, n: number, committed: boolean): ModelError {
  return n > 1 && retryable(error) && !committed ? withAttempts(error, n) : error;
}

async function waitBeforeRetry(binding: Pick<ProviderBinding, 'clock' | 'label' | 'onRetry'>, error: ModelError, n: number, delayMs: number, signal: AbortSignal): Promise<void> {
  const cause: unknown = error.cause;
  const retryAfter = APICallError.isInstance(cause) && parseRetryAfter(cause.responseHeaders, binding.clock.now()) !== undefined;
  binding.onRetry?.({ model: binding.label, attempt: n, delayMs, retryAfter, ...(error.status !== undefined ? { status: error.status } : {}) });
  await sleep(binding.clock, delayMs, signal, binding.label);
}

/** Calls `attempt` until it succeeds, fails for good, or the policy's attempts are spent. */
export async function withRetries<T>(
  binding: Pick<ProviderBinding, 'clock' | 'label' | 'retry' | 'onRetry'>,
  signal: AbortSignal,
  attempt: (attemptNumber: number) => Promise<T>,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (caught) {
      const error = toModelError(caught, binding.label);
      const delayMs = signal.aborted ? undefined : retryDelay(binding, error, n, false);
      if (delayMs === undefined) throw finalError(error, n, false);
      await waitBeforeRetry(binding, error, n, delayMs, signal);
    }
  }
}

function withAttempts(error: ModelError, attempts: number): ModelError {
  return new ModelError(error.code, `${error.message} (${attempts} attempts)`, {
    ...(error.status !== undefined ? { status: error.status } : {}),
    cause: error.cause,
  });
}

/**
 * The engine's model capability for any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM
 * Studio…), through the Vercel AI SDK's `streamText`: text deltas as they arrive, token usage at
 * the end, the request's temperature and max output tokens, its AbortSignal, timeouts and retries.
 */
export function createOpenAICompatibleModel(options: OpenAICompatibleModelOptions): CatalogueModel {
  const label = options.label ?? options.id;
  const provider = createOpenAICompatible({
    name: 'appforge',
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    includeUsage: true,
    supportsStructuredOutputs: options.structuredOutputs ?? false,
  });
  const binding: ProviderBinding = {
    languageModel: provider.chatModel(options.id),
    label,
    structuredOutputs: options.structuredOutputs ?? false,
    timeoutMs: positive(options.timeoutMs, DEFAULT_TIMEOUT_MS),
    ...(options.maxOutputTokens !== undefined ? { maxOutputTokens: options.maxOutputTokens } : {}),
    retry: {
      maxAttempts: Math.max(1, Math.floor(positive(options.retry?.maxAttempts, DEFAULT_RETRY_POLICY.maxAttempts))),
      baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: options.retry?.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
    },
    clock: options.clock ?? systemClock,
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  };
  const firstTokenTimeoutMs = positive(options.firstTokenTimeoutMs, DEFAULT_FIRST_TOKEN_TIMEOUT_MS);

  const model: CatalogueModel = {
    id: options.id,
    label,
    offline: false,
    provider: 'openai-compatible',
    ...(options.contextWindow !== undefined ? { contextWindow: options.contextWindow } : {}),
    ...(options.maxOutputTokens !== undefined ? { maxOutputTokens: options.maxOutputTokens } : {}),
    stream: (request) => streamWithRetries(binding, firstTokenTimeoutMs, request),
  };
  bindings.set(model, binding);
  return model;
}

/** A pull-based bridge: each attempt runs as a generator; retries happen only before the first token. */
async function* streamWithRetries(binding: ProviderBinding, firstTokenTimeoutMs: number, request: ModelRequest): AsyncGenerator<ModelChunk> {
  for (let n = 1; ; n++) {
    const progress = { started: false };
    try {
      yield* streamAttempt(binding, firstTokenTimeoutMs, request, progress);
      return;
    } catch (caught) {
      const error = toModelError(caught, binding.label);
      const delayMs = request.signal.aborted ? undefined : retryDelay(binding, error, n, progress.started);
      if (delayMs === undefined) throw finalError(error, n, progress.started);
      await waitBeforeRetry(binding, error, n, delayMs, request.signal);
    }
  }
}

async function* streamAttempt(
  binding: ProviderBinding,
  firstTokenTimeoutMs: number,
  request: ModelRequest,
  progress: { started: boolean },
): AsyncGenerator<ModelChunk> {
  const { clock, label } = binding;
  if (request.signal.aborted) throw cancelledError(label);
  const controller = new AbortController();
  let stop: StopReason | undefined;
  const onAbort = (): void => {
    stop ??= { kind: 'cancelled' };
    controller.abort();
  };
  request.signal.addEventListener('abort', onAbort, { once: true });
  const total = clock.setTimeout(() => {
    stop ??= { kind: 'timeout', message: `${label} did not finish answering within ${seconds(binding.timeoutMs)}. Try again, or ask for a shorter answer.` };
    controller.abort();
  }, binding.timeoutMs);
  let firstToken: unknown = clock.setTimeout(() => {
    stop ??= { kind: 'timeout', message: `${label} did not start answering within ${seconds(firstTokenTimeoutMs)}. The AI provider may be overloaded; try again.` };
    controller.abort();
  }, firstTokenTimeoutMs);
  const clearFirstToken = (): void => {
    if (firstToken !== undefined) clock.clearTimeout(firstToken);
    firstToken = undefined;
  };
  const maxOutputTokens =
    binding.maxOutputTokens === undefined ? request.settings.maxOutputTokens : Math.min(binding.maxOutputTokens, request.settings.maxOutputTokens);

  try {
    const result = streamText({
      model: binding.languageModel,
      ...(request.system !== undefined && request.system.trim() !== '' ? { system: request.system } : {}),
      prompt: request.prompt,
      // JSON steps ask for JSON mode; the engine still parses and checks the fields itself.
      ...(request.responseFormat === 'json' ? { output: Output.json() } : {}),
      temperature: request.settings.temperature,
      maxOutputTokens,
      abortSignal: controller.signal,
      // Retries are ours: they honour Retry-After with a configurable base and stop after the first token.
      maxRetries: 0,
      // Errors reach us as stream parts; the SDK's default handler would also log them.
      onError: () => undefined,
    });
    let usage: { inputTokens: number; outputTokens: number } | undefined;
    for await (const part of result.fullStream) {
      // Parts buffered before a cancel or timeout must not reach the visitor afterwards.
      if (stop !== undefined) throw stopError(stop, label) ?? cancelledError(label);
      if (part.type === 'text-delta') {
        if (part.text === '') continue;
        clearFirstToken();
        progress.started = true;
        yield { type: 'text', text: part.text };
      } else if (part.type === 'reasoning-delta') {
        // A reasoning model is alive even before its first visible token.
        clearFirstToken();
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw stopError(stop, label) ?? cancelledError(label);
      } else if (part.type === 'finish') {
        usage = { inputTokens: part.totalUsage.inputTokens ?? 0, outputTokens: part.totalUsage.outputTokens ?? 0 };
      }
    }
    if (stop !== undefined) throw stopError(stop, label) ?? cancelledError(label);
    yield { type: 'usage', inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 };
  } catch (error) {
    throw stopError(stop, label) ?? toModelError(error, label);
  } finally {
    clock.clearTimeout(total);
    clearFirstToken();
    request.signal.removeEventListener('abort', onAbort);
    // Releases the connection when the consumer stopped early or something failed.
    controller.abort();
  }
}
