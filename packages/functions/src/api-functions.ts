// The server functions of "Your APIs": `api-secret` (the owner sets or clears an API's secret —
// the only way a secret gets in; no browser role can read or write ApiSecret) and `api-test-call`
// (the test console: one call of the owner's endpoint through the guarded client), and
// `api-base-url-check` (a base URL judged by the outbound guard's rule before it is saved).
import { z } from 'zod';
import { callEndpoint, loadEndpoint, ApiCallError } from './api-call.ts';
import type { ApiCallEnv } from './api-call.ts';
import { encryptSecret, lastFour, SecretUnreadableError } from './api-secrets.ts';
import { issuesMessage, readSmallJsonBody } from './apps.ts';
import { errorResponse, json, signedInUser } from './http.ts';
import { DEFAULT_OUTBOUND_POLICY, baseUrlRefusal } from './outbound.ts';
import type { FunctionContext, FunctionHandler } from './types.ts';

const uuid = (name: string) => z.uuid({ message: `${name} must be a UUID` });

const secretBody = z.object({
  api_id: uuid('api_id'),
  /** The new secret; null removes it. */
  secret: z
    .string({ message: 'secret must be text or null' })
    .min(1, { message: 'secret cannot be empty; send null to remove it' })
    .max(4000, { message: 'secret has at most 4000 characters' })
    .refine((value) => !/[\r\n\0]/.test(value), { message: 'secret cannot contain line breaks' })
    .nullable(),
});

const testBody = z.object({
  api_id: uuid('api_id'),
  endpoint_id: uuid('endpoint_id'),
  params: z.record(z.string().max(100), z.string().max(10_000, { message: 'a parameter value has at most 10000 characters' })).default({}),
});

const baseUrlBody = z.object({
  base_url: z.string({ message: 'base_url must be text' }).trim().min(1, { message: 'base_url cannot be empty' }).max(2000, { message: 'base_url has at most 2000 characters' }),
});

type Prelude = { ok: true; userId: string; env: ApiCallEnv; body: unknown } | { ok: false; response: Response };

/** Outbound calls a person may make per minute from the test console and OpenAPI import together. */
export const OUTBOUND_CALLS_PER_MINUTE = 60;

/**
 * Takes one outbound call from the person's allowance (shared limits: every process counts);
 * a 429 with Retry-After when it is used up. Counted before the body is read, so a flood of
 * malformed requests is limited too.
 */
export async function outboundAllowance(ctx: FunctionContext, userId: string): Promise<Response | null> {
  const decision = await ctx.limits.limiter({ name: 'api-outbound', points: OUTBOUND_CALLS_PER_MINUTE, durationSeconds: 60 }).consume(`user:${userId}`);
  if (decision.ok) return null;
  return json(
    429,
    { code: 'rate_limited', message: `Too many API calls; try again in ${decision.retryAfterSeconds} s` },
    { 'retry-after': String(decision.retryAfterSeconds) },
  );
}

async function prelude(req: Request, ctx: FunctionContext): Promise<Prelude> {
  if (req.method !== 'POST') return { ok: false, response: errorResponse(405, 'method_not_allowed', 'Use POST') };
  const user = signedInUser(ctx);
  if (!user) return { ok: false, response: errorResponse(401, 'sign_in_required', 'Sign in to manage your APIs') };
  const env = ctx.env.apis;
  if (!env) return { ok: false, response: errorResponse(503, 'apis_not_configured', 'API calls are not configured on this server (SECRETS_KEY)') };
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw;
  return { ok: true, userId: user.id, env, body: raw.value };
}

