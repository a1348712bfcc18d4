// App tests (issue 30), shared by the run-app-tests function (the owner, signed in) and the public
// API (`POST /v1/apps/{id}/test-runs`, an API key): starting a test run of a version, running its
// cases with the same executor and model as a visitor's run, keeping the results in AppTestRun /
// AppTestResult, and reading a test run back (ending one whose server stopped mid-run).
import { checkCaseInputs, evaluateExpectations, extractJsonText, parseAppSpec, repeatedVerdict, TEST_LIMITS, testCaseSchema } from '@appforge/engine';
import type { AppSpec, ExpectationResult, Judge, JsonValue, ModelCapability, RunEvent, TestCase } from '@appforge/engine';
import type { CatalogueModel } from '@appforge/models';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { appModelId, issuesMessage, loadVersion, modelFailure } from './apps.ts';
import type { AppRow } from './apps.ts';
import { admitRun } from './billing/entitlements.ts';
import { createRun, executeRun } from './run-execution.ts';
import type { FunctionContext } from './types.ts';

/**
 * Runs of one test run at once (a case's m runs included): enough to keep a remote model busy, few
 * enough to leave the server room.
 */
export const TEST_RUN_CONCURRENCY = 4;

/** Runs a task when one of `size` slots is free; the rest wait their turn, first come first served. */
export type RunSlots = <T>(task: () => Promise<T>) => Promise<T>;

export function runSlots(size: number): RunSlots {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (busy < size) busy += 1;
    // The slot is handed over by the task that frees it, so `busy` stays as it was.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}
const OUTPUT_CHARS = 100_000;

interface CaseRow {
  id: string;
  name: string;
  inputs: unknown;
  expectations: unknown;
  mode: 'must_pass' | 'warn_only';
  runs: number;
  passes_needed: number;
}

type CaseStatus = 'passed' | 'failed' | 'needs_update' | 'error';

/** What one run of a case came to. */
interface RunOutcome {
  status: CaseStatus;
  output: string | null;
  checks: ExpectationResult[];
  reason: string | null;
  usage: { inputTokens: number; outputTokens: number } | null;
}

/** What a case came to, with its runs counted ("n of m runs pass"). */
interface CaseOutcome extends RunOutcome {
  /** How many times the case runs (m). */
  runs: number;
  /** How many of its runs passed; null when it could not run (inputs that no longer fit, a fault). */
  runs_passed: number | null;
  /** How many of its runs must pass (n). */
  passes_needed: number;
}

const verdictSchema = z.object({ pass: z.boolean(), reason: z.string().max(2_000) });

/** Asks the app's model, at temperature 0, whether an output meets a rubric. */
export function modelJudge(model: ModelCapability, signal: AbortSignal): Judge {
  return async ({ rubric, output }) => {
    let text = '';
    const stream = model.stream({
      system: 'You judge whether an answer meets a rubric. Reply with JSON only: {"pass": true or false, "reason": "one sentence"}.',
      prompt: `Rubric:\n${rubric}\n\nAnswer to judge:\n${output}`,
      settings: { temperature: 0, maxOutputTokens: 300 },
      signal,
      responseFormat: 'json',
      jsonFields: [
        { name: 'pass', type: 'boolean', description: 'true when the answer meets the rubric', required: true },
        { name: 'reason', type: 'string', description: 'why, in one sentence', required: true },
      ],
      variables: { rubric, output },
    });
    for await (const chunk of stream) if (chunk.type === 'text') text += chunk.text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(extractJsonText(text));
    } catch {
      return { pass: false, reason: 'The model’s verdict could not be read as pass or fail.' };
    }
    const verdict = verdictSchema.safeParse(parsed);
    return verdict.success ? verdict.data : { pass: false, reason: 'The model’s verdict could not be read as pass or fail.' };
  };
}

interface CaseSetup {
  app: AppRow;
  spec: AppSpec;
  versionId: string;
  model: CatalogueModel;
  testRunId: string;
  ownerId: string;
  signal: AbortSignal;
  /** The test run's run slots, shared by every run of every case. */
  slots: RunSlots;
}

