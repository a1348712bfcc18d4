import type { Context } from 'hono';
import type { z } from 'zod';
import type { BackendDeps } from '../http/types.js';
import { errors } from './errors.js';
import type { RateLimits } from './rate-limits.js';
import type { RedirectPolicy } from './redirects.js';
import type { AuthSettings } from './settings.js';
import type { SmsSender } from './sms.js';

/** Everything the auth routes share, built once by createAuthApi. */
export interface AuthContext extends BackendDeps {
  settings: AuthSettings;
  limits: RateLimits;
  redirects: RedirectPolicy;
  /** Public base of this API, e.g. http://127.0.0.1:54321/auth/v1. */
  authBaseUrl: string;
  /** Where SMS codes go (AUTH_SMS_PROVIDER, or test numbers only); undefined: phone sign-in is off. */
  sms: SmsSender | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * The client's address as the gateway resolved it (app.ts, issue 26: X-Forwarded-For only from
 * TRUSTED_PROXIES, else the socket's), so behind Caddy every visitor is not one address.
 */
export function clientIp(c: Context): string {
  const resolved: unknown = c.get('clientAddress');
  if (typeof resolved === 'string') return resolved;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Reads a JSON body (empty → {}), rejecting unparsable JSON with bad_json and bad fields with validation_failed. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await c.req.text();
  let value: unknown = {};
  if (raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw errors.badJson(error instanceof Error ? error.message : 'invalid JSON');
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.badJson('expected a JSON object');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw errors.validation(`Invalid request: ${where}${issue?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Lower-cased, trimmed address, or validation_failed as GoTrue words it. */
export function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) {
    throw errors.validation('Unable to validate email address: invalid format');
  }
  return email;
}