/** POST {api_id, secret | null} → 200 {secret_set, secret_last4}; never echoes the secret. */
export const apiSecret: FunctionHandler = async (req, ctx) => {
  const start = await prelude(req, ctx);
  if (!start.ok) return start.response;
  const body = secretBody.safeParse(start.body);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const { api_id: apiId, secret } = body.data;
  const api = await ctx.supabase.from('Api').select('id').eq('id', apiId).eq('owner_id', start.userId).maybeSingle<{ id: string }>();
  if (api.error) throw new Error(`Reading the API failed: ${api.error.message}`);
  if (!api.data) return errorResponse(404, 'api_not_found', 'You have no such API');
  if (secret === null) {
    const removed = await ctx.supabase.from('ApiSecret').delete().eq('api_id', apiId);
    if (removed.error) throw new Error(`Removing the secret failed: ${removed.error.message}`);
  } else {
    const saved = await ctx.supabase
      .from('ApiSecret')
      .upsert({ api_id: apiId, ciphertext: encryptSecret(secret, apiId, start.env.secretKeys) }, { onConflict: 'api_id' });
    if (saved.error) throw new Error(`Saving the secret failed: ${saved.error.message}`);
  }
  const marker = { secret_set: secret !== null, secret_last4: secret === null ? '' : lastFour(secret) };
  const updated = await ctx.supabase.from('Api').update(marker).eq('id', apiId);
  if (updated.error) throw new Error(`Saving the API failed: ${updated.error.message}`);
  return json(200, marker);
};

/**
 * POST {api_id, endpoint_id, params} → 200 {status, ok, headers, duration_ms, size_bytes, body,
 * truncated, output, request: {method, url, curl}} for any answer of the API (the secret masked
 * everywhere); 422 {code, message} when the call was refused or failed before an answer. Records
 * the result as the API's health (last_test_*).
 */
export const apiTestCall: FunctionHandler = async (req, ctx) => {
  const start = await prelude(req, ctx);
  if (!start.ok) return start.response;
  const limited = await outboundAllowance(ctx, start.userId);
  if (limited) return limited;
  const body = testBody.safeParse(start.body);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const { api_id: apiId, endpoint_id: endpointId, params } = body.data;
  let loaded;
  try {
    loaded = await loadEndpoint(ctx.supabase, start.env, start.userId, apiId, endpointId);
  } catch (error) {
    if (error instanceof SecretUnreadableError) return errorResponse(409, 'secret_unreadable', error.message);
    throw error;
  }
  if (!loaded) return errorResponse(404, 'api_not_found', 'You have no such API or endpoint');
  const health = async (status: number, ms: number): Promise<void> => {
    const saved = await ctx.supabase
      .from('Api')
      .update({ last_test_status: status, last_test_ms: Math.round(ms), last_test_at: new Date().toISOString() })
      .eq('id', apiId);
    if (saved.error) ctx.log.warn({ api_id: apiId, error: saved.error.message }, 'saving the API health failed');
  };
  const started = performance.now();
  try {
    const result = await callEndpoint(loaded, params, start.env, { signal: req.signal });
    await health(result.status, result.durationMs);
    return json(200, {
      status: result.status,
      ok: result.ok,
      headers: result.headers,
      duration_ms: Math.round(result.durationMs * 10) / 10,
      size_bytes: result.sizeBytes,
      body: result.bodyText,
      truncated: result.truncated,
      output: result.output ?? null,
      request: result.request,
    });
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    const reachedServer = !['missing_parameter', 'unknown_parameter', 'invalid_parameter', 'secret_missing', 'header_injection'].includes(error.code);
    if (reachedServer) await health(0, performance.now() - started);
    return errorResponse(422, error.code, error.message);
  }
};

/**
 * POST {base_url} → 200 {ok: true} when the outbound guard would let calls to it through (a host
 * that does not resolve yet passes), else 422 {code, message, field: 'base_url'} with the guard's
 * words (`blocked_address`, `blocked_port`, `blocked_scheme`, `invalid_url`, `host_not_allowed`).
 * The SDK asks before saving an API, so a private or loopback host is refused at save time, not
 * at the first call; the call path still checks every call. Follows the same policy (and the
 * OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS switch); without API calls configured, the default policy.
 */
export const apiBaseUrlCheck: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to manage your APIs');
  // Resolving a name is a lookup on the person's behalf: it counts like an outbound call.
  const limited = await outboundAllowance(ctx, user.id);
  if (limited) return limited;
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = baseUrlBody.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const refusal = await baseUrlRefusal(body.data.base_url, ctx.env.apis?.outbound ?? DEFAULT_OUTBOUND_POLICY);
  if (refusal) return json(422, { code: refusal.code, message: refusal.message, field: 'base_url' });
  return json(200, { ok: true });
};