/** Runs one case to its end and checks its expectations. Never throws for the case's own faults. */
async function runCase(
  ctx: FunctionContext,
  setup: CaseSetup,
  row: CaseRow,
): Promise<CaseOutcome> {
  const none = { output: null, checks: [], usage: null, runs: row.runs, runs_passed: null, passes_needed: row.passes_needed };
  const parsed = testCaseSchema.safeParse({ name: row.name, inputs: row.inputs, expectations: row.expectations, mode: row.mode, runs: row.runs, passesNeeded: row.passes_needed });
  if (!parsed.success) return { ...none, status: 'needs_update', reason: `The case cannot be read: ${issuesMessage(parsed.error.issues)}` };
  const fit = checkCaseInputs(setup.spec, parsed.data.inputs);
  if (fit.status === 'needs_update') return { ...none, status: 'needs_update', reason: fit.reasons.join(' ') };
  const testCase = parsed.data;
  const counted = { runs: testCase.runs, passes_needed: testCase.passesNeeded };
  if (testCase.runs === 1) {
    const outcome = await setup.slots(() => runOnce(ctx, setup, testCase));
    return { ...outcome, ...counted, runs_passed: outcome.status === 'needs_update' ? null : outcome.status === 'passed' ? 1 : 0 };
  }

  // "n of m runs pass": the runs go at once, each within the owner's plan, each taking one of the
  // test run's slots, so a test run never has more runs going than TEST_RUN_CONCURRENCY.
  const outcomes = await Promise.all(Array.from({ length: testCase.runs }, () => setup.slots(() => runOnce(ctx, setup, testCase))));
  // Inputs the app does not accept say the same on every run.
  const needsUpdate = outcomes.find((outcome) => outcome.status === 'needs_update');
  if (needsUpdate) return { ...needsUpdate, ...counted, runs_passed: null };
  const verdict = repeatedVerdict(outcomes.map((outcome) => outcome.status === 'passed'), testCase.passesNeeded);
  const shown = (verdict.pass ? outcomes.find((outcome) => outcome.status === 'passed') : outcomes.find((outcome) => outcome.status !== 'passed')) ?? outcomes[0];
  const usage = outcomes.reduce<RunOutcome['usage']>(
    (sum, outcome) => (outcome.usage ? { inputTokens: (sum?.inputTokens ?? 0) + outcome.usage.inputTokens, outputTokens: (sum?.outputTokens ?? 0) + outcome.usage.outputTokens } : sum),
    null,
  );
  return {
    status: verdict.pass ? 'passed' : 'failed',
    output: shown?.output ?? null,
    checks: shown?.checks ?? [],
    reason: verdict.pass ? verdict.reason : [verdict.reason, shown?.reason].filter(Boolean).join(' '),
    usage,
    ...counted,
    runs_passed: outcomes.filter((outcome) => outcome.status === 'passed').length,
  };
}

/** One run of a case's inputs on the version, and its expectations checked. */
async function runOnce(
  ctx: FunctionContext,
  setup: CaseSetup,
  testCase: TestCase,
): Promise<RunOutcome> {
  const none = { output: null, checks: [], usage: null };
  // Within the owner's plan like any run, counted under a runner of its own so test runs stay
  // apart from visitors' runs in the app's figures.
  const admission = await admitRun(ctx.supabase, { appId: setup.app.id, runner: { kind: 'test', userId: setup.ownerId }, channel: 'run' });
  if (!admission.ok) return { ...none, status: 'error', reason: admission.message };

  const run = await createRun(ctx, setup.app, setup.versionId, setup.model, { userId: setup.ownerId }, null, setup.testRunId);
  let end: RunEvent | null = null;
  for await (const event of executeRun(ctx, {
    app: setup.app,
    spec: setup.spec,
    model: setup.model,
    run,
    previousState: null,
    inputs: testCase.inputs,
    signal: setup.signal,
  })) {
    end = event;
  }
  if (end?.type === 'run_failed') return { ...none, status: 'error', reason: `The app failed: ${end.message}` };
  if (end?.type === 'awaiting_input') {
    const missing = end.errors.map((error) => error.message).join(' ');
    return { ...none, status: 'needs_update', reason: `The app asked for input the case does not give${missing ? `: ${missing}` : '.'}` };
  }
  if (end?.type !== 'run_done' && end?.type !== 'choice_needed') return { ...none, status: 'error', reason: 'The app stopped without an answer.' };

  const outputs = end.type === 'run_done' ? end.outputs : [];
  const text = outputs.map((output) => output.markdown).join('\n\n');
  const variables: Readonly<Record<string, JsonValue>> = end.type === 'run_done' ? end.variables : {};
  const choices = end.type === 'choice_needed' ? end.buttons.map((button) => button.label) : [];
  const usage = end.type === 'run_done' ? end.usage : null;
  const checks = await evaluateExpectations(testCase.expectations, { text, variables, choices }, { judge: modelJudge(setup.model, setup.signal) });
  const failed = checks.filter((check) => !check.pass);
  return {
    status: failed.length === 0 ? 'passed' : 'failed',
    output: text.slice(0, OUTPUT_CHARS),
    checks,
    reason: failed.length === 0 ? null : failed.map((check) => check.reason).join(' '),
    usage,
  };
}

