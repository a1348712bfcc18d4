// Per-visitor and per-app limits for run-app, on the shared limits (limits.ts): every backend
// process and Edge isolate on one database counts against the same allowance.
import type { Limits } from './limits.ts';

/** An app as a whole gets this many times the per-visitor allowance. */
export const APP_LIMIT_FACTOR = 10;

export type RateDecision = { ok: true } | { ok: false; scope: 'visitor' | 'app' | 'api_key'; retryAfterSeconds: number };

/** Takes one run from the visitor's and the app's allowance for this minute. */
export async function consumeRun(limits: Limits, perMinute: number, visitorKey: string, appId: string): Promise<RateDecision> {
  const visitor = limits.limiter({ name: 'run-visitor', points: perMinute, durationSeconds: 60 });
  const app = limits.limiter({ name: 'run-app', points: perMinute * APP_LIMIT_FACTOR, durationSeconds: 60 });
  for (const [scope, limiter, key] of [
    ['visitor', visitor, visitorKey],
    ['app', app, appId],
  ] as const) {
    const decision = await limiter.consume(key);
    if (!decision.ok) return { ok: false, scope, retryAfterSeconds: decision.retryAfterSeconds };
  }
  return { ok: true };
}

// API keys (issue #16): each key's own allowance per minute, on the same shared limits.
/** Takes one run from the key's allowance for this minute (its rate_limit_per_minute). */
export async function consumeApiKeyRun(limits: Limits, apiKeyId: string, perMinute: number): Promise<RateDecision> {
  const decision = await limits.limiter({ name: 'run-api-key', points: perMinute, durationSeconds: 60 }).consume(apiKeyId);
  return decision.ok ? { ok: true } : { ok: false, scope: 'api_key', retryAfterSeconds: decision.retryAfterSeconds };
}
