import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, invalidInput, requireUuid } from './app-rows';
import { signedInUserId } from './request';
import type { Database } from './database.types';
import { AppforgeError, NETWORK_MESSAGE, fromFunctionsError, fromPostgrest, toAppforgeError } from './errors';
import { parseResponse } from './rows';
import { TERMINAL_RUN_EVENTS, toRunStreamEvent } from './run-events';
import type { RunStreamEvent } from './run-events';
import { readSse } from './sse';
import type { SseMessage } from './sse';
import type { AppRunSummary, RunContinueOptions, RunStartOptions, RunsApi } from './run-types';

const inputsSchema = z.record(z.string(), z.unknown());
const visitorSessionSchema = z.string().min(1).max(200);

function streamBodyOf(data: unknown): ReadableStream<Uint8Array> | null {
  if (typeof data !== 'object' || data === null || !('body' in data)) return null;
  const body: unknown = data.body;
  if (typeof body !== 'object' || body === null || !('getReader' in body) || typeof body.getReader !== 'function') return null;
  return body as ReadableStream<Uint8Array>;
}

/**
 * POSTs to a streaming function and yields its server-sent events. A non-2xx answer throws an
 * AppforgeError before the first event; the signal stops the stream quietly.
 */
export async function* streamFunction(
  supabase: SupabaseClient<Database>,
  name: string,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncGenerator<{ event: string; data: unknown }> {
  let result;
  try {
    result = await supabase.functions.invoke<unknown>(name, {
      method: 'POST',
      body,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) return;
    throw toAppforgeError(error);
  }
  const error: unknown = result.error;
  if (error) {
    if (signal?.aborted) return;
    throw await fromFunctionsError(error);
  }
  // Duck-typed: the Response may come from another realm's fetch (a test runner, a polyfill).
  const stream = streamBodyOf(result.data);
  if (stream === null) {
    throw new AppforgeError({
      code: 'invalid_response',
      message: `The server sent an unexpected answer for ${name}: not an event stream.`,
    });
  }
  try {
    yield* readSse(stream, signal);
  } catch (cause) {
    if (signal?.aborted) return;
    throw new AppforgeError({ code: 'network_error', message: NETWORK_MESSAGE, status: 0, cause });
  }
}

/** What a broken stream ends with: the same `error` event for a run and for the builder. */
export interface StreamError {
  type: 'error';
  code: string;
  message: string;
}

export interface StreamReading<E> {
  /** The event a message stands for; null for one this client ignores; 'invalid' when malformed. */
  toEvent(message: SseMessage): E | null | 'invalid';
  /** The event after which the function says no more. */
  isLast(event: E): boolean;
  /** The error messages for a malformed event and for a stream that ends too early. */
  unexpected: string;
  stopped: string;
}

/**
 * A function's event stream as typed events. Before the first event a refusal throws (the caller
 * gets the error itself); afterwards a broken connection, a malformed event or a stream that ends
 * before its last event becomes an `error` event, part of what the screen shows.
 */
export async function* followFunctionStream<E>(
  supabase: SupabaseClient<Database>,
  name: string,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
  reading: StreamReading<E>,
): AsyncGenerator<E | StreamError> {
  let ended = false;
  try {
    for await (const message of streamFunction(supabase, name, body, signal)) {
      const event = reading.toEvent(message);
      if (event === null) continue;
      if (event === 'invalid') {
        ended = true;
        yield { type: 'error', code: 'invalid_response', message: reading.unexpected };
        return;
      }
      yield event;
      if (reading.isLast(event)) {
        ended = true;
        return;
      }
    }
  } catch (error) {
    const normalised = toAppforgeError(error);
    if (normalised.code !== 'network_error') throw normalised;
    yield { type: 'error', code: normalised.code, message: normalised.message };
    return;
  }
  if (!ended && !signal?.aborted) {
    yield { type: 'error', code: 'stream_ended', message: reading.stopped };
  }
}

/** The run events of a run-app stream; a stream that breaks off ends with an `error` event. */
function runStream(
  supabase: SupabaseClient<Database>,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncGenerator<RunStreamEvent> {
  return followFunctionStream<RunStreamEvent>(supabase, 'run-app', body, signal, {
    toEvent: (message) => {
      const event = toRunStreamEvent(message.event, message.data);
      return event === null ? null : event.type === 'invalid' ? 'invalid' : event;
    },
    isLast: (event) => TERMINAL_RUN_EVENTS.has(event.type),
    unexpected: 'The server sent an unexpected run event.',
    stopped: 'The run stopped before it finished. Try again.',
  });
}

function runBody(options: RunStartOptions | RunContinueOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { app_id: requireUuid(options.appId, 'The app') };
  if (options.inputs !== undefined) {
    const inputs = inputsSchema.safeParse(options.inputs);
    if (!inputs.success) throw invalidInput('The answers must be an object of field values.');
    body.inputs = inputs.data;
  }
  if (options.visitorSession !== undefined) {
    if (!visitorSessionSchema.safeParse(options.visitorSession).success) {
      throw invalidInput('The visitor session is 1 to 200 characters.');
    }
    body.visitor_session = options.visitorSession;
  }
  return body;
}

export function createRunsStreamApi(supabase: SupabaseClient<Database>): Pick<RunsApi, 'start' | 'continue'> {
  return {
    start(options) {
      // Validated now, so a bad call throws at once rather than on the first iteration.
      const body = runBody(options);
      if (options.versionId !== undefined) body.version_id = requireUuid(options.versionId, 'The version');
      if (options.classId !== undefined) body.classId = requireUuid(options.classId, 'The class');
      return runStream(supabase, body, options.signal);
    },
    continue(options) {
      const body = runBody(options);
      body.run_id = requireUuid(options.runId, 'The run');
      if (options.choice !== undefined) {
        if (!Number.isInteger(options.choice) || options.choice < 0 || options.choice > 1000) {
          throw invalidInput('The choice is the index of a button.');
        }
        body.choice = options.choice;
      }
      return runStream(supabase, body, options.signal);
    },
  };
}

const RUN_COLUMNS =
  'id, app_id, version_id, runner_user_id, visitor_session, status, inputs, outputs, error, usage, started_at, finished_at, created_at, updated_at';

const usageSchema = z.looseObject({ inputTokens: z.number(), outputTokens: z.number() });

const runRowSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  version_id: z.string().nullable(),
  runner_user_id: z.string().nullable(),
  visitor_session: z.string().nullable(),
  status: z.enum(['running', 'awaiting_input', 'done', 'failed']),
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.unknown(),
  error: z.looseObject({ code: z.string(), message: z.string(), stepId: z.string().optional() }).nullable(),
  usage: usageSchema.nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
type RunRow = z.infer<typeof runRowSchema>;

const stepRowSchema = z.object({
  step_id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  output: z.unknown(),
  usage: usageSchema.nullable(),
});

const listParamsSchema = z.strictObject({
  status: z.enum(['running', 'awaiting_input', 'done', 'failed']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
});

function summaryOf(row: RunRow, numbers: ReadonlyMap<string, number>): AppRunSummary {
  const { started_at: startedAt, finished_at: finishedAt, error, usage, ...rest } = row;
  const duration = finishedAt === null ? null : Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt));
  return {
    ...rest,
    error: error === null ? null : { code: error.code, message: error.message, ...(error.stepId === undefined ? {} : { stepId: error.stepId }) },
    usage: usage === null ? null : { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
    version_number: row.version_id === null ? null : (numbers.get(row.version_id) ?? null),
    duration_ms: Number.isNaN(duration) ? null : duration,
  };
}

async function versionNumbers(supabase: SupabaseClient<Database>, rows: readonly RunRow[]): Promise<Map<string, number>> {
  const ids = [...new Set(rows.flatMap((row) => (row.version_id === null ? [] : [row.version_id])))];
  const numbers = new Map<string, number>();
  if (ids.length === 0) return numbers;
  const { data, error, status } = await supabase.from('AppVersion').select('id, number').in('id', ids);
  if (error) throw fromPostgrest(error, status);
  for (const version of parseResponse(z.array(z.object({ id: z.string(), number: z.number() })), data, 'the runs')) {
    numbers.set(version.id, version.number);
  }
  return numbers;
}

function runNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This run was not found.', status: 404, cause });
}

export function createRunsApi(supabase: SupabaseClient<Database>): RunsApi {
  return {
    ...createRunsStreamApi(supabase),

    async list(appId, params = {}) {
      requireUuid(appId, 'The app');
      const parsed = listParamsSchema.safeParse(params);
      if (!parsed.success) throw invalidInput(`The run filter is not valid: ${parsed.error.issues[0]?.message ?? ''}`);
      const { status: runStatus, from, to, limit = 50, offset = 0 } = parsed.data;
      // The runs of app tests (issue 30) are shown with their test run, not among people's runs.
      let query = supabase.from('AppRun').select(RUN_COLUMNS, { count: 'exact' }).eq('app_id', appId).is('test_run_id', null);
      if (runStatus !== undefined) query = query.eq('status', runStatus);
      if (from !== undefined) query = query.gte('created_at', from);
      if (to !== undefined) query = query.lte('created_at', to);
      const { data, error, status, count } = await query
        .order('created_at', { ascending: false })
        .range(offset, offset + limit - 1);
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(runRowSchema), data, 'the runs');
      const numbers = await versionNumbers(supabase, rows);
      return { rows: rows.map((row) => summaryOf(row, numbers)), total: count ?? rows.length };
    },

    async classRunCount(appId) {
      requireUuid(appId, 'The app');
      const { data, error, status } = await supabase.rpc('app_class_run_count', { p_app_id: appId });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.coerce.number().int().nonnegative(), data, 'the number of class runs');
    },

    async get(runId) {
      if (!UUID_PATTERN.test(runId)) throw runNotFound({ runId });
      const found = await supabase.from('AppRun').select(RUN_COLUMNS).eq('id', runId).maybeSingle();
      if (found.error) throw fromPostgrest(found.error, found.status);
      if (found.data === null) throw runNotFound({ runId });
      const row = parseResponse(runRowSchema, found.data, 'the run');
      const steps = await supabase
        .from('AppRunStep')
        .select('step_id, status, started_at, finished_at, duration_ms, output, usage')
        .eq('run_id', runId)
        .order('started_at', { ascending: true });
      if (steps.error) throw fromPostgrest(steps.error, steps.status);
      const stepRows = parseResponse(z.array(stepRowSchema), steps.data, 'the run');
      // The kind of each step comes from the run's version (when it still exists).
      const kinds = new Map<string, string>();
      let number: number | null = null;
      if (row.version_id !== null) {
        const version = await supabase.from('AppVersion').select('number, spec').eq('id', row.version_id).maybeSingle();
        if (version.error) throw fromPostgrest(version.error, version.status);
        const spec = z
          .object({ number: z.number(), spec: z.looseObject({ steps: z.array(z.looseObject({ id: z.string(), kind: z.string() })) }) })
          .safeParse(version.data);
        if (spec.success) {
          number = spec.data.number;
          for (const step of spec.data.spec.steps) kinds.set(step.id, step.kind);
        }
      }
      const numbers = new Map<string, number>();
      if (row.version_id !== null && number !== null) numbers.set(row.version_id, number);
      return {
        run: summaryOf(row, numbers),
        steps: stepRows.map((step) => ({
          ...step,
          usage: step.usage === null ? null : { inputTokens: step.usage.inputTokens, outputTokens: step.usage.outputTokens },
          kind: kinds.get(step.step_id) ?? null,
        })),
      };
    },

    async recent(limit = 10) {
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidInput('Ask for 1 to 100 runs.');
      const ownerId = await signedInUserId(supabase);
      const apps = await supabase.from('App').select('id, name').eq('owner_id', ownerId);
      if (apps.error) throw fromPostgrest(apps.error, apps.status);
      const names = new Map(parseResponse(z.array(z.object({ id: z.string(), name: z.string() })), apps.data, 'your apps').map((app) => [app.id, app.name]));
      if (names.size === 0) return [];
      const { data, error, status } = await supabase
        .from('AppRun')
        .select(RUN_COLUMNS)
        .in('app_id', [...names.keys()])
        .is('test_run_id', null)
        .order('created_at', { ascending: false })
        .limit(limit);
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(runRowSchema), data, 'the runs');
      const numbers = await versionNumbers(supabase, rows);
      return rows.map((row) => ({ ...summaryOf(row, numbers), app_name: names.get(row.app_id) ?? '' }));
    },
  };
}