/** A refusal before anything is stored: each caller puts it in its own error shape. */
export interface TestRunRefusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

const refuse = (status: number, code: string, message: string): TestRunRefusal => ({ ok: false, status, code, message });

/** A test run whose rows are made and whose cases are ready to run. */
export interface PreparedTestRun {
  ok: true;
  testRunId: string;
  app: AppRow;
  spec: AppSpec;
  version: { id: string; number: number };
  model: CatalogueModel;
  ownerId: string;
  cases: CaseRow[];
  resultIds: Map<string, string>;
}

/**
 * Checks the version and the app's cases and, when they can run, stores the test run (status
 * `running`) with a pending result per case. Refuses, storing nothing: a version of another app
 * or none (404 version_not_found), a spec that cannot run (422 invalid_version), no cases (422
 * no_cases), more cases than a run covers (400 too_many_cases, naming both numbers), a model that
 * is not available. A run of the app that stopped before it finished is ended first.
 */
export async function prepareTestRun(
  ctx: FunctionContext,
  app: AppRow,
  versionId: string | null,
  startedBy: string,
): Promise<PreparedTestRun | TestRunRefusal> {
  if (!versionId) return refuse(404, 'version_not_found', 'This app has no version to test yet');
  const version = await loadVersion(ctx.supabase, app.id, versionId);
  if (!version) return refuse(404, 'version_not_found', 'This app has no such version');
  const parsed = parseAppSpec(version.spec);
  if (!parsed.ok) return refuse(422, 'invalid_version', `Version ${version.number} cannot run: ${parsed.error.message}`);

  const cap = TEST_LIMITS.casesPerRun;
  const cases = await ctx.supabase
    .from('AppTestCase')
    .select('id, name, inputs, expectations, mode, runs, passes_needed', { count: 'exact' })
    .eq('app_id', app.id)
    .order('created_at')
    .order('id')
    .limit(cap + 1)
    .returns<CaseRow[]>();
  if (cases.error) throw new Error(`Reading the test cases failed: ${cases.error.message}`);
  if (cases.data.length === 0) return refuse(422, 'no_cases', `${app.name} has no test cases yet: add one, or save a run as a test.`);
  if (cases.data.length > cap) {
    const count = Math.max(cases.count ?? 0, cases.data.length);
    return refuse(400, 'too_many_cases', `${app.name} has ${count} test cases, and a test run covers at most ${cap}. Delete ${count - cap} of them and run again.`);
  }

  let model: CatalogueModel;
  try {
    model = ctx.models.get(appModelId(app));
  } catch (error) {
    const failure = modelFailure(error);
    if (!failure) throw error;
    return refuse(failure.status, failure.code, failure.message);
  }

  await endStoppedTestRuns(ctx.supabase, app.id);
  const testRun = await ctx.supabase
    .from('AppTestRun')
    .insert({ app_id: app.id, version_id: version.id, version_number: version.number, started_by: startedBy, case_count: cases.data.length })
    .select('id')
    .single<{ id: string }>();
  if (testRun.error) throw new Error(`Starting the test run failed: ${testRun.error.message}`);
  const testRunId = testRun.data.id;
  const pending = await ctx.supabase
    .from('AppTestResult')
    .insert(
      cases.data.map((row) => ({ test_run_id: testRunId, case_id: row.id, case_name: row.name.slice(0, 120), mode: row.mode, runs: row.runs, passes_needed: row.passes_needed })),
    )
    .select('id, case_id')
    .returns<{ id: string; case_id: string }[]>();
  if (pending.error) throw new Error(`Starting the test run failed: ${pending.error.message}`);
  return {
    ok: true,
    testRunId,
    app,
    spec: parsed.value,
    version: { id: version.id, number: version.number },
    model,
    ownerId: startedBy,
    cases: cases.data,
    resultIds: new Map(pending.data.map((row) => [row.case_id, row.id])),
  };
}

/** The first event of a test run (`test_run`). */
export function testRunStarted(prepared: PreparedTestRun): Record<string, unknown> {
  return { test_run_id: prepared.testRunId, version_id: prepared.version.id, version_number: prepared.version.number, case_count: prepared.cases.length };
}

