// Per-visitor and per-app limits for run-app, on the shared limits (limits.ts): every backend
// process and Edge isolate on one database counts against the same allowance.
import type { Limits } from './limits.ts';

/** An app as a whole gets this many times the per-visitor allowance. */
export const APP_LIMIT_FACTOR = 10;

export type RateDecision = { ok: true } | { ok: false; scope: 'visitor' | 'app'; retryAfterSeconds: number };
function limiters(perMinute: number): Limiters {
  let found = byLimit.get(perMinute);
  if (!found) {
    found = {
      visitor: new RateLimiterMemory({ keyPrefix: 'run-visitor', points: perMinute, duration: 60 }),
      app: new RateLimiterMemory({ keyPrefix: 'run-app', points: perMinute * APP_LIMIT_FACTOR, duration: 60 }),
    };
    byLimit.set(perMinute, found);
  }
  return found;
}

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

// API keys (issue #16) ------------------------------------------------------------------------
// SEAM for the shared Postgres-backed limiter (#12): replace the RateLimiterMemory below with the
// shared store behind this same function; callers only use consumeApiKeyRun.
const keyLimiters = new Map<number, RateLimiterMemory>();

/** Takes one run from the key's allowance for this minute (its rate_limit_per_minute). */
export async function consumeApiKeyRun(apiKeyId: string, perMinute: number): Promise<RateDecision> {
  let limiter = keyLimiters.get(perMinute);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: 'run-api-key', points: perMinute, duration: 60 });
    keyLimiters.set(perMinute, limiter);
  }
  try {
    await limiter.consume(apiKeyId);
    return { ok: true };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { ok: false, scope: 'api_key', retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  }
}
