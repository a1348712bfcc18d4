// The public API: the `api` server function, mounted at /functions/v1/api/… with JWT verification
// off (the caller's API key goes in Authorization: Bearer <key>). See openapi.ts for the contract.
import { z } from 'zod';
import { issuesMessage, sseResponse } from '../apps.ts';
import { executeTestRun, testRunStarted } from '../test-runs.ts';
import type { FunctionContext, FunctionHandler } from '../types.ts';
import { ApiError, apiErrorResponse, apiJson, invalidApiKey } from './errors.ts';
import { entryInputFields, publicInputs } from './inputs.ts';
import { authenticateApiKey } from './key-auth.ts';
import type { ApiKeyRow } from './key-auth.ts';
import { handleMcp } from './mcp.ts';
import { apiDocument, appDocument } from './openapi.ts';
import { executePrepared, meterKey, prepareContinue, prepareStart, readRun } from './runs.ts';
import type { PreparedRun } from './runs.ts';
import { deployedApiApp, scopedApp } from './scope.ts';
import { readTestRun, startedTestRunBody, startTestRun, testRunRequestSchema } from './test-runs.ts';

/** Largest body the API reads: 1 MB (a run's inputs, one long text included). */
export const API_MAX_BODY_BYTES = 1024 * 1024;

// Kept exactly as parsed (a record schema would silently drop a `__proto__` name instead of refusing it).
const inputsSchema = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
  message: 'inputs must be an object of input names and values',
});
const startSchema = z.strictObject({ inputs: inputsSchema.optional() });
const continueSchema = z.union(
  [
    z.strictObject({ inputs: inputsSchema }),
    z.strictObject({ choice: z.number({ message: 'choice must be a number' }).int({ message: 'choice must be a whole number' }).min(0) }),
  ],
  { message: 'Send {"inputs": {…}} for a run waiting for inputs or {"choice": n} for one waiting for a button' },
);

async function readBody<T>(req: Request, schema: z.ZodType<T>): Promise<T> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  const tooLarge = new ApiError(413, 'payload_too_large', 'The request body is larger than 1 MB');
  if (Number.isFinite(declared) && declared > API_MAX_BODY_BYTES) throw tooLarge;
  const text = await req.text();
  if (new TextEncoder().encode(text).byteLength > API_MAX_BODY_BYTES) throw tooLarge;
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(400, 'invalid_request', 'The request body is not valid JSON');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const inputsProblem = parsed.error.issues.some((issue) => issue.path[0] === 'inputs');
    throw new ApiError(400, inputsProblem ? 'invalid_inputs' : 'invalid_request', issuesMessage(parsed.error.issues));
  }
  return parsed.data;
}

/**
 * The base URL callers use: …/functions/v1/api under the server's configured public URL. Never from
 * Host or X-Forwarded-* headers: a caller (or a cache in between) could otherwise make the document
 * point other people's clients at a server of their choosing. Without a configured URL the
 * server is named relative to the document, which OpenAPI resolves against where it was fetched.
 */
function baseUrl(ctx: FunctionContext): string {
  return `${ctx.env.publicUrl?.replace(/\/+$/, '') ?? ''}/functions/v1/api`;
}

/** A path segment as text; a malformed percent-encoding (`%ZZ`, a cut UTF-8 sequence) is the caller's mistake. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, 'invalid_path', `The path segment “${segment.slice(0, 60)}” is not valid percent-encoding`);
  }
}

function wantsStream(req: Request): boolean {
  return (req.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream');
}

async function answerRun(req: Request, ctx: FunctionContext, prepared: PreparedRun): Promise<Response> {
  if (!wantsStream(req)) return apiJson(200, await executePrepared(ctx, prepared, req.signal));
  return sseResponse(
    req.signal,
    async (sink) => {
      sink.send('run', { run_id: prepared.run.id, offline: prepared.model.offline, model_label: prepared.model.label });
      const result = await executePrepared(ctx, prepared, sink.signal, (event) => sink.send(event.type, event));
      sink.send('done', result);
    },
    (error, sink) => {
      ctx.log.error({ run_id: prepared.run.id, error: error instanceof Error ? error.message : String(error) }, 'api stream failed');
      sink.send('done', { run_id: prepared.run.id, status: 'failed', output: null, outputs: {}, usage: { input_tokens: 0, output_tokens: 0 }, error: { code: 'stream_error', message: 'The run could not be streamed' } });
    },
  );
}

type Route = (req: Request, ctx: FunctionContext, key: ApiKeyRow, params: string[]) => Promise<Response>;

const getApp: Route = async (_req, ctx, key, [appId = '']) => {
  const { app, spec } = await scopedApp(ctx.supabase, key, appId, { cached: true });
  return apiJson(200, { id: app.id, name: app.name, description: app.description, inputs: publicInputs(entryInputFields(spec)) });
};

const startRun: Route = async (req, ctx, key, [appId = '']) => {
  const body = await readBody(req, startSchema);
  return answerRun(req, ctx, await prepareStart(ctx, key, appId, body.inputs));
};

const continueRun: Route = async (req, ctx, key, [runId = '']) => {
  const body = await readBody(req, continueSchema);
  return answerRun(req, ctx, await prepareContinue(ctx, key, runId, body));
};

const getRun: Route = async (_req, ctx, key, [runId = '']) => apiJson(200, await readRun(ctx, key, runId));

/**
 * POST apps/{appId}/test-runs: 202 with the test run at once while it goes on here; with
 * `Accept: text/event-stream`, run-app-tests' events as the cases finish.
 */
