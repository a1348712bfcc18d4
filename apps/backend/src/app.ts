import { randomUUID } from 'node:crypto';
import { clientAddress, functions as defaultFunctions, parseTrustedProxies } from '@appforge/functions';
import type { ContentChecker, FunctionRegistry } from '@appforge/functions';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createAuthApi } from './auth/index.js';
import { createFunctionsApi } from './functions/host.js';
import { bodyLimit } from './http/body-limit.js';
import { resolveCaller } from './http/caller.js';
import { cors } from './http/cors.js';
import type { AppEnv, BackendDeps } from './http/types.js';
import { createRealtimeApi } from './realtime/http.js';
import type { RealtimeServer } from './realtime/server.js';
import { createRestApi } from './rest/index.js';
import { createStorageApi } from './storage/index.js';
import type { Readiness } from './ops/ready.js';
import { BACKEND_VERSION } from './version.js';

export interface AppExtras {
  /** Function handlers by name; defaults to @appforge/functions. */
  functions?: FunctionRegistry;
  /** Loopback URL of this server (for the functions' service-role client); defaults to API_EXTERNAL_URL. */
  selfUrl?: () => string;
  /** /ready's check (database reachable, migrations applied); without it /ready checks the database only. */
  readiness?: () => Promise<Readiness>;
  /** verify_jwt per function (supabase/config.toml); unlisted or absent: true. */
  verifyJwt?: (name: string) => boolean;
  /** The realtime service (its websocket is attached to the HTTP server by createBackend). */
  realtime?: RealtimeServer;
  /** Issue 19: the content checker of class runs, for the functions (ctx.safety). */
  contentChecker?: ContentChecker;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Storage object uploads carry files far larger than a JSON body; storage enforces its own
 * (per-bucket and global) size limits on them as it streams.
 */
function bodyLimitApplies(path: string): boolean {
  return !/^\/storage\/v1\/(object|upload)\//.test(path);
}

/** The whole HTTP surface: Supabase's gateway layout with every service mounted under its prefix. */
export function createApp(deps: BackendDeps, extra: AppExtras = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const trustedProxies = parseTrustedProxies(deps.config.trustedProxies);
  app.use('*', deps.metrics.middleware);
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ request_id: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
    c.set('clientAddress', clientAddress({ socketAddress: socket, forwardedFor: c.req.header('x-forwarded-for') ?? null, trusted: trustedProxies }));
    const started = performance.now();
    await next();
    if (c.get('gatewayHeadersSet') !== true) c.res.headers.set('x-request-id', requestId);
    if (log.isLevelEnabled('info')) {
      log.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          ua: c.req.header('user-agent'),
        },
        'request',
      );
    }
  });
  app.use('*', cors());
  app.use('*', bodyLimit(deps.config.maxBodyBytes, bodyLimitApplies));

  app.get('/health', async (c) => {
    try {
      await deps.db.query('select 1');
      return c.json({ status: 'ok', database: deps.db.kind, version: BACKEND_VERSION });
    } catch (error) {
      c.get('log').error({ err: error }, 'health check: database unavailable');
      return c.json({ status: 'unavailable', database: deps.db.kind, version: BACKEND_VERSION }, 503);
    }
  });

  // Operations: /ready for load balancers and orchestrators, /metrics for Prometheus (with the
  // service-role key as bearer token: the figures are not for visitors).
  app.get('/ready', async (c) => {
    const readiness = extra.readiness ?? (async (): Promise<Readiness> => {
      try {
        await deps.db.query('select 1');
        return { ready: true };
      } catch {
        return { ready: false, reason: 'database_unreachable' };
      }
    });
    const report = await readiness();
    return c.json({ ...report, database: deps.db.kind, version: BACKEND_VERSION }, report.ready ? 200 : 503);
  });
  app.get('/metrics', async (c) => {
    const caller = await resolveCaller(deps.jwt, { authorization: c.req.header('authorization') });
    if (!caller.ok || caller.caller.role !== 'service_role') {
      return c.json({ code: 'unauthorized', message: 'Metrics need the service-role key as bearer token' }, 401);
    }
    const body = await deps.metrics.scrape().catch(() => undefined);
    if (body === undefined) return c.json({ code: 'metrics_unavailable', message: 'The other backend processes did not send their figures in time' }, 503);
    return c.body(body, 200, { 'content-type': deps.metrics.registry.contentType });
  });

  app.route('/auth/v1', createAuthApi(deps));
  app.route('/rest/v1', createRestApi(deps, { schemas: deps.config.restSchemas }));
  app.route('/storage/v1', createStorageApi(deps, { fileSizeLimit: deps.config.storageFileSizeLimit }));
  app.route(
    '/functions/v1',
    createFunctionsApi(deps, {
      registry: extra.functions ?? defaultFunctions,
      selfUrl: extra.selfUrl ?? (() => deps.config.apiExternalUrl),
      ...(extra.verifyJwt ? { verifyJwt: extra.verifyJwt } : {}),
      ...(extra.contentChecker ? { safety: extra.contentChecker } : {}),
    }),
  );

  if (extra.realtime) app.route('/realtime/v1', createRealtimeApi(extra.realtime, deps.sharedLimits));

  app.notFound((c) =>
    c.json({ code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404),
  );

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json(
        { code: 'http_error', message: error.message || 'Request failed' },
        error.status,
      );
    }
    // A route reading a malformed JSON body (c.req.json()) is the client's mistake, not ours.
    if (error instanceof SyntaxError && /JSON/i.test(error.message)) {
      return c.json({ code: 'bad_json', message: 'Could not parse the request body as JSON' }, 400);
    }
    const requestId = c.get('requestId');
    (c.get('log') ?? deps.logger).error({ err: error, request_id: requestId }, 'unhandled error');
    return c.json(
      { code: 'internal_error', message: 'Something went wrong on the server', request_id: requestId },
      500,
    );
  });

  return app;
}
