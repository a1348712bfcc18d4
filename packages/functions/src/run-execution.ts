// Running an app version and keeping the run in AppRun / AppRunStep: shared by run-app (people in
// the browser) and the public `api` function (keys), so both run and store a run the same way.
import { resumeApp, runApp, systemClock } from '@appforge/engine';
import type { AppSpec, RunEvent, RunState } from '@appforge/engine';
import type { CatalogueModel } from '@appforge/models';
import type { SupabaseClient } from '@supabase/supabase-js';
import { appApis } from './app-api.ts';
import { appDatabase } from './app-database.ts';
import { withAppConfig } from './apps.ts';
import type { AppRow } from './apps.ts';
import { recordRunUsage } from './billing/entitlements.ts';
import type { FunctionContext } from './types.ts';

export interface RunRow {
  id: string;
  app_id: string;
  version_id: string | null;
  runner_user_id: string | null;
  visitor_session: string | null;
  api_key_id: string | null;
  inputs: Record<string, unknown>;
  state: unknown;
  status: 'running' | 'awaiting_input' | 'done' | 'failed';
  /** Issue 19: the class the run was made for, or null. */
  class_id: string | null;
}

export const RUN_COLUMNS = 'id, app_id, version_id, runner_user_id, visitor_session, api_key_id, inputs, state, status, class_id';

/** Who starts a run: exactly one of a signed-in user, a signed-out visitor's session or an API key. */
export type Runner = { userId: string } | { visitorSession: string | null } | { apiKeyId: string };

const TERMINAL: ReadonlySet<RunEvent['type']> = new Set(['run_done', 'run_failed', 'awaiting_input', 'choice_needed']);

/** The last event of a finished run, rebuilt from its stored state. */
export function replayEnd(state: RunState): RunEvent {
  if (state.status === 'done') {
    return { type: 'run_done', outputs: state.outputs, variables: state.variables, usage: state.usage };
  }
  const error = state.error ?? { code: 'invalid_state' as const, message: 'The run failed' };
  return { type: 'run_failed', ...(error.stepId !== undefined ? { stepId: error.stepId } : {}), code: error.code, message: error.message };
}

/** Reads a run of this app, or null. */
export async function findRun(supabase: SupabaseClient, runId: string, appId?: string): Promise<RunRow | null> {
  let query = supabase.from('AppRun').select(RUN_COLUMNS).eq('id', runId);
  if (appId !== undefined) query = query.eq('app_id', appId);
  const found = await query.maybeSingle<RunRow>();
  if (found.error) throw new Error(`Reading the run failed: ${found.error.message}`);
  return found.data;
}

/** A new AppRun row (status running) of this version, attributed to its runner. */
export async function createRun(
  ctx: Pick<FunctionContext, 'supabase' | 'metrics'>,
  app: AppRow,
  versionId: string,
  model: CatalogueModel,
  runner: Runner,
  classId: string | null = null,
  /** Issue 30: the test run this run is a case of (labelled apart from visitors' runs). */
  testRunId: string | null = null,
): Promise<RunRow> {
  const created = await ctx.supabase
    .from('AppRun')
    .insert({
      app_id: app.id,
      version_id: versionId,
      runner_user_id: 'userId' in runner ? runner.userId : null,
      visitor_session: 'visitorSession' in runner ? runner.visitorSession : null,
      api_key_id: 'apiKeyId' in runner ? runner.apiKeyId : null,
      class_id: classId,
      ...(testRunId !== null ? { test_run_id: testRunId } : {}),
      inputs: {},
      status: 'running',
      model: model.id.slice(0, 200),
      offline: model.offline,
    })
    .select(RUN_COLUMNS)
    .single<RunRow>();
  if (created.error) throw new Error(`Creating the run failed: ${created.error.message}`);
  ctx.metrics?.runStarted();
  return created.data;
}

