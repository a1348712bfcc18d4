import type { Clock } from '@appforge/engine';

import { ModelError } from './model-error';

export interface RetryPolicy {
  /** Attempts in all, the first included (default 3). */
  readonly maxAttempts: number;
  /** Delay before the second attempt; doubled for each further one (default 500 ms). */
  readonly baseDelayMs: number;
  /** No single wait is longer than this, even when Retry-After asks for more (default 20 s). */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 20_000 };

/** What a caller may log or count: one entry per retry. */
export interface RetryEvent {
  /** The attempt that failed (1-based). */
  readonly attempt: number;
  readonly delayMs: number;
  readonly status?: number;
  /** True when the delay came from the provider's Retry-After header. */
  readonly retryAfter: boolean;
}

/**
 * Retry-After in seconds or as an HTTP date (RFC 9110), plus the `retry-after-ms` header OpenAI
 * sends. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Readonly<Record<string, string | undefined>> | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  const lower = (name: string): string | undefined => {
    for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
    return undefined;
  };
  const ms = lower('retry-after-ms');
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = lower('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffDelay(policy: RetryPolicy, failedAttempt: number, retryAfterMs: number | undefined): number {
  const exponential = policy.baseDelayMs * 2 ** (failedAttempt - 1);
  return Math.min(policy.maxDelayMs, retryAfterMs ?? exponential);
}

/** Waits on the injected clock; rejects with `cancelled` as soon as the signal aborts. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal, model: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(cancelledError(model));
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(cancelledError(model));
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function cancelledError(model: string): ModelError {
  return new ModelError('cancelled', `The request to ${model} was cancelled before it finished.`);
}
