// Runs a handler as a Supabase Edge Function (Deno.serve), where the platform gateway has already
// verified the JWT (verify_jwt = true): here we only read the caller from it.
import type { ModelCatalogue } from '@appforge/models';
import type { SupabaseClient } from '@supabase/supabase-js';
import { domainsConfigFrom } from './domains/config.ts';
import { errorResponse } from './http.ts';
import type { Limits } from './limits.ts';
import { clientAddress, parseTrustedProxies } from './client-address.ts';
import type { ContentChecker } from './safety/types.ts';
import { DEFAULT_OUTBOUND_POLICY } from './outbound-policy.ts';
import type { FunctionCaller, FunctionEnv, FunctionHandler, FunctionLogger } from './types.ts';

/** The CORS answer Supabase's docs give Edge Functions, widened to what supabase-js sends. */
export const EDGE_CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
};

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * The caller from `Authorization: Bearer <jwt>`; null for the anon key or a non-JWT key. Only
 * decodes: signature and expiry were checked by the gateway before the function ran.
 */
export function callerFromAuthorization(authorization: string | null): FunctionCaller | null {
  const token = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  let claims: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof parsed !== 'object' || parsed === null) return null;
    claims = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email : null;
  if (claims.role === 'authenticated' && typeof claims.sub === 'string') {
    return { id: claims.sub, email, role: 'authenticated', claims };
  }
  if (claims.role === 'service_role') return { id: null, email: null, role: 'service_role', claims };
  return null;
}

export interface EdgeOptions {
  /** A service-role client (createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY)). */
  supabase: SupabaseClient;
  env: FunctionEnv;
  /** The language models (edgeModels from edge-models.ts), for the AI functions; others need none. */
  models?: ModelCatalogue;
  log?: FunctionLogger;
  /**
   * The shared limits, for functions that limit (run-app): postgresLimits(new Pool({ connectionString:
   * SUPABASE_DB_URL })), the database URL hosted Supabase gives every function.
   */
  limits?: Limits;
  /** The content checker of class runs (run-app): createContentCheckerFromEnv(read). */
  safety?: ContentChecker;
  /**
   * Issue 26: TRUSTED_PROXIES (addresses or CIDR ranges, e.g. the platform gateway's) whose
   * X-Forwarded-For names the client; without it the connection's address is the client's.
   */
  trustedProxies?: readonly string[];
}

/** What Deno.serve passes beside the request: the connection's peer. */
export interface EdgeConnectionInfo {
  remoteAddr?: { hostname?: string };
}

const consoleLogger: FunctionLogger = {
  info: (fields, message) => console.log(JSON.stringify({ level: 'info', msg: message, ...fields })),
  warn: (fields, message) => console.warn(JSON.stringify({ level: 'warn', msg: message, ...fields })),
  error: (fields, message) => console.error(JSON.stringify({ level: 'error', msg: message, ...fields })),
};

