import type { Context } from 'hono';
import type { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { withRequestContext } from '../db/request-context.js';
import type { Caller } from '../http/caller.js';
import { resolveCaller } from '../http/caller.js';
import type { AppEnv, BackendDeps } from '../http/types.js';
import { storageErrors, toStorageError } from './errors.js';
import type { StorageError } from './errors.js';

const MAX_JSON_BYTES = 1024 * 1024;

export type StorageContext = Context<AppEnv>;

/**
 * Who is calling: no token is Storage's header-validation error (or, on routes without that
 * schema, `missing: 'jwt-check'`, its JWT check's "Invalid Compact JWS"); an expired or invalid
 * one InvalidJWT; never anon.
 */
export async function requireCaller(deps: BackendDeps, c: StorageContext, missing: 'header-schema' | 'jwt-check' = 'header-schema'): Promise<Caller> {
  const result = await resolveCaller(deps.jwt, {
    authorization: c.req.header('authorization'),
    apikey: c.req.header('apikey'),
  });
  if (result.ok) return result.caller;
  switch (result.reason) {
    case 'missing':
      throw missing === 'jwt-check' ? storageErrors.accessDenied('Invalid Compact JWS') : storageErrors.missingAuthorization();
    case 'expired':
      throw storageErrors.invalidJwt('jwt expired');
    default:
      throw storageErrors.invalidJwt('Invalid JWT');
  }
}

/** The path below /storage/v1, as Storage puts it into `request.path`. */
function servicePath(c: StorageContext): string {
  const path = new URL(c.req.url).pathname;
  const index = path.indexOf('/storage/v1/');
  return index >= 0 ? path.slice(index + '/storage/v1'.length) : path;
}

/** Runs fn in one transaction as the caller, so storage.objects / storage.buckets RLS decides. */
export function asCaller<T>(
  deps: BackendDeps,
  c: StorageContext,
  caller: Caller,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withRequestContext(
    deps.db,
    {
      role: caller.role,
      claims: caller.claims,
      headers: c.req.header(),
      method: c.req.method,
      path: servicePath(c),
      readOnly,
      statementTimeoutMs: deps.config.statementTimeoutMs,
      schemas: ['storage', 'public'],
    },
    fn,
  );
}

/** Thrown inside a transaction to roll it back on purpose (permission probes). */
export class Rollback extends Error {}

export function errorResponse(deps: BackendDeps, c: StorageContext, error: unknown, duplicate: 'key' | 'bucket' = 'key'): Response {
  const storageError: StorageError = toStorageError(error, duplicate);
  if (storageError.httpStatus >= 500) {
    const log = c.get('log') ?? deps.logger;
    log.error({ err: error }, 'storage request failed');
  }
  return new Response(JSON.stringify(storageError.render()), {
    status: storageError.httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Parses a JSON body against a schema; a bad body is a 400 that names the problem. */
export async function readJson<S extends z.ZodType>(c: StorageContext, schema: S): Promise<z.infer<S>> {
  // Object routes are exempt from the app's body limit (uploads); their JSON bodies are small.
  if (Number(c.req.header('content-length') ?? 0) > MAX_JSON_BYTES) throw storageErrors.invalidRequest('Body is too large');
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw storageErrors.invalidRequest('Body is too large');
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `body/${issue.path.join('/')}` : 'body';
    throw storageErrors.invalidRequest(`${where} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

/** The caller's user id when it is a uuid (storage.objects.owner is uuid; owner_id keeps the text). */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
