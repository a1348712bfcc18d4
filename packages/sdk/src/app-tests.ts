// App tests (issue 30): an app's test cases, running them on a version, and reading the results.
// Cases are checked with the engine's schema before they are written, so a bad pattern, JSON path
// or schema is refused here with the engine's words, the same check the server runs.
import { EXPECTATION_KINDS, TEST_CASE_MODES, TEST_LIMITS, testCaseSchema } from '@appforge/engine';
import type { ExpectationInput, TestCaseMode } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, invalidInput, requireUuid } from './app-rows';
import type { Database, Json } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';
import { parseResponse } from './rows';
import { followFunctionStream } from './runs';
import type { StreamError } from './runs';

const CASE_COLUMNS = 'id, app_id, name, inputs, expectations, mode, runs, passes_needed, source_run_id, created_at, updated_at';
const TEST_RUN_COLUMNS = 'id, app_id, version_id, version_number, started_by, status, case_count, passed, failed, needs_update, error, started_at, finished_at';
const RESULT_COLUMNS = 'id, test_run_id, case_id, case_name, mode, status, output, checks, reason, runs, runs_passed, passes_needed, started_at, finished_at';

const checkSchema = z.object({ kind: z.enum(EXPECTATION_KINDS), pass: z.boolean(), reason: z.string() });

const caseRowSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  name: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  // Kept as stored: a case written before a change of the rules still lists (and shows why it needs an update).
  expectations: z.array(z.record(z.string(), z.unknown())),
  mode: z.enum(TEST_CASE_MODES),
  /** "n of m runs pass": the case runs `runs` times and passes when `passes_needed` of them pass. */
  runs: z.number(),
  passes_needed: z.number(),
  source_run_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppTestCaseRow = z.infer<typeof caseRowSchema>;

const testRunRowSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  version_id: z.string().nullable(),
  version_number: z.number().nullable(),
  started_by: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  case_count: z.number(),
  passed: z.number(),
  failed: z.number(),
  needs_update: z.number(),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AppTestRunRow = z.infer<typeof testRunRowSchema>;

export const TEST_RESULT_STATUSES = ['running', 'passed', 'failed', 'needs_update', 'error'] as const;
export type AppTestResultStatus = (typeof TEST_RESULT_STATUSES)[number];

const resultRowSchema = z.object({
  id: z.string(),
  test_run_id: z.string(),
  case_id: z.string().nullable(),
  case_name: z.string(),
  mode: z.enum(TEST_CASE_MODES),
  status: z.enum(TEST_RESULT_STATUSES),
  output: z.string().nullable(),
  checks: z.array(checkSchema),
  reason: z.string().nullable(),
  /** "n of m runs pass": how many times the case ran (m), how many of those passed (null until it ran), how many had to (n). */
  runs: z.number(),
  runs_passed: z.number().nullable(),
  passes_needed: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AppTestResultRow = z.infer<typeof resultRowSchema>;

const DEPLOY_COLUMNS = 'id, app_id, version_id, version_number, deployed_by, test_run_id, override_reason, failing, created_at';

const deployRowSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  version_id: z.string(),
  version_number: z.number(),
  deployed_by: z.string().nullable(),
  test_run_id: z.string().nullable(),
  override_reason: z.string().nullable(),
  failing: z.array(
    z.object({ case_id: z.string(), name: z.string(), mode: z.enum(TEST_CASE_MODES), status: z.string(), reason: z.string().nullable() }),
  ),
  created_at: z.string(),
});
/** One deploy of a version (the publish gate): its test run, the cases that did not pass, and the reason to deploy anyway. */
export type AppDeployRow = z.infer<typeof deployRowSchema>;

export interface NewTestCase {
  appId: string;
  name: string;
  inputs: Record<string, unknown>;
  expectations: ExpectationInput[];
  mode?: TestCaseMode;
  /** How many times the case runs (1–5; 1 when absent). */
  runs?: number;
  /** How many of those runs must pass (1–runs; 1 when absent). */
  passesNeeded?: number;
}

export type TestCasePatch = Partial<Pick<NewTestCase, 'name' | 'inputs' | 'expectations' | 'mode' | 'runs' | 'passesNeeded'>>;

export type TestRunEvent =
  | { type: 'test_run'; test_run_id: string; version_id: string; version_number: number; case_count: number }
  | {
      type: 'case_done';
      case_id: string;
      name: string;
      status: Exclude<AppTestResultStatus, 'running'>;
      reason: string | null;
      output: string | null;
      /** How many times the case ran, and how many of those runs passed (null when it could not run). */
      runs: number;
      runs_passed: number | null;
      passes_needed: number;
    }
  | { type: 'test_run_done'; test_run_id: string; passed: number; failed: number; needs_update: number }
  | StreamError;

