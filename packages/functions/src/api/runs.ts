// Runs started and continued with a key: checked, rate-limited, run by the same code as run-app,
// metered per key, and answered as one result object.
import { runStateSchema } from '@appforge/engine';
import type { AppSpec, JsonValue, RunEvent, RunState } from '@appforge/engine';
import type { CatalogueModel } from '@appforge/models';
import { loadAppConfig, modelFailure } from '../apps.ts';
import type { AppRow } from '../apps.ts';
import { admitRun, notifyOwnerOnce } from '../billing/entitlements.ts';
import { consumeApiKeyRun } from '../rate-limit.ts';
import { createRun, executeRun, findRun } from '../run-execution.ts';
import type { ExecuteOptions, RunRow } from '../run-execution.ts';
import type { FunctionContext } from '../types.ts';
import { ApiError } from './errors.ts';
import { checkInputs, entryInputFields, publicInputs, stepInputFields } from './inputs.ts';
import type { PublicInput } from './inputs.ts';
import type { ApiKeyRow } from './key-auth.ts';
import { deployedSpec, scopedApp } from './scope.ts';
import type { ApiApp } from './scope.ts';

export type Awaiting =
  | { type: 'input'; step_id: string; fields: PublicInput[]; errors: { field: string; code: string; message: string }[] }
  | { type: 'choice'; step_id: string; prompt?: string; buttons: { index: number; label: string }[] };

export interface RunResult {
  run_id: string;
  status: 'running' | 'done' | 'awaiting_input' | 'failed';
  /** The final text shown to a person (the output steps' markdown), or null. */
  output: string | null;
  /** Every named variable of the run. */
  outputs: Record<string, JsonValue>;
  usage: { input_tokens: number; output_tokens: number };
  awaiting?: Awaiting;
  error?: { code: string; message: string };
}

function awaitingOf(spec: AppSpec | null, state: RunState): Awaiting | undefined {
  const waiting = state.waiting;
  if (waiting === null) return undefined;
  if (spec === null) return undefined;
  if (waiting.type === 'input') {
    return { type: 'input', step_id: waiting.stepId, fields: publicInputs(stepInputFields(spec, waiting.stepId)), errors: [...waiting.errors] };
  }
  const next = spec.steps.find((step) => step.id === waiting.stepId)?.next;
  const buttons = next?.type === 'choices' ? next.buttons.map((button, index) => ({ index, label: button.label })) : [];
  return { type: 'choice', step_id: waiting.stepId, ...(next?.type === 'choices' && next.prompt ? { prompt: next.prompt } : {}), buttons };
}

/** The public shape of a run from its stored engine state. */
export function resultFromState(runId: string, state: RunState, spec: AppSpec | null): RunResult {
  const output = state.outputs.map((item) => item.markdown).join('\n\n');
  const awaiting = awaitingOf(spec, state);
  return {
    run_id: runId,
    status: state.status,
    output: output === '' ? null : output,
    outputs: { ...state.variables },
    usage: { input_tokens: state.usage.inputTokens, output_tokens: state.usage.outputTokens },
    ...(awaiting ? { awaiting } : {}),
    ...(state.status === 'failed' && state.error ? { error: { code: state.error.code, message: state.error.message } } : {}),
  };
}

/** Adds to the key's usage counters (totals and today's row); a failure is logged, never thrown. */
export async function meterKey(
  ctx: FunctionContext,
  keyId: string,
  usage: { runs?: number; inputTokens?: number; outputTokens?: number; errors?: number },
): Promise<void> {
  const { error } = await ctx.supabase.rpc('record_api_key_usage', {
    p_api_key_id: keyId,
    p_runs: usage.runs ?? 0,
    p_input_tokens: usage.inputTokens ?? 0,
    p_output_tokens: usage.outputTokens ?? 0,
    p_errors: usage.errors ?? 0,
  });
  if (error) ctx.log.warn({ api_key_id: keyId, error: error.message }, 'could not meter the key');
}

/** A run ready to go: checked, counted against the key's limit, its AppRun row made. */
export interface PreparedRun extends Omit<ExecuteOptions, 'signal' | 'onState'> {
  key: ApiKeyRow;
}

/** Takes one start from the key's per-minute limit, or refuses with 429 rate_limited. */
export async function takeRun(ctx: FunctionContext, key: ApiKeyRow): Promise<void> {
  const rate = await consumeApiKeyRun(ctx.limits, key.id, key.rate_limit_per_minute);
  if (!rate.ok) {
    throw new ApiError(429, 'rate_limited', `This key may start ${key.rate_limit_per_minute} runs a minute; try again in ${rate.retryAfterSeconds} s`, {
      retryAfterSeconds: rate.retryAfterSeconds,
    });
  }
}

function refuseInputs(problems: { field: string; code: string; message: string }[]): void {
  if (problems.length > 0) {
    throw new ApiError(400, 'invalid_inputs', problems.map((problem) => problem.message).join(' '), { fields: problems });
  }
}

async function modelFor(ctx: FunctionContext, scoped: ApiApp): Promise<{ app: AppRow; model: CatalogueModel }> {
  const app: AppRow = { ...scoped.app, config: await loadAppConfig(ctx.supabase, scoped.app.id) };
  try {
    return { app, model: ctx.models.get(app.config?.model ?? null) };
  } catch (error) {
    const failure = modelFailure(error);
    if (!failure) throw error;
    throw new ApiError(failure.status, failure.code, failure.message);
  }
}

