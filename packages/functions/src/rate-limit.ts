// Per-visitor and per-app limits for run-app, in memory (per server process / Edge isolate).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

interface Limiters {
  visitor: RateLimiterMemory;
  app: RateLimiterMemory;
}

const byLimit = new Map<number, Limiters>();

/** An app as a whole gets this many times the per-visitor allowance. */
export const APP_LIMIT_FACTOR = 10;

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
export async function consumeRun(perMinute: number, visitorKey: string, appId: string): Promise<RateDecision> {
  const { visitor, app } = limiters(perMinute);
  for (const [scope, limiter, key] of [
    ['visitor', visitor, visitorKey],
    ['app', app, appId],
  ] as const) {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { ok: false, scope, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
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
