// App tests from code and CI (issue 30): `POST /v1/apps/{appId}/test-runs` starts a test run of a
// version with the app's cases, `GET /v1/test-runs/{testRunId}` reads it back. The running is
// run-app-tests' own (../test-runs.ts); this file only checks the key and shapes the answers.
import { z } from 'zod';
import { loadAppConfig } from '../apps.ts';
import type { AppRow } from '../apps.ts';
import { endStoppedTestRuns, prepareTestRun } from '../test-runs.ts';
import type { PreparedTestRun } from '../test-runs.ts';
import type { FunctionContext } from '../types.ts';
import { ApiError } from './errors.ts';
import type { ApiKeyRow } from './key-auth.ts';
import { takeRun } from './runs.ts';
import { inKeyScope, readApp } from './scope.ts';

export const testRunRequestSchema = z.strictObject({
  /** A version number, the app's draft or its live version; the draft when absent. */
  version: z
    .union([z.number().int().min(1), z.literal('draft'), z.literal('live')], {
      message: 'version must be a version number (1 or more), "draft" or "live"',
    })
    .optional(),
});
export type TestRunRequest = z.infer<typeof testRunRequestSchema>;

export interface TestCaseResult {
  case_id: string | null;
  case_name: string;
  mode: 'must_pass' | 'warn_only';
  status: 'running' | 'passed' | 'failed' | 'needs_update' | 'error';
  passed: boolean;
  reason: string | null;
  output: string | null;
  /** How many times the case runs ("n of m runs pass": m). */
  runs: number;
  /** How many of its runs passed; null until the case has run, and for a case that could not run. */
  runs_passed: number | null;
  /** How many of its runs must pass (n). */
  passes_needed: number;
}

export interface TestRunBody {
  id: string;
  app_id: string;
  status: 'running' | 'done' | 'failed';
  version_id: string | null;
  version_number: number | null;
  started_at: string;
  finished_at: string | null;
  total: number;
  passed: number;
  failed: number;
  needs_update: number;
  results: TestCaseResult[];
  error?: { code: string; message: string };
}

interface TestRunRow {
  id: string;
  app_id: string;
  status: TestRunBody['status'];
  version_id: string | null;
  version_number: number | null;
  case_count: number;
  error: { code?: unknown; message?: unknown } | null;
  started_at: string;
  finished_at: string | null;
}

type ResultRow = Omit<TestCaseResult, 'passed'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RUN_COLUMNS = 'id, app_id, status, version_id, version_number, case_count, error, started_at, finished_at';

/** One shape for a test run however far it got: counts are taken from the results as they stand. */
function testRunBody(run: TestRunRow, results: readonly ResultRow[]): TestRunBody {
  const count = (...statuses: ResultRow['status'][]): number => results.filter((result) => statuses.includes(result.status)).length;
  const error =
    run.status === 'failed' && run.error
      ? {
          code: typeof run.error.code === 'string' ? run.error.code : 'failed',
          message: typeof run.error.message === 'string' ? run.error.message : 'The test run failed',
        }
      : null;
  return {
    id: run.id,
    app_id: run.app_id,
    status: run.status,
    version_id: run.version_id,
    version_number: run.version_number,
    started_at: run.started_at,
    finished_at: run.finished_at,
    total: run.case_count,
    passed: count('passed'),
    failed: count('failed', 'error'),
    needs_update: count('needs_update'),
    results: results.map((result) => ({ ...result, passed: result.status === 'passed' })),
    ...(error ? { error } : {}),
  };
}

/** The answer to a test run just started: every case still running. */
export function startedTestRunBody(prepared: PreparedTestRun): TestRunBody {
  return testRunBody(
    {
      id: prepared.testRunId,
      app_id: prepared.app.id,
      status: 'running',
      version_id: prepared.version.id,
      version_number: prepared.version.number,
      case_count: prepared.cases.length,
      error: null,
      started_at: new Date().toISOString(),
      finished_at: null,
    },
    prepared.cases.map((row) => ({
      case_id: row.id,
      case_name: row.name.slice(0, 120),
      mode: row.mode,
      status: 'running',
      reason: null,
      output: null,
      runs: row.runs,
      runs_passed: null,
      passes_needed: row.passes_needed,
    })),
  );
}

