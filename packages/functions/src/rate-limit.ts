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

export type RateDecision = { ok: true } | { ok: false; scope: 'visitor' | 'app'; retryAfterSeconds: number };

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