export interface ExecuteOptions {
  app: AppRow;
  spec: AppSpec;
  model: CatalogueModel;
  run: RunRow;
  /** The stored state when continuing a paused run; null for a new run. */
  previousState: RunState | null;
  inputs?: Record<string, unknown> | undefined;
  choice?: number | undefined;
  signal: AbortSignal;
  /** Sees every saved state (the last one is how the call ended). */
  onState?: ((state: RunState) => void) | undefined;
}

/**
 * Runs (or continues) the run and yields the engine's events up to and including the one that
 * ends or pauses it; every state change is saved to AppRun, every finished step to AppRunStep.
 * The app's `api` steps call the owner's APIs (never the runner's); the run's tokens count toward
 * the owner's usage when it ends; metrics see the run's model calls and how it ended.
 */
export async function* executeRun(ctx: FunctionContext, options: ExecuteOptions): AsyncGenerator<RunEvent> {
  const { supabase } = ctx;
  const { app, spec, model, run: runRow, previousState, inputs, choice } = options;
  let savedSteps = previousState?.steps.length ?? 0;
  // Tokens of earlier legs of this run were counted when they ended.
  let countedTokens = previousState ? previousState.usage.inputTokens + previousState.usage.outputTokens : 0;
  // The answers become the run's inputs once the engine took them (refused answers change nothing).
  let inputsSaved = inputs === undefined;
  const persist = async (state: RunState): Promise<void> => {
    const refused = state.waiting?.type === 'input' && state.waiting.errors.length > 0;
    const newSteps = state.steps.slice(savedSteps);
    if (newSteps.length > 0) {
      const inserted = await supabase.from('AppRunStep').insert(
        newSteps.map((step) => ({
          run_id: runRow.id,
          step_id: step.stepId,
          status: step.status,
          output: step.variable !== undefined ? (state.variables[step.variable] ?? null) : null,
          started_at: new Date(step.startedAt).toISOString(),
          finished_at: new Date(step.finishedAt).toISOString(),
          duration_ms: Math.max(0, Math.round(step.durationMs)),
          usage: step.usage ?? null,
        })),
      );
      if (inserted.error) throw new Error(`Saving the run's steps failed: ${inserted.error.message}`);
      savedSteps = state.steps.length;
      for (const step of newSteps) {
        if (step.usage) {
          ctx.metrics?.modelCall({ model: model.id, seconds: Math.max(0, step.durationMs) / 1000, ...step.usage });
        }
      }
    }
    const updated = await supabase
      .from('AppRun')
      .update({
        state,
        status: state.status,
        outputs: state.outputs,
        usage: state.usage,
        error: state.error,
        finished_at: state.finishedAt !== null ? new Date(state.finishedAt).toISOString() : null,
        ...(!inputsSaved && !refused ? { inputs: { ...runRow.inputs, ...inputs } } : {}),
      })
      .eq('id', runRow.id);
    if (updated.error) throw new Error(`Saving the run failed: ${updated.error.message}`);
    if (!refused) inputsSaved = true;
    if (state.status === 'done' || state.status === 'failed') {
      const tokens = state.usage.inputTokens + state.usage.outputTokens;
      await recordRunUsage(supabase, app.id, tokens - countedTokens);
      countedTokens = tokens;
    }
    options.onState?.(state);
  };
  const runOptions = {
    model: withAppConfig(model, app.config),
    database: appDatabase(supabase, app),
    api: appApis(supabase, app, ctx.env.apis, runRow.id, ctx.log),
    clock: systemClock,
    persist,
    signal: options.signal,
    runId: runRow.id,
    ...(inputs !== undefined ? { inputs } : {}),
  };
  const stream = previousState
    ? resumeApp(spec, previousState, { ...runOptions, ...(choice !== undefined ? { choice } : {}) })
    : runApp(spec, runOptions);
  for await (const event of stream) {
    if (TERMINAL.has(event.type)) {
      ctx.metrics?.runEnded(event.type === 'run_done' ? 'done' : event.type === 'run_failed' ? 'failed' : 'awaiting');
      yield event;
      return;
    }
    yield event;
  }
}