const eventSchemas = {
  test_run: z.object({ test_run_id: z.string(), version_id: z.string(), version_number: z.number(), case_count: z.number() }),
  case_done: z.object({
    case_id: z.string(),
    name: z.string(),
    status: z.enum(['passed', 'failed', 'needs_update', 'error']),
    reason: z.string().nullable(),
    output: z.string().nullable(),
    runs: z.number().int().min(1),
    runs_passed: z.number().int().min(0).nullable(),
    passes_needed: z.number().int().min(1),
  }),
  test_run_done: z.object({ test_run_id: z.string(), passed: z.number(), failed: z.number(), needs_update: z.number() }),
  test_run_failed: z.object({ code: z.string(), message: z.string() }),
} as const;

export interface AppTestsApi {
  listCases(appId: string): Promise<AppTestCaseRow[]>;
  /** Checks the case with the engine's rules first: a bad expectation is refused with what to fix. */
  createCase(input: NewTestCase): Promise<AppTestCaseRow>;
  updateCase(caseId: string, patch: TestCasePatch): Promise<AppTestCaseRow>;
  deleteCase(caseId: string): Promise<void>;
  /**
   * "Save as test": a case from a finished run of the caller's app, with the run's inputs and its
   * output as the reference (the output must contain that text again).
   */
  saveRunAsCase(runId: string, options?: { name?: string; mode?: TestCaseMode }): Promise<AppTestCaseRow>;
  /** Runs every case of the app on a version (the draft when absent); events arrive as cases finish. */
  run(options: { appId: string; versionId?: string; signal?: AbortSignal }): AsyncIterable<TestRunEvent>;
  listRuns(appId: string, limit?: number): Promise<AppTestRunRow[]>;
  getRun(testRunId: string): Promise<{ run: AppTestRunRow; results: AppTestResultRow[] }>;
  /** The app's deploys, newest first (owner only): what the publish gate saw, and any reason to deploy anyway. */
  listDeploys(appId: string, limit?: number): Promise<AppDeployRow[]>;
}

function notFound(what: string, cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: `This ${what} was not found.`, status: 404, cause });
}

function checkedCase(input: { name: unknown; inputs: unknown; expectations: unknown; mode: unknown; runs?: unknown; passesNeeded?: unknown }) {
  const parsed = testCaseSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path[0] === 'expectations' && typeof issue.path[1] === 'number' ? `Check ${issue.path[1] + 1}: ` : '';
    throw invalidInput(`${where}${issue?.message ?? 'The test case is not valid.'}`, parsed.error);
  }
  return parsed.data;
}

const savedRunSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  status: z.enum(['running', 'awaiting_input', 'done', 'failed']),
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.array(z.looseObject({ markdown: z.string() })).nullable(),
});

