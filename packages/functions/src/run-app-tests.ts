// App tests (issue 30): runs every test case of an app on one of its versions, with the same
// executor and model as a visitor's run, and keeps the results in AppTestRun / AppTestResult.
import { checkCaseInputs, evaluateExpectations, extractJsonText, parseAppSpec, TEST_LIMITS, testCaseSchema } from '@appforge/engine';
import type { AppSpec, ExpectationResult, Judge, JsonValue, ModelCapability, RunEvent } from '@appforge/engine';
import type { CatalogueModel } from '@appforge/models';
import { z } from 'zod';
import { appModelId, issuesMessage, loadApp, loadVersion, modelFailure, readSmallJsonBody, sseResponse } from './apps.ts';
import type { AppRow } from './apps.ts';
import { admitRun } from './billing/entitlements.ts';
import { errorResponse, signedInUser } from './http.ts';
import { createRun, executeRun } from './run-execution.ts';
import type { FunctionContext, FunctionHandler } from './types.ts';

const bodySchema = z.object({
  app_id: z.uuid({ message: 'app_id must be a UUID' }),
  /** The version to test; the app's draft when absent. */
  version_id: z.uuid({ message: 'version_id must be a UUID' }).optional(),
});

/** Cases run at once: enough to keep a remote model busy, few enough to leave the server room. */
export const TEST_RUN_CONCURRENCY = 4;
const OUTPUT_CHARS = 100_000;

interface CaseRow {
  id: string;
  name: string;
  inputs: unknown;
  expectations: unknown;
  mode: 'must_pass' | 'warn_only';
}

type CaseStatus = 'passed' | 'failed' | 'needs_update' | 'error';

interface CaseOutcome {
  status: CaseStatus;
  output: string | null;
  checks: ExpectationResult[];
  reason: string | null;
  usage: { inputTokens: number; outputTokens: number } | null;
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

/** Runs one case to its end and checks its expectations. Never throws for the case's own faults. */
async function runCase(
  ctx: FunctionContext,
  setup: { app: AppRow; spec: AppSpec; versionId: string; model: CatalogueModel; testRunId: string; ownerId: string; signal: AbortSignal },
  row: CaseRow,
): Promise<CaseOutcome> {
  const none = { output: null, checks: [], usage: null };
  const parsed = testCaseSchema.safeParse({ name: row.name, inputs: row.inputs, expectations: row.expectations, mode: row.mode });
  if (!parsed.success) return { ...none, status: 'needs_update', reason: `The case cannot be read: ${issuesMessage(parsed.error.issues)}` };
  const fit = checkCaseInputs(setup.spec, parsed.data.inputs);
  if (fit.status === 'needs_update') return { ...none, status: 'needs_update', reason: fit.reasons.join(' ') };

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
    inputs: parsed.data.inputs,
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
  const checks = await evaluateExpectations(parsed.data.expectations, { text, variables, choices }, { judge: modelJudge(setup.model, setup.signal) });
  const failed = checks.filter((check) => !check.pass);
  return {
    status: failed.length === 0 ? 'passed' : 'failed',
    output: text.slice(0, OUTPUT_CHARS),
    checks,
    reason: failed.length === 0 ? null : failed.map((check) => check.reason).join(' '),
    usage,
  };
}

/**
 * POST /functions/v1/run-app-tests `{app_id, version_id?}` (the app's owner): runs every test case
 * of the app on the version (the draft when absent), a few at a time, and streams server-sent
 * events: `test_run` {test_run_id, case_count} first, `case_done` per case as it finishes, then
 * `test_run_done` {status, passed, failed, needs_update}. Every result is written as it finishes
 * (AppTestResult, published to Realtime), so the owner's other tabs see progress too.
 */
export const runAppTests: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to run your app’s tests');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));

  const app = await loadApp(ctx.supabase, body.data.app_id);
  if (!app) return errorResponse(404, 'app_not_found', 'There is no such app');
  if (app.owner_id !== caller.id) return errorResponse(403, 'not_owner', 'Only the app’s owner can run its tests');
  const versionId = body.data.version_id ?? app.draft_version_id ?? app.deployed_version_id;
  if (!versionId) return errorResponse(404, 'version_not_found', 'This app has no version to test yet');
  const version = await loadVersion(ctx.supabase, app.id, versionId);
  if (!version) return errorResponse(404, 'version_not_found', 'This app has no such version');
  const parsed = parseAppSpec(version.spec);
  if (!parsed.ok) return errorResponse(422, 'invalid_version', `Version ${version.number} cannot run: ${parsed.error.message}`);

