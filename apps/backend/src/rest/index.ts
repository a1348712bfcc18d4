import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { resolveCaller } from '../http/caller.js';
import { CORS_RESPONSE_HEADERS } from '../http/cors.js';
import type { AppEnv, BackendDeps } from '../http/types.js';
import type { RestCaller } from './engine.js';
import { createEngine } from './engine.js';
import { RestError } from './errors.js';
import type { SchemaCache } from './schema-cache.js';
import { loadSchemaCache } from './schema-cache.js';

export interface RestApiOptions {
  /** Schemas reachable through Accept-Profile/Content-Profile; the first is the default. */
  schemas?: readonly string[];
  /** db-max-rows: cap on rows a read returns (Supabase default 1000). */
  maxRows?: number;
}

export type RestApi = Hono<AppEnv> & {
  /** Re-reads the catalogue (call after migrations; `NOTIFY pgrst, 'reload schema'` does the same). */
  reload: () => Promise<void>;
  /** Resolves once the first schema load finished (rejects if it failed). */
  ready: () => Promise<SchemaCache>;
};

const REFRESH_INTERVAL_MS = 1000;

/** The PostgREST-compatible data API, mounted at /rest/v1. */
/**
 * The request's headers with lower-cased names. Under the Node server they come straight from
 * node:http's parsed object (repeated headers joined with ", " as a Headers object joins them),
 * without building a web Headers.
 */
function requestHeaders(c: Context<AppEnv>): Record<string, string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const headers: Record<string, string> = {};
  if (incoming?.headers) {
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return headers;
  }
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

export function createRestApi(deps: BackendDeps, options: RestApiOptions = {}): RestApi {
  const schemas = options.schemas ?? ['public'];
  const maxRows = options.maxRows ?? 1000;
  let current: Promise<SchemaCache> | undefined;
  let listening = false;

  const load = (): Promise<SchemaCache> => loadSchemaCache(deps.db, schemas);
  const getCache = (): Promise<SchemaCache> => {
    if (!current) {
      current = load();
      current.catch(() => {
        // A failed load is retried by the next request instead of being cached.
        current = undefined;
      });
      if (!listening) {
        listening = true;
        // The database releases the LISTEN connection itself when it closes.
        deps.db
          .listen('pgrst', (payload) => {
            const text = payload.trim();
            // 'reload config' re-reads the authenticator's pgrst.* settings, kept with the schema.
            if (text === '' || text === 'reload schema' || text === 'reload config') {
              reload().catch(() => undefined);
            }
          })
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'rest: could not LISTEN pgrst'));
      }
    }
    return current;
  };
  const reload = async (): Promise<void> => {
    const next = load();
    try {
      await next;
      current = next;
    } catch (error) {
      deps.logger.error({ err: error }, 'rest: schema cache reload failed');
      throw error;
    }
  };

  // At most one catalogue re-read per second for names the cache does not know.
  let lastRefresh = 0;
  const refreshCache = async (): Promise<SchemaCache | undefined> => {
    const now = Date.now();
    if (now - lastRefresh < REFRESH_INTERVAL_MS) return undefined;
    lastRefresh = now;
    try {
      await reload();
    } catch {
      return undefined;
    }
    return getCache();
  };

  const engine = createEngine({
    db: deps.db,
    schemas,
    maxRows,
    statementTimeoutMs: deps.config.statementTimeoutMs,
    aggregatesEnabled: deps.config.restAggregatesEnabled,
    planEnabled: deps.config.restPlanEnabled,
    getCache,
    refreshCache,
  });

  async function callerFor(c: Context<AppEnv>): Promise<RestCaller | RestError> {
    const authorization = c.req.header('authorization');
    const apikey = c.req.header('apikey');
    // The JWT service remembers verified tokens (signature once, times on every use).
    const result = await resolveCaller(deps.jwt, { authorization, apikey });
    if (!result.ok) {
      if (result.reason === 'missing') {
        // No credentials at all: PostgREST's anonymous role (Supabase's CLI gateway does the same).
        return { role: 'anon', claims: { role: 'anon' } };
      }
      if (result.reason === 'expired') {
        return new RestError(401, 'PGRST303', 'JWT expired', null, null, {
          'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
        });
      }
      const parts = (/^bearer\s+(\S+)/i.exec(authorization ?? '')?.[1] ?? apikey ?? '').split('.').length;
      const message =
        result.reason === 'role'
          ? 'JWT role is not one of anon, authenticated, service_role'
          : parts !== 3
            ? `Expected 3 parts in JWT; got ${parts}`
            : 'JWT cryptographic operation failed';
      return new RestError(401, 'PGRST301', message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
      });
    }
    return { role: result.caller.role, claims: result.caller.claims };
  }

  const app = new Hono<AppEnv>();
  app.all('/*', async (c) => {
    const caller = await callerFor(c);
    if (caller instanceof RestError) {
      return c.body(JSON.stringify(caller.body()), caller.status as 401, {
        'Content-Type': 'application/json; charset=utf-8',
        ...caller.headers,
      });
    }
    const url = new URL(c.req.url);
    const method = c.req.method.toUpperCase();
    // A raw binary body (`application/octet-stream`, for a function's single unnamed bytea
    // parameter) is kept as bytes; every other body is text.
    const binary = method === 'POST' && /^\s*application\/octet-stream\s*(?:;|$)/i.test(c.req.header('content-type') ?? '');
    const bytes = binary ? new Uint8Array(await c.req.arrayBuffer()) : undefined;
    const body = method === 'GET' || method === 'HEAD' ? undefined : bytes ? Buffer.from(bytes).toString('utf8') : await c.req.text();
    const headers = requestHeaders(c);
    const mount = c.req.routePath.replace(/\/\*$/, '');
    const path = url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) || '/' : url.pathname;
    const response = await engine.handle({ method, path, search: url.searchParams, headers, body, bytes }, caller);
    const status = response.status as 200;
    // The gateway's headers go on with the route's own as one plain object: the Node adapter then
    // writes them as they are, without building (and the middlewares without mutating) a Headers.
    const answerHeaders = { ...response.headers, ...CORS_RESPONSE_HEADERS, 'x-request-id': c.get('requestId') };
    c.set('gatewayHeadersSet', true);
    return new Response(response.body, { status, headers: answerHeaders });
  });

  return Object.assign(app, { reload, ready: getCache });
}
