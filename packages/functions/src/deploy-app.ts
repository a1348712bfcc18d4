import { checkAppSpec } from '@appforge/engine';
import { z } from 'zod';
import { ownerApiCatalogue } from './api-call.ts';
import { forgetApiApp } from './api/scope.ts';
import { issuesMessage, loadApp, loadVersion, readSmallJsonBody, wireProblems } from './apps.ts';
import { errorResponse, json, signedInUser } from './http.ts';
import { executeTestRun, prepareTestRun } from './test-runs.ts';
import type { FunctionContext, FunctionHandler } from './types.ts';
import type { AppRow } from './apps.ts';

export const OVERRIDE_REASON_MAX = 1000;

const bodySchema = z.object({
  app_id: z.uuid({ message: 'app_id must be a UUID' }),
  version_id: z.uuid({ message: 'version_id must be a UUID' }),
  /** "Deploy anyway": why the owner deploys although a must-pass test case fails. */
  override_reason: z
    .string({ message: 'override_reason must be text' })
    .trim()
    .min(1, 'Write why you deploy although tests fail: the reason cannot be empty')
    .max(OVERRIDE_REASON_MAX, `A reason has at most ${OVERRIDE_REASON_MAX} characters`)
    .optional(),
});

/** One case that did not pass, as the gate reports and keeps it. */
interface GateCase {
  case_id: string;
  name: string;
  mode: 'must_pass' | 'warn_only';
  status: string;
  reason: string | null;
  output: string | null;
}

interface GateOutcome {
  testRunId: string;
  passed: number;
  failed: number;
  needsUpdate: number;
  /** Must-pass cases that did not pass: they block the deploy. */
  blocking: GateCase[];
  /** Warn-only cases that did not pass: shown, never blocking. */
  warnings: GateCase[];
}

const quoteNames = (cases: readonly GateCase[]): string => cases.map((item) => `“${item.name}”`).join(', ');

/**
 * Runs the app's test cases on the version. `null` when the app has no cases (it deploys as it
 * always did); a refusal when they cannot run (too many, no model); otherwise what passed and what
 * did not. A must-pass case that needs an update blocks too: otherwise changing the app's inputs
 * would skip its tests.
 */
async function runGate(ctx: FunctionContext, app: AppRow, versionId: string, callerId: string): Promise<GateOutcome | null | Response> {
  const prepared = await prepareTestRun(ctx, app, versionId, callerId);
  if (!prepared.ok) {
    if (prepared.code === 'no_cases') return null;
    return errorResponse(prepared.status, prepared.code, `Not deployed: the test cases could not run. ${prepared.message}`);
  }
  const done: GateCase[] = [];
  let finished: { passed: number; failed: number; needs_update: number } | null = null;
  await executeTestRun(ctx, prepared, (event, data) => {
    const item = data as Record<string, unknown>;
    if (event === 'case_done') {
      done.push({
        case_id: String(item.case_id),
        name: String(item.name),
        mode: item.mode === 'warn_only' ? 'warn_only' : 'must_pass',
        status: String(item.status),
        reason: typeof item.reason === 'string' ? item.reason : null,
        output: typeof item.output === 'string' ? item.output : null,
      });
    }
    if (event === 'test_run_done') finished = { passed: Number(item.passed), failed: Number(item.failed), needs_update: Number(item.needs_update) };
  });
  const counts = finished as { passed: number; failed: number; needs_update: number } | null;
  if (!counts) return errorResponse(503, 'tests_not_run', 'Not deployed: the test run could not be saved. Try again.');
  const notPassed = done.filter((item) => item.status !== 'passed');
  return {
    testRunId: prepared.testRunId,
    passed: counts.passed,
    failed: counts.failed,
    needsUpdate: counts.needs_update,
    blocking: notPassed.filter((item) => item.mode === 'must_pass'),
    warnings: notPassed.filter((item) => item.mode === 'warn_only'),
  };
}

