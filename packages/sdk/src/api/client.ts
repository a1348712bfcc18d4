// The typed client of the public API (/functions/v1/api): what a developer uses instead of
// writing fetch by hand from the OpenAPI document. Every answer is checked against the shapes the
// document gives; every failure is a typed AppforgeApiError (see errors.ts), never a hang.
import { z } from 'zod';
import { readSse } from '../sse';
import { ApiConnectionError, InvalidApiKeyError, InvalidRequestError, InvalidResponseError, StreamInterruptedError, apiErrorFor } from './errors';
import type { AppforgeApiError } from './errors';
import { ANSWER_SCHEMAS, apiRunSchema, apiRunStartedSchema } from './schemas';
import type { ApiApp, ApiRun, ApiRunEvent, ApiTestRun, ApiTestRunVersion } from './schemas';

export interface AppforgeApiOptions {
  /** The API's base URL as the key page shows it (…/functions/v1/api), or the project's URL. */
  url: string;
  /**
   * An API key (af_…), sent as Authorization: Bearer. `undefined` is allowed so that
   * `process.env.APPFORGE_API_KEY` can be passed as is: a missing key throws InvalidApiKeyError.
   */
  apiKey: string | undefined;
  /** A fetch to use instead of the global one (tests, proxies, older runtimes). */
  fetch?: typeof fetch;
}

/** What continues a paused run: a button's index, or the waiting input step's values. */
export type ApiAnswer = number | { choice: number } | { inputs: Record<string, unknown> };

export interface AppforgeApi {
  /** The API's base URL the client calls. */
  readonly baseUrl: string;
  apps: {
    /** The app's name, description and the deployed version's inputs. */
    get(appId: string, options?: RequestOptions): Promise<ApiApp>;
  };
  runs: {
    /** Runs the app and answers when it ends or pauses (`status: 'awaiting_input'`). */
    create(appId: string, inputs?: Record<string, unknown>, options?: RequestOptions): Promise<ApiRun>;
    /** Runs the app, yielding its events as they come: `run`, the engine's events, then `done` with the result. */
    stream(appId: string, inputs?: Record<string, unknown>, options?: RequestOptions): AsyncGenerator<ApiRunEvent>;
    /** Continues a paused run with a button's index or the inputs it waits for. */
    continue(runId: string, answer: ApiAnswer, options?: RequestOptions): Promise<ApiRun>;
    /** Continues a paused run, streaming its events like `stream`. */
    continueStream(runId: string, answer: ApiAnswer, options?: RequestOptions): AsyncGenerator<ApiRunEvent>;
    /** Reads a run started with this key. */
    get(runId: string, options?: RequestOptions): Promise<ApiRun>;
  };
  testRuns: {
    /** Starts a test run of the app's test cases on a version (the draft when absent); read it with `get`. */
    create(appId: string, options?: { version?: ApiTestRunVersion } & RequestOptions): Promise<ApiTestRun>;
    /** A test run: its status, counts and every case's result. */
    get(testRunId: string, options?: RequestOptions): Promise<ApiTestRun>;
  };
}

export interface RequestOptions {
  /** Cancels the call (a stream then ends quietly). */
  signal?: AbortSignal;
}

/**
 * The operations the client calls, by the document's operationId: the method, the path template
 * and the schema of the answer. Paths are built from these templates, and the check against the
 * served document reads this table, so the client cannot call what the document does not offer.
 */
export const API_OPERATIONS = {
  getApp: { method: 'get', path: '/v1/apps/{appId}', answer: 'App' },
  runApp: { method: 'post', path: '/v1/apps/{appId}/runs', answer: 'Run' },
  continueRun: { method: 'post', path: '/v1/runs/{runId}', answer: 'Run' },
  getRun: { method: 'get', path: '/v1/runs/{runId}', answer: 'Run' },
  runAppTests: { method: 'post', path: '/v1/apps/{appId}/test-runs', answer: 'TestRun' },
  getTestRun: { method: 'get', path: '/v1/test-runs/{testRunId}', answer: 'TestRun' },
} as const satisfies Record<string, { method: 'get' | 'post'; path: string; answer: keyof typeof ANSWER_SCHEMAS }>;

type OperationId = keyof typeof API_OPERATIONS;
type AnswerOf<K extends OperationId> = z.output<(typeof ANSWER_SCHEMAS)[(typeof API_OPERATIONS)[K]['answer']]>;

const optionsSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'url must be an http(s) address, e.g. https://your-project.example.com/functions/v1/api' }),
  apiKey: z.string({ message: 'apiKey must be a string' }).optional(),
});

const idSchema = z.string({ message: 'The id must be a string' }).trim().min(1, 'The id is empty');
const inputsSchema = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
  message: 'inputs must be an object of input names and values',
});
const answerSchema = z.union(
  [
    z.number().int().min(0).transform((choice) => ({ choice })),
    z.strictObject({ choice: z.number().int().min(0) }),
    z.strictObject({ inputs: inputsSchema }),
  ],
  { message: 'Continue with a button’s index (a whole number from 0), {choice: n} or {inputs: {…}}' },
);
const versionSchema = z.union([z.number().int().min(1), z.literal('draft'), z.literal('live')], {
  message: 'version must be a version number (1 or more), "draft" or "live"',
});
const errorBodySchema = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string(),
    fields: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })).optional(),
  }),
});

function refuse(error: z.ZodError): InvalidRequestError {
  return new InvalidRequestError({ code: 'invalid_request', message: error.issues.map((issue) => issue.message).join('; ') });
}

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw refuse(parsed.error);
  return parsed.data;
}