  const cases = await ctx.supabase
    .from('AppTestCase')
    .select('id, name, inputs, expectations, mode')
    .eq('app_id', app.id)
    .order('created_at')
    .order('id')
    .limit(TEST_LIMITS.casesPerRun + 1)
    .returns<CaseRow[]>();
  if (cases.error) throw new Error(`Reading the test cases failed: ${cases.error.message}`);
  if (cases.data.length === 0) return errorResponse(422, 'no_cases', `${app.name} has no test cases yet: add one, or save a run as a test.`);
  if (cases.data.length > TEST_LIMITS.casesPerRun) {
    return errorResponse(422, 'too_many_cases', `A test run covers at most ${TEST_LIMITS.casesPerRun} cases; delete some of ${app.name}’s cases and run again.`);
  }

  let model: CatalogueModel;
  try {
    model = ctx.models.get(appModelId(app));
  } catch (error) {
    const failure = modelFailure(error);
    if (!failure) throw error;
    return errorResponse(failure.status, failure.code, failure.message);
  }

  const testRun = await ctx.supabase
    .from('AppTestRun')
    .insert({ app_id: app.id, version_id: version.id, version_number: version.number, started_by: caller.id, case_count: cases.data.length })
    .select('id')
    .single<{ id: string }>();
  if (testRun.error) throw new Error(`Starting the test run failed: ${testRun.error.message}`);
  const testRunId = testRun.data.id;
  const pending = await ctx.supabase
    .from('AppTestResult')
    .insert(cases.data.map((row) => ({ test_run_id: testRunId, case_id: row.id, case_name: row.name.slice(0, 120), mode: row.mode })))
    .select('id, case_id')
    .returns<{ id: string; case_id: string }[]>();
  if (pending.error) throw new Error(`Starting the test run failed: ${pending.error.message}`);
  const resultIds = new Map(pending.data.map((row) => [row.case_id, row.id]));

  // The run goes on when the person closes the page: its results are kept either way.
  const work = new AbortController();
  const setup = { app, spec: parsed.value, versionId: version.id, model, testRunId, ownerId: caller.id, signal: work.signal };
  const counts = { passed: 0, failed: 0, needs_update: 0, error: 0 };

  return sseResponse(
    req.signal,
    async (sink) => {
      sink.send('test_run', { test_run_id: testRunId, version_id: version.id, version_number: version.number, case_count: cases.data.length });
      const queue = [...cases.data];
      const worker = async (): Promise<void> => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          let outcome: CaseOutcome;
          try {
            outcome = await runCase(ctx, setup, row);
          } catch (error) {
            ctx.log.error({ test_run_id: testRunId, case_id: row.id, error: error instanceof Error ? error.message : String(error) }, 'a test case failed to run');
            outcome = { status: 'error', output: null, checks: [], reason: 'The case could not be run; try again.', usage: null };
          }
          counts[outcome.status] += 1;
          const saved = await ctx.supabase
            .from('AppTestResult')
            .update({ status: outcome.status, output: outcome.output, checks: outcome.checks, reason: outcome.reason?.slice(0, 4_000) ?? null, usage: outcome.usage, finished_at: new Date().toISOString() })
            .eq('id', resultIds.get(row.id) ?? '');
          if (saved.error) throw new Error(`Saving a test result failed: ${saved.error.message}`);
          sink.send('case_done', { case_id: row.id, name: row.name, mode: row.mode, ...outcome });
        }
      };
      await Promise.all(Array.from({ length: Math.min(TEST_RUN_CONCURRENCY, cases.data.length) }, worker));
      const finished = await ctx.supabase
        .from('AppTestRun')
        .update({ status: 'done', passed: counts.passed, failed: counts.failed + counts.error, needs_update: counts.needs_update, finished_at: new Date().toISOString() })
        .eq('id', testRunId);
      if (finished.error) throw new Error(`Finishing the test run failed: ${finished.error.message}`);
      sink.send('test_run_done', { test_run_id: testRunId, status: 'done', passed: counts.passed, failed: counts.failed + counts.error, needs_update: counts.needs_update });
    },
    (error, sink) => {
      ctx.log.error({ test_run_id: testRunId, error: error instanceof Error ? error.message : String(error) }, 'run-app-tests failed');
      void ctx.supabase
        .from('AppTestRun')
        .update({ status: 'failed', error: { code: 'persist_error', message: 'The test run could not be saved' }, finished_at: new Date().toISOString() })
        .eq('id', testRunId)
        .then(() => undefined);
      sink.send('test_run_failed', { test_run_id: testRunId, code: 'persist_error', message: 'The test run could not be saved; try again.' });
    },
  );
};
