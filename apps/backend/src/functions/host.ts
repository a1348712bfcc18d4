import { createModelCatalogue } from '@appforge/functions';
import type { ContentChecker, FunctionCaller, FunctionContext, FunctionRegistry, ModelCatalogue } from '@appforge/functions';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { nodeWebSocket } from '../http/ws-transport.js';
import { resolveCaller } from '../http/caller.js';
import type { AppEnv, BackendDeps } from '../http/types.js';

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface FunctionsHostOptions {
  registry: FunctionRegistry;
  /** Loopback URL of this server, for the service-role client handlers receive. */
  selfUrl: () => string;
  /** supabase/config.toml's verify_jwt per function (unlisted: true, as on Supabase). */
  verifyJwt?: (name: string) => boolean;
  /** Issue 19: the content checker of class runs (ctx.safety). SEAM: default to teacher-safety's createContentChecker(). */
  safety?: ContentChecker;
}

/**
 * `/functions/v1/<name>`: runs web-standard handlers the way Supabase Edge Functions run them
 * (verify_jwt on): the gateway verifies the token, the handler answers with any status.
 */
export function createFunctionsApi(deps: BackendDeps, options: FunctionsHostOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let client: SupabaseClient | undefined;
  const serviceClient = (): SupabaseClient => {
    client ??= createClient(options.selfUrl(), deps.jwt.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: nodeWebSocket },
    });
    return client;
  };
  const env = Object.freeze({
    accessPolicy: deps.config.accessPolicy,
    accessAllowList: deps.config.accessAllowList,
    intercomSecret: deps.config.intercomSecret,
    runRateLimitPerMinute: deps.config.runRateLimitPerMinute,
    publicUrl: deps.config.apiExternalUrl,
    apis: deps.config.apis,
    // #17: Stripe when configured; the local test checkout only in development.
    payments: Object.freeze({
      ...(deps.config.stripe ? { stripe: deps.config.stripe } : {}),
      testCheckout: deps.config.mode !== 'production' && !deps.config.stripe,
      siteUrl: deps.config.siteUrl,
    }),
    domains: deps.config.domains,
    // Classrooms (issue 19)
    teacherEmailDomains: deps.config.teacherEmailDomains,
    ...(deps.config.webRoot === undefined ? {} : { webRoot: deps.config.webRoot }),
  });
  // Built once per server, on first use: a bad AI configuration then fails the AI functions with a
  // clear 500 in the log rather than every function.
  let models: ModelCatalogue | undefined;
  const catalogue = (): ModelCatalogue => {
    const { baseUrl, apiKey, model, offlineChunkDelayMs } = deps.config.ai;
    models ??= createModelCatalogue({
      offlineChunkDelayMs,
      ...(baseUrl ? { baseUrl } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(model ? { defaultModel: model } : {}),
    });
    return models;
  };

  app.all('*', async (c) => {
    const [, name = '', ...rest] = c.req.path.replace(/^\/functions\/v1/, '').split('/');
    const log = c.get('log');
    if (!NAME.test(name)) return c.json({ code: 'not_found', message: 'Function not found' }, 404);
    const handler = Object.hasOwn(options.registry, name) ? options.registry[name] : undefined;
    if (!handler) return c.json({ code: 'not_found', message: `Function ${name} not found` }, 404);

    const resolved = await resolveCaller(deps.jwt, {
      authorization: c.req.header('authorization'),
      apikey: c.req.header('apikey'),
    });
    // verify_jwt = false: the function runs whatever the header holds; a valid JWT still names the caller.
    const verify = options.verifyJwt?.(name) ?? true;
    if (!resolved.ok && verify) {
      const message =
        resolved.reason === 'missing'
          ? 'Missing authorization header'
          : resolved.reason === 'expired'
            ? 'JWT has expired'
            : 'Invalid JWT';
      c.header('sb-error-code', resolved.reason === 'missing' ? 'missing_authorization' : 'invalid_jwt');
      return c.json({ code: resolved.reason === 'missing' ? 'missing_authorization' : 'invalid_jwt', message }, 401);
    }
    const verified = resolved.ok ? resolved.caller : undefined;
    const caller: FunctionCaller | null =
      verified === undefined || verified.role === 'anon'
        ? null
        : {
            id: verified.userId ?? null,
            email: typeof verified.claims.email === 'string' && verified.claims.email !== '' ? verified.claims.email : null,
            role: verified.role,
            claims: Object.freeze({ ...verified.claims }),
          };

    // Hosted functions see their own path: /<name>/<rest>?<query>.
    const incoming = new URL(c.req.url);
    const url = new URL(`/${[name, ...rest].join('/')}${incoming.search}`, incoming.origin);
    const request = new Request(url, c.req.raw);
    const context: FunctionContext = {
      supabase: serviceClient(),
      caller,
      env,
      get models() {
        return catalogue();
      },
      log: log.child({ function: name }),
      limits: deps.sharedLimits,
      clientAddress: c.get('clientAddress'),
      metrics: deps.metrics.functions,
      mailer: deps.mailer,
      ...(options.safety ? { safety: options.safety } : {}),
    };
    let response: unknown;
    try {
      response = await handler(request, context);
    } catch (error) {
      log.error({ err: error, function: name }, 'function threw');
      return c.json(
        { code: 'function_error', message: `Function ${name} failed`, request_id: c.get('requestId') },
        500,
      );
    }
    if (!(response instanceof Response)) {
      log.error({ function: name }, 'function returned something that is not a Response');
      c.header('x-relay-error', 'true');
      return c.json(
        { code: 'relay_error', message: `Function ${name} returned no Response`, request_id: c.get('requestId') },
        502,
      );
    }
    // Copy so the app's middleware can add CORS and request-id headers even to immutable responses.
    const headers = new Headers(response.headers);
    headers.delete('x-relay-error');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return app;
}