/**
 * POST /functions/v1/deploy-app `{app_id, version_id, override_reason?}` (the app's owner): checks
 * the version with the engine's validator, runs the app's test cases on it (the publish gate),
 * freezes it (only the service role may) and makes it the deployed version → `200
 * {deployed_version_id, number, test_run, warnings, overridden}`. An invalid version → `422
 * invalid_version` with every blocking problem; a must-pass case that does not pass → `409
 * tests_failed` naming the cases (`failing`, `warnings`, `test_run_id`) unless `override_reason`
 * says why to deploy anyway. Refused, nothing changes but the kept test run. Every deploy is kept in
 * AppDeploy with its test run, the reason and the cases that did not pass.
 */
export const deployApp: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to deploy an app');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));

  const app = await loadApp(ctx.supabase, body.data.app_id);
  if (!app) return errorResponse(404, 'app_not_found', 'There is no such app');
  if (app.owner_id !== caller.id) return errorResponse(403, 'not_owner', 'Only the app’s owner can deploy it');
  const version = await loadVersion(ctx.supabase, app.id, body.data.version_id);
  if (!version) return errorResponse(404, 'version_not_found', 'This app has no such version');

  // `api` steps must call the owner's APIs, endpoints and parameters as they are now.
  const checked = checkAppSpec(version.spec, { apis: await ownerApiCatalogue(ctx.supabase, app.owner_id) });
  if (!checked.spec) {
    const problems = wireProblems(checked.problems);
    return json(422, {
      code: 'invalid_version',
      message: `Version ${version.number} cannot be deployed: ${problems.map((problem) => problem.message).join(' ')}`,
      problems,
    });
  }

  const gate = await runGate(ctx, app, version.id, caller.id);
  if (gate instanceof Response) return gate;
  const reason = body.data.override_reason ?? null;
  if (gate && gate.blocking.length > 0 && reason === null) {
    const count = gate.blocking.length;
    return json(409, {
      code: 'tests_failed',
      message: `Version ${version.number} was not deployed: ${count === 1 ? 'a must-pass test case fails' : `${count} must-pass test cases fail`} (${quoteNames(gate.blocking)}). Fix the app, or deploy anyway and write why.`,
      test_run_id: gate.testRunId,
      failing: gate.blocking,
      warnings: gate.warnings,
    });
  }

  if (!version.frozen) {
    const frozen = await ctx.supabase.from('AppVersion').update({ frozen: true }).eq('id', version.id).eq('app_id', app.id);
    if (frozen.error) throw new Error(`Freezing the version failed: ${frozen.error.message}`);
  }
  const deployed = await ctx.supabase
    .from('App')
    .update({ deployed_version_id: version.id })
    .eq('id', app.id)
    .eq('owner_id', caller.id);
  if (deployed.error) throw new Error(`Deploying the version failed: ${deployed.error.message}`);
  forgetApiApp(app.id);
  const overridden = gate !== null && gate.blocking.length > 0;
  const kept = await ctx.supabase.from('AppDeploy').insert({
    app_id: app.id,
    version_id: version.id,
    version_number: version.number,
    deployed_by: caller.id,
    test_run_id: gate?.testRunId ?? null,
    // A reason is kept only when it overrode a failing case: otherwise there was nothing to explain.
    override_reason: overridden ? reason : null,
    failing: gate ? [...gate.blocking, ...gate.warnings].map(({ output: _output, ...item }) => item) : [],
  });
  if (kept.error) throw new Error(`Keeping the deploy failed: ${kept.error.message}`);
  ctx.log.info({ app_id: app.id, version_id: version.id, number: version.number, overridden }, 'app deployed');
  return json(200, {
    deployed_version_id: version.id,
    number: version.number,
    test_run: gate ? { id: gate.testRunId, passed: gate.passed, failed: gate.failed, needs_update: gate.needsUpdate } : null,
    warnings: gate?.warnings ?? [],
    overridden,
  });
};