export function createAppTestsApi(supabase: SupabaseClient<Database>): AppTestsApi {
  async function insertCase(row: Database['public']['Tables']['AppTestCase']['Insert']): Promise<AppTestCaseRow> {
    const { data, error, status } = await supabase.from('AppTestCase').insert(row).select(CASE_COLUMNS).single();
    if (error) throw fromPostgrest(error, status);
    return parseResponse(caseRowSchema, data, 'the new test case');
  }

  const api: AppTestsApi = {
    async listCases(appId) {
      requireUuid(appId, 'The app');
      const { data, error, status } = await supabase.from('AppTestCase').select(CASE_COLUMNS).eq('app_id', appId).order('created_at').order('id');
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(caseRowSchema), data, 'the test cases');
    },

    async createCase({ appId, name, inputs, expectations, mode, runs, passesNeeded }) {
      requireUuid(appId, 'The app');
      const checked = checkedCase({ name, inputs, expectations, mode, runs, passesNeeded });
      return insertCase({
        app_id: appId,
        name: checked.name,
        inputs: checked.inputs,
        expectations: checked.expectations as Json,
        mode: checked.mode,
        runs: checked.runs,
        passes_needed: checked.passesNeeded,
      });
    },

    async updateCase(caseId, patch) {
      requireUuid(caseId, 'The test case');
      const { data: current, error: readError, status: readStatus } = await supabase.from('AppTestCase').select(CASE_COLUMNS).eq('id', caseId).maybeSingle();
      if (readError) throw fromPostgrest(readError, readStatus);
      if (current === null) throw notFound('test case', { caseId });
      const existing = parseResponse(caseRowSchema, current, 'the test case');
      const checked = checkedCase({
        name: patch.name ?? existing.name,
        inputs: patch.inputs ?? existing.inputs,
        expectations: patch.expectations ?? existing.expectations,
        mode: patch.mode ?? existing.mode,
        runs: patch.runs ?? existing.runs,
        passesNeeded: patch.passesNeeded ?? existing.passes_needed,
      });
      const { data, error, status } = await supabase
        .from('AppTestCase')
        .update({ name: checked.name, inputs: checked.inputs, expectations: checked.expectations as Json, mode: checked.mode, runs: checked.runs, passes_needed: checked.passesNeeded })
        .eq('id', caseId)
        .select(CASE_COLUMNS)
        .maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw notFound('test case', { caseId });
      return parseResponse(caseRowSchema, data, 'the test case');
    },

    async deleteCase(caseId) {
      requireUuid(caseId, 'The test case');
      const { data, error, status } = await supabase.from('AppTestCase').delete().eq('id', caseId).select('id');
      if (error) throw fromPostgrest(error, status);
      if ((data ?? []).length === 0) throw notFound('test case', { caseId });
    },

    async saveRunAsCase(runId, options = {}) {
      requireUuid(runId, 'The run');
      const { data, error, status } = await supabase.from('AppRun').select('id, app_id, status, inputs, outputs').eq('id', runId).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw notFound('run', { runId });
      const run = parseResponse(savedRunSchema, data, 'the run');
      if (run.status !== 'done') throw invalidInput('Only a run that finished with an answer can be saved as a test.');
      const output = (run.outputs ?? []).map((item) => item.markdown).join('\n\n').trim();
      if (output === '') throw invalidInput('This run showed no output to keep as the reference.');
      // The reference is the run's output; a very long one keeps its beginning.
      const reference = output.slice(0, TEST_LIMITS.textLength).trim();
      const firstInput = Object.values(run.inputs).find((value) => typeof value === 'string' && value.trim() !== '');
      const name = options.name ?? (typeof firstInput === 'string' ? `Saved run: ${firstInput.trim()}` : 'Saved run');
      const checked = checkedCase({
        name: name.slice(0, TEST_LIMITS.caseNameLength),
        inputs: run.inputs,
        expectations: [{ kind: 'contains', text: reference, ignoreCase: false }],
        mode: options.mode,
      });
      return insertCase({
        app_id: run.app_id,
        name: checked.name,
        inputs: checked.inputs,
        expectations: checked.expectations as Json,
        mode: checked.mode,
        source_run_id: run.id,
      });
    },

    run({ appId, versionId, signal }) {
      const body: Record<string, unknown> = { app_id: requireUuid(appId, 'The app') };
      if (versionId !== undefined) body.version_id = requireUuid(versionId, 'The version');
      return followFunctionStream<TestRunEvent>(supabase, 'run-app-tests', body, signal, {
        toEvent: (message) => {
          if (!(message.event in eventSchemas)) return null;
          const name = message.event as keyof typeof eventSchemas;
          const parsed = eventSchemas[name].safeParse(message.data);
          if (!parsed.success) return 'invalid';
          if (name === 'test_run_failed') {
            const failed = parsed.data as z.infer<(typeof eventSchemas)['test_run_failed']>;
            return { type: 'error', code: failed.code, message: failed.message };
          }
          return { type: name, ...parsed.data } as TestRunEvent;
        },
        isLast: (event) => event.type === 'test_run_done' || event.type === 'error',
        unexpected: 'The server sent an unexpected test result.',
        stopped: 'The test run stopped before it finished; its finished cases are kept. Try again.',
      });
    },

    async listRuns(appId, limit = 20) {
      requireUuid(appId, 'The app');
      const { data, error, status } = await supabase
        .from('AppTestRun')
        .select(TEST_RUN_COLUMNS)
        .eq('app_id', appId)
        .order('created_at', { ascending: false })
        .limit(Math.max(1, Math.min(100, Math.trunc(limit))));
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(testRunRowSchema), data, 'the test runs');
    },

    async getRun(testRunId) {
      if (!UUID_PATTERN.test(testRunId)) throw notFound('test run', { testRunId });
      const [run, results] = await Promise.all([
        supabase.from('AppTestRun').select(TEST_RUN_COLUMNS).eq('id', testRunId).maybeSingle(),
        supabase.from('AppTestResult').select(RESULT_COLUMNS).eq('test_run_id', testRunId).order('created_at').order('case_name'),
      ]);
      if (run.error) throw fromPostgrest(run.error, run.status);
      if (results.error) throw fromPostgrest(results.error, results.status);
      if (run.data === null) throw notFound('test run', { testRunId });
      return {
        run: parseResponse(testRunRowSchema, run.data, 'the test run'),
        results: parseResponse(z.array(resultRowSchema), results.data, 'the test results'),
      };
    },

    async listDeploys(appId, limit = 50) {
      requireUuid(appId, 'The app');
      const { data, error, status } = await supabase
        .from('AppDeploy')
        .select(DEPLOY_COLUMNS)
        .eq('app_id', appId)
        .order('created_at', { ascending: false })
        .limit(Math.max(1, Math.min(100, Math.trunc(limit))));
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(deployRowSchema), data, 'the deploys');
    },
  };
  return api;
}