const startTestRuns: Route = async (req, ctx, key, [appId = '']) => {
  const body = await readBody(req, testRunRequestSchema);
  const prepared = await startTestRun(ctx, key, appId, body);
  if (wantsStream(req)) {
    return sseResponse(
      req.signal,
      async (sink) => {
        sink.send('test_run', testRunStarted(prepared));
        await executeTestRun(ctx, prepared, (event, data) => sink.send(event, data));
      },
      (error) => ctx.log.error({ test_run_id: prepared.testRunId, error: error instanceof Error ? error.message : String(error) }, 'api test run stream failed'),
    );
  }
  // Never throws: a failure ends the test run as failed, which GET test-runs/{id} then shows.
  void executeTestRun(ctx, prepared, () => undefined);
  return apiJson(202, startedTestRunBody(prepared), { location: `${baseUrl(ctx)}/v1/test-runs/${prepared.testRunId}` });
};

const getTestRun: Route = async (_req, ctx, key, [testRunId = '']) => apiJson(200, await readTestRun(ctx, key, testRunId));

const mcp: Route = (req, ctx, key) => handleMcp(req, ctx, key);

const ROUTES: { method: string; pattern: RegExp; route: Route }[] = [
  { method: 'GET', pattern: /^\/v1\/apps\/([^/]+)$/, route: getApp },
  { method: 'POST', pattern: /^\/v1\/apps\/([^/]+)\/runs$/, route: startRun },
  { method: 'GET', pattern: /^\/v1\/runs\/([^/]+)$/, route: getRun },
  { method: 'POST', pattern: /^\/v1\/runs\/([^/]+)$/, route: continueRun },
  { method: 'POST', pattern: /^\/v1\/apps\/([^/]+)\/test-runs$/, route: startTestRuns },
  { method: 'GET', pattern: /^\/v1\/test-runs\/([^/]+)$/, route: getTestRun },
  { method: 'POST', pattern: /^\/mcp$/, route: mcp },
];

/**
 * An app's OpenAPI document: with a key, for an app it may call; without one, for a deployed
 * public or unlisted app whose owner turned API access on (so the page's link opens it).
 */
async function appOpenApi(req: Request, ctx: FunctionContext, appId: string): Promise<Response> {
  const key = await authenticateApiKey(req, ctx.supabase, ctx.log);
  if (key === null && req.headers.has('authorization')) throw invalidApiKey();
  const target = key
    ? await scopedApp(ctx.supabase, key, appId)
    : await deployedApiApp(ctx.supabase, appId, (app) =>
        app.visibility === 'public' || app.visibility === 'unlisted' ? null : new ApiError(404, 'app_not_found', 'There is no such deployed app'),
      );
  return apiJson(200, appDocument(baseUrl(ctx), target.app, entryInputFields(target.spec)));
}

async function route(req: Request, ctx: FunctionContext): Promise<Response> {
  // The host passes /api/<rest>; Supabase Edge does the same.
  const path = new URL(req.url).pathname.replace(/^\/(functions\/v1\/)?api(?=\/|$)/, '').replace(/\/+$/, '') || '/';
  if (req.method === 'GET' && path === '/v1/openapi.json') return apiJson(200, apiDocument(baseUrl(ctx)));
  const appDoc = /^\/v1\/apps\/([^/]+)\/openapi\.json$/.exec(path);
  if (appDoc && req.method === 'GET') return appOpenApi(req, ctx, decodeSegment(appDoc[1] ?? ''));

  const matches = ROUTES.filter((candidate) => candidate.pattern.test(path));
  if (matches.length === 0) throw new ApiError(404, 'not_found', `No endpoint ${path}; see ${baseUrl(ctx)}/v1/openapi.json`);
  const match = matches.find((candidate) => candidate.method === req.method);
  if (!match) throw new ApiError(405, 'method_not_allowed', `Use ${matches.map((candidate) => candidate.method).join(' or ')}`);

  const params = (match.pattern.exec(path) ?? []).slice(1).map(decodeSegment);
  const key = await authenticateApiKey(req, ctx.supabase, ctx.log);
  if (key === null) throw invalidApiKey();
  try {
    return await match.route(req, ctx, key, params);
  } catch (error) {
    if (error instanceof ApiError) await meterKey(ctx, key.id, { errors: 1 });
    throw error;
  }
}

/** POST/GET /functions/v1/api/… — every answer JSON (or SSE for a streamed run), errors as {error: {code, message}}. */
export const apiFunction: FunctionHandler = async (req, ctx) => {
  try {
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof ApiError) return apiErrorResponse(error);
    throw error;
  }
};