/** The app the key may manage: its owner's, among the key's apps when it names some. Deployed or not. */
async function keyApp(ctx: FunctionContext, key: ApiKeyRow, appId: string): Promise<AppRow> {
  const app = await readApp(ctx.supabase, appId);
  if (!app) throw new ApiError(404, 'app_not_found', 'There is no such app');
  if (!inKeyScope(key, app)) throw new ApiError(403, 'app_not_in_scope', 'This key may not run this app’s tests');
  return { ...app, config: await loadAppConfig(ctx.supabase, app.id) };
}

async function versionId(ctx: FunctionContext, app: AppRow, version: TestRunRequest['version']): Promise<string> {
  if (version === undefined) {
    const id = app.draft_version_id ?? app.deployed_version_id;
    if (!id) throw new ApiError(404, 'version_not_found', `${app.name} has no version to test yet`);
    return id;
  }
  if (version === 'draft') {
    if (!app.draft_version_id) throw new ApiError(404, 'version_not_found', `${app.name} has no draft; name a version number or "live"`);
    return app.draft_version_id;
  }
  if (version === 'live') {
    if (!app.deployed_version_id) throw new ApiError(404, 'version_not_found', `${app.name} is not deployed yet, so it has no live version; test its draft instead`);
    return app.deployed_version_id;
  }
  const found = await ctx.supabase.from('AppVersion').select('id').eq('app_id', app.id).eq('number', version).maybeSingle<{ id: string }>();
  if (found.error) throw new Error(`Reading the version failed: ${found.error.message}`);
  if (!found.data) throw new ApiError(404, 'version_not_found', `${app.name} has no version ${version}`);
  return found.data.id;
}

/**
 * Checks the key, the version and the cases and stores the test run; the caller runs it
 * (executeTestRun). Counts as one start against the key's per-minute limit; each case is counted
 * against the owner's plan as it runs, apart from visitors' runs.
 */
export async function startTestRun(ctx: FunctionContext, key: ApiKeyRow, appId: string, request: TestRunRequest): Promise<PreparedTestRun> {
  const app = await keyApp(ctx, key, appId);
  const id = await versionId(ctx, app, request.version);
  await takeRun(ctx, key);
  const prepared = await prepareTestRun(ctx, app, id, key.owner_id);
  if (!prepared.ok) throw new ApiError(prepared.status, prepared.code, prepared.message);
  return prepared;
}

/** GET test-runs/{testRunId}: a test run of an app in the key's scope (any other is as good as absent). */
export async function readTestRun(ctx: FunctionContext, key: ApiKeyRow, testRunId: string): Promise<TestRunBody> {
  const absent = new ApiError(404, 'test_run_not_found', 'There is no such test run for this key');
  if (!UUID.test(testRunId)) throw absent;
  const read = () => ctx.supabase.from('AppTestRun').select(RUN_COLUMNS).eq('id', testRunId).maybeSingle<TestRunRow>();
  let run = await read();
  if (run.error) throw new Error(`Reading the test run failed: ${run.error.message}`);
  if (!run.data) throw absent;
  const app = await readApp(ctx.supabase, run.data.app_id);
  if (!app || !inKeyScope(key, app)) throw absent;
  if (run.data.status === 'running') {
    await endStoppedTestRuns(ctx.supabase, app.id);
    run = await read();
    if (run.error) throw new Error(`Reading the test run failed: ${run.error.message}`);
    if (!run.data) throw absent;
  }
  const results = await ctx.supabase
    .from('AppTestResult')
    .select('case_id, case_name, mode, status, reason, output, runs, runs_passed, passes_needed')
    .eq('test_run_id', testRunId)
    .order('created_at')
    .order('case_name')
    .returns<ResultRow[]>();
  if (results.error) throw new Error(`Reading the test results failed: ${results.error.message}`);
  return testRunBody(run.data, results.data);
}