/** `Deno.serve(createEdgeHandler(addUser, {...}))`: CORS, caller, and a JSON 500 on a throw. */
export function createEdgeHandler(handler: FunctionHandler, options: EdgeOptions): (req: Request, info?: EdgeConnectionInfo) => Promise<Response> {
  const log = options.log ?? consoleLogger;
  const models = options.models;
  const limits = options.limits;
  // Parsed once at boot: a bad TRUSTED_PROXIES stops the function from starting, naming the entry.
  const trusted = parseTrustedProxies(options.trustedProxies ?? []);
  return async (req, info) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: EDGE_CORS_HEADERS });
    let response: Response;
    try {
      response = await handler(req, {
        supabase: options.supabase,
        caller: callerFromAuthorization(req.headers.get('authorization')),
        env: options.env,
        // Kept out of edge.ts's imports so functions without AI do not bundle the AI SDK.
        get models(): ModelCatalogue {
          if (!models) throw new Error('This function was deployed without models: pass edgeModels(read)');
          return models;
        },
        log,
        clientAddress: clientAddress({ socketAddress: info?.remoteAddr?.hostname, forwardedFor: req.headers.get('x-forwarded-for'), trusted }),
        ...(options.safety ? { safety: options.safety } : {}),
        get limits(): Limits {
          if (!limits) throw new Error('This function was deployed without limits: pass postgresLimits(pool)');
          return limits;
        },
      });
    } catch (error) {
      log.error({ error: error instanceof Error ? error.message : String(error) }, 'function threw');
      response = errorResponse(500, 'function_error', 'The function failed');
    }
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(EDGE_CORS_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** TRUSTED_PROXIES as an Edge Function reads it from its secrets: a comma list. */
export function edgeTrustedProxies(read: (name: string) => string | undefined): string[] {
  return (read('TRUSTED_PROXIES') ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/** ACCESS_POLICY / ACCESS_ALLOW_LIST / INTERCOM_SECRET as an Edge Function reads them from its secrets. */
export function edgeEnv(read: (name: string) => string | undefined): FunctionEnv {
  const policy = read('ACCESS_POLICY');
  const supabaseUrl = read('SUPABASE_URL')?.trim();
  return {
    accessPolicy: policy === 'invite' ? 'invite' : 'open',
    accessAllowList: (read('ACCESS_ALLOW_LIST') ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
    intercomSecret: read('INTERCOM_SECRET') || undefined,
    runRateLimitPerMinute: positiveInteger(read('RUN_RATE_LIMIT_PER_MINUTE')) ?? 30,
    // Supabase sets SUPABASE_URL for every Edge Function: the project's public API URL.
    ...(supabaseUrl ? { publicUrl: supabaseUrl } : {}),
    ...edgeApisEnv(read),
    ...edgePayments(read),
    // Hosted functions are production unless NODE_ENV says otherwise (no *.localhost shortcut there).
    domains: domainsConfigFrom((name) => read(name) ?? (name === 'NODE_ENV' ? 'production' : undefined)),
    // Classrooms (issue 19)
    ...(teacherDomains(read('TEACHER_EMAIL_DOMAINS')).length > 0 ? { teacherEmailDomains: teacherDomains(read('TEACHER_EMAIL_DOMAINS')) } : {}),
    // Issue 28: the built web app, for the share-page function (self-hosted behind Caddy).
    ...(read('WEB_ROOT')?.trim() ? { webRoot: read('WEB_ROOT')?.trim() } : {}),
  };
}

// ── Your APIs (issue 15) ──
/** SECRETS_KEY (≥ 32 chars) and SECRETS_KEY_PREVIOUS; without a key the API functions answer 503. The loopback test hatch never opens here. */
function edgeApisEnv(read: (name: string) => string | undefined): Pick<FunctionEnv, 'apis'> {
  const current = read('SECRETS_KEY')?.trim();
  if (!current || current.length < 32) return {};
  const previous = (read('SECRETS_KEY_PREVIOUS') ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
  const ports = (read('OUTBOUND_PORTS') ?? '').split(',').map((p) => positiveInteger(p)).filter((p): p is number => p !== undefined && p <= 65535);
  return {
    apis: {
      secretKeys: { current, previous },
      outbound: { ...DEFAULT_OUTBOUND_POLICY, ...(ports.length > 0 ? { allowedPorts: ports } : {}), allowLoopbackForTests: false },
    },
  };
}

/** #17: Stripe from STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET; never the test checkout on Edge. */
function edgePayments(read: (name: string) => string | undefined): Pick<FunctionEnv, 'payments'> {
  const siteUrl = read('SITE_URL')?.trim().replace(/\/+$/, '');
  if (!siteUrl) return {};
  const secretKey = read('STRIPE_SECRET_KEY')?.trim();
  const webhookSecret = read('STRIPE_WEBHOOK_SECRET')?.trim();
  return { payments: { siteUrl, testCheckout: false, ...(secretKey && webhookSecret ? { stripe: { secretKey, webhookSecret } } : {}) } };
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value >= 1 ? value : undefined;
}

// Classrooms (issue 19)
/** TEACHER_EMAIL_DOMAINS: a comma list of domains (`school.edu`, `@school.edu` too), lower-cased. */
export function teacherDomains(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter((entry) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(entry));
}