/** The project URL or the API's own: both end up at …/functions/v1/api. */
function apiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/functions\/v1\/api$/.test(trimmed) ? trimmed : `${trimmed}/functions/v1/api`;
}

function notTheApi(status: number, detail: string, cause?: unknown): InvalidResponseError {
  return new InvalidResponseError({
    code: 'invalid_response',
    message: `The server answered HTTP ${status} with ${detail}, not the Appforge API's JSON. Check that url points at your Appforge project.`,
    status,
    cause,
  });
}

/** An API refusal as its typed error; an answer that is not the API's as InvalidResponseError. */
async function refusal(response: Response): Promise<AppforgeApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (cause) {
    return notTheApi(response.status, 'something that is not JSON', cause);
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return notTheApi(response.status, 'JSON of another shape');
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return apiErrorFor({
    ...parsed.data.error,
    status: response.status,
    retryAfter: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  });
}

export function createAppforgeApi(options: AppforgeApiOptions): AppforgeApi {
  const parsedOptions = optionsSchema.safeParse(options);
  if (!parsedOptions.success) throw refuse(parsedOptions.error);
  const apiKey = (parsedOptions.data.apiKey ?? '').trim();
  if (apiKey === '') {
    throw new InvalidApiKeyError({
      code: 'invalid_api_key',
      message: 'No API key given: pass apiKey (it starts with af_; make one on the API keys page).',
    });
  }
  const baseUrl = apiBase(parsedOptions.data.url);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function send(method: 'GET' | 'POST', path: string, body: unknown, accept: string, signal: AbortSignal | undefined): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, accept, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiConnectionError({
        code: 'network_error',
        message: `Could not reach the Appforge API at ${baseUrl}. Check the url and your connection.`,
        cause,
      });
    }
    if (!response.ok) throw await refusal(response);
    return response;
  }

  /** The operation's path with the id in its one parameter (checked and percent-encoded). */
  function pathOf(operation: OperationId, id: string): string {
    return API_OPERATIONS[operation].path.replace(/\{[^}]+\}/, encodeURIComponent(check(idSchema, id)));
  }

  async function call<K extends OperationId>(operation: K, id: string, body: unknown, signal: AbortSignal | undefined): Promise<AnswerOf<K>> {
    const { method, answer } = API_OPERATIONS[operation];
    const schema: z.ZodType = ANSWER_SCHEMAS[answer];
    // The schema is the one API_OPERATIONS names for this operation, so its output is AnswerOf<K>.
    return (await json(schema, method === 'get' ? 'GET' : 'POST', pathOf(operation, id), body, signal)) as AnswerOf<K>;
  }

  async function json<T>(schema: z.ZodType<T>, method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined): Promise<T> {
    const response = await send(method, path, body, 'application/json', signal);
    let value: unknown;
    try {
      value = await response.json();
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw notTheApi(response.status, 'something that is not JSON', cause);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw notTheApi(response.status, 'JSON of another shape', parsed.error);
    return parsed.data;
  }

  async function* events(request: () => { path: string; body: unknown }, signal: AbortSignal | undefined): AsyncGenerator<ApiRunEvent> {
    // Checked on the first next(), so a bad argument rejects there like every other failure.
    const { path, body } = request();
    const response = await send('POST', path, body, 'text/event-stream', signal);
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
      throw notTheApi(response.status, 'something that is not an event stream');
    }
    const cut = (cause?: unknown): StreamInterruptedError =>
      new StreamInterruptedError({
        code: 'stream_interrupted',
        message: 'The run’s stream broke off before the run finished. Read the run with runs.get(runId) to see how far it got.',
        status: response.status,
        cause,
      });
    try {
      for await (const message of readSse(response.body, signal)) {
        if (message.event === 'run') {
          const started = apiRunStartedSchema.safeParse(message.data);
          if (!started.success) throw notTheApi(response.status, 'a run event of another shape', started.error);
          yield { event: 'run', data: started.data };
        } else if (message.event === 'done') {
          const result = apiRunSchema.safeParse(message.data);
          if (!result.success) throw notTheApi(response.status, 'a done event of another shape', result.error);
          yield { event: 'done', data: result.data };
          return;
        } else {
          yield { event: 'progress', name: message.event, data: message.data };
        }
      }
    } catch (error) {
      if (error instanceof InvalidResponseError) throw error;
      throw cut(error);
    }
    if (signal?.aborted) return;
    throw cut();
  }

  const startBody = (inputs: unknown): { inputs: Record<string, unknown> } => ({ inputs: inputs === undefined ? {} : check(inputsSchema, inputs) });

  return {
    baseUrl,
    apps: {
      get: async (appId, request) => call('getApp', appId, undefined, request?.signal),
    },
    runs: {
      create: async (appId, inputs, request) => call('runApp', appId, startBody(inputs), request?.signal),
      stream: (appId, inputs, request) => events(() => ({ path: pathOf('runApp', appId), body: startBody(inputs) }), request?.signal),
      continue: async (runId, answer, request) => call('continueRun', runId, check(answerSchema, answer), request?.signal),
      continueStream: (runId, answer, request) => events(() => ({ path: pathOf('continueRun', runId), body: check(answerSchema, answer) }), request?.signal),
      get: async (runId, request) => call('getRun', runId, undefined, request?.signal),
    },
    testRuns: {
      create: async (appId, request) => {
        const version = request?.version === undefined ? undefined : check(versionSchema, request.version);
        return call('runAppTests', appId, version === undefined ? {} : { version }, request?.signal);
      },
      get: async (testRunId, request) => call('getTestRun', testRunId, undefined, request?.signal),
    },
  };
}