/**
 * Runs a prepared test run's cases, a few at a time, writing each result as it finishes (published
 * to Realtime) and passing on `case_done` per case, then `test_run_done`; when saving fails, the
 * run is marked failed and `test_run_failed` is sent. Never throws. The run goes on when whoever
 * started it goes away: its results are kept either way.
 */
export async function executeTestRun(ctx: FunctionContext, prepared: PreparedTestRun, send: (event: string, data: unknown) => void): Promise<void> {
  const { testRunId } = prepared;
  const work = new AbortController();
  const setup: CaseSetup = {
    app: prepared.app,
    spec: prepared.spec,
    versionId: prepared.version.id,
    model: prepared.model,
    testRunId,
    ownerId: prepared.ownerId,
    signal: work.signal,
    slots: runSlots(TEST_RUN_CONCURRENCY),
  };
  const counts = { passed: 0, failed: 0, needs_update: 0, error: 0 };
  try {
    const queue = [...prepared.cases];
    const worker = async (): Promise<void> => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        let outcome: CaseOutcome;
        try {
          outcome = await runCase(ctx, setup, row);
        } catch (error) {
          ctx.log.error({ test_run_id: testRunId, case_id: row.id, error: error instanceof Error ? error.message : String(error) }, 'a test case failed to run');
          outcome = {
            status: 'error',
            output: null,
            checks: [],
            reason: 'The case could not be run; try again.',
            usage: null,
            runs: row.runs,
            runs_passed: null,
            passes_needed: row.passes_needed,
          };
        }
        counts[outcome.status] += 1;
        const saved = await ctx.supabase
          .from('AppTestResult')
          .update({
            status: outcome.status,
            output: outcome.output,
            checks: outcome.checks,
            reason: outcome.reason?.slice(0, 4_000) ?? null,
            usage: outcome.usage,
            runs_passed: outcome.runs_passed,
            finished_at: new Date().toISOString(),
          })
          .eq('id', prepared.resultIds.get(row.id) ?? '');
        if (saved.error) throw new Error(`Saving a test result failed: ${saved.error.message}`);
        send('case_done', { case_id: row.id, name: row.name, mode: row.mode, ...outcome });
      }
    };
    // As many cases in progress as there are slots: a case waiting for its runs holds no slot, so
    // the slots a one-run case leaves free go to another case's runs.
    await Promise.all(Array.from({ length: Math.min(TEST_RUN_CONCURRENCY, prepared.cases.length) }, worker));
    const finished = await ctx.supabase
      .from('AppTestRun')
      .update({ status: 'done', passed: counts.passed, failed: counts.failed + counts.error, needs_update: counts.needs_update, finished_at: new Date().toISOString() })
      .eq('id', testRunId);
    if (finished.error) throw new Error(`Finishing the test run failed: ${finished.error.message}`);
    send('test_run_done', { test_run_id: testRunId, status: 'done', passed: counts.passed, failed: counts.failed + counts.error, needs_update: counts.needs_update });
  } catch (error) {
    ctx.log.error({ test_run_id: testRunId, error: error instanceof Error ? error.message : String(error) }, 'a test run failed');
    const marked = await ctx.supabase
      .from('AppTestRun')
      .update({ status: 'failed', error: { code: 'persist_error', message: 'The test run could not be saved' }, finished_at: new Date().toISOString() })
      .eq('id', testRunId);
    if (marked.error) ctx.log.error({ test_run_id: testRunId, error: marked.error.message }, 'could not mark the test run failed');
    send('test_run_failed', { test_run_id: testRunId, code: 'persist_error', message: 'The test run could not be saved; try again.' });
  }
}

/**
 * How long a `running` test run may go without a word (no result finished, nothing updated)
 * before it counts as stopped: its server died mid-run. Far above one case's run on a slow model.
 */
export const TEST_RUN_IDLE_LIMIT_MINUTES = 15;
export const STOPPED_TEST_RUN_MESSAGE = 'The test run stopped before it finished';

/**
 * Ends the app's test runs that stopped before they finished (end_stopped_test_runs: marked
 * failed with STOPPED_TEST_RUN_MESSAGE, their unfinished cases as errors). Called before a new
 * run of the app and before a test run is read, so none stays `running` forever.
 */
export async function endStoppedTestRuns(supabase: SupabaseClient, appId: string): Promise<void> {
  const ended = await supabase.rpc('end_stopped_test_runs', { p_app_id: appId, p_idle_minutes: TEST_RUN_IDLE_LIMIT_MINUTES });
  if (ended.error) throw new Error(`Ending stopped test runs failed: ${ended.error.message}`);
}