/** POST apps/{appId}/runs: inputs (when given) are checked before anything is stored. */
export async function prepareStart(ctx: FunctionContext, key: ApiKeyRow, appId: string, inputs: Record<string, unknown> | undefined): Promise<PreparedRun> {
  const scoped = await scopedApp(ctx.supabase, key, appId);
  await takeRun(ctx, key);
  if (inputs !== undefined) refuseInputs(checkInputs(entryInputFields(scoped.spec), inputs));
  // The same entitlement and metering as run-app, for the key's owner: price, allowed people,
  // the owner's plan (one API call) and the app's or bundle's caps, all or nothing.
  const admission = await admitRun(ctx.supabase, {
    appId: scoped.app.id,
    runner: { kind: 'api_key', apiKeyId: key.id, userId: key.owner_id },
    channel: 'api',
  });
  if (!admission.ok) {
    await notifyOwnerOnce(ctx, admission, scoped.app.name);
    throw new ApiError(admission.status, admission.code, admission.message);
  }
  const { app, model } = await modelFor(ctx, scoped);
  const run = await createRun(ctx, app, scoped.versionId, model, { apiKeyId: key.id });
  return { key, app, spec: scoped.spec, model, run, previousState: null, inputs };
}

/** A run of this key (another key's run, or a run of no key, is as good as absent). */
async function keyRun(ctx: FunctionContext, key: ApiKeyRow, runId: string): Promise<{ run: RunRow; state: RunState | null }> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const run = UUID.test(runId) ? await findRun(ctx.supabase, runId) : null;
  if (!run || run.api_key_id !== key.id) throw new ApiError(404, 'run_not_found', 'There is no such run of this key');
  const state = runStateSchema.safeParse(run.state);
  return { run, state: state.success ? state.data : null };
}

/** POST runs/{runId}: `{inputs}` for a run waiting for input, `{choice}` for one waiting for a button. */
export async function prepareContinue(
  ctx: FunctionContext,
  key: ApiKeyRow,
  runId: string,
  answer: { inputs: Record<string, unknown> } | { choice: number },
): Promise<PreparedRun> {
  const { run, state } = await keyRun(ctx, key, runId);
  const scoped = await scopedApp(ctx.supabase, key, run.app_id);
  if (run.status === 'done' || run.status === 'failed') throw new ApiError(409, 'run_finished', 'This run has finished; start a new one');
  if (state === null || state.waiting === null || run.version_id === null) {
    throw new ApiError(409, 'run_not_waiting', 'This run is not waiting for an answer');
  }
  const spec = run.version_id === scoped.versionId ? scoped.spec : await deployedSpec(ctx.supabase, run.app_id, run.version_id);
  if (state.waiting.type === 'input') {
    if (!('inputs' in answer)) throw new ApiError(400, 'invalid_inputs', 'This run waits for inputs, not a choice');
    refuseInputs(checkInputs(stepInputFields(spec, state.waiting.stepId), answer.inputs));
  } else {
    const awaiting = awaitingOf(spec, state);
    const count = awaiting?.type === 'choice' ? awaiting.buttons.length : 0;
    if (!('choice' in answer)) throw new ApiError(400, 'invalid_inputs', 'This run waits for a choice, not inputs');
    if (answer.choice >= count) throw new ApiError(400, 'invalid_inputs', `choice must be a button index from 0 to ${count - 1}`);
  }
  await takeRun(ctx, key);
  const { app, model } = await modelFor(ctx, scoped);
  return { key, app, spec, model, run, previousState: state, ...answer };
}

/** GET runs/{runId}. */
export async function readRun(ctx: FunctionContext, key: ApiKeyRow, runId: string): Promise<RunResult> {
  const { run, state } = await keyRun(ctx, key, runId);
  if (state === null) {
    return { run_id: run.id, status: run.status, output: null, outputs: {}, usage: { input_tokens: 0, output_tokens: 0 } };
  }
  const spec = run.version_id === null ? null : await deployedSpec(ctx.supabase, run.app_id, run.version_id).catch(() => null);
  return resultFromState(run.id, state, spec);
}

/** Runs a prepared run to its end or pause, passing each engine event on; meters the key. */
export async function executePrepared(
  ctx: FunctionContext,
  prepared: PreparedRun,
  signal: AbortSignal,
  onEvent?: (event: RunEvent) => void,
): Promise<RunResult> {
  const { key, run, previousState } = prepared;
  let last: RunState | null = null;
  let result: RunResult;
  try {
    const events = executeRun(ctx, {
      app: prepared.app,
      spec: prepared.spec,
      model: prepared.model,
      run,
      previousState,
      inputs: prepared.inputs,
      choice: prepared.choice,
      signal,
      onState: (state) => {
        last = state;
      },
    });
    for await (const event of events) onEvent?.(event);
    const final: RunState | null = last;
    result = final
      ? resultFromState(run.id, final, prepared.spec)
      : { run_id: run.id, status: 'failed', output: null, outputs: {}, usage: { input_tokens: 0, output_tokens: 0 }, error: { code: 'aborted', message: 'The run stopped before it began' } };
  } catch (error) {
    ctx.log.error({ run_id: run.id, error: error instanceof Error ? error.message : String(error) }, 'api run failed');
    result = {
      run_id: run.id,
      status: 'failed',
      output: null,
      outputs: {},
      usage: { input_tokens: 0, output_tokens: 0 },
      error: { code: 'persist_error', message: 'The run could not be saved; try again' },
    };
  }
  const before = previousState?.usage ?? { inputTokens: 0, outputTokens: 0 };
  await meterKey(ctx, key.id, {
    runs: previousState === null ? 1 : 0,
    inputTokens: Math.max(0, result.usage.input_tokens - before.inputTokens),
    outputTokens: Math.max(0, result.usage.output_tokens - before.outputTokens),
    errors: result.status === 'failed' ? 1 : 0,
  });
  return result;
}
