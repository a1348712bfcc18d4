// App tests (issue 30): the owner runs every test case of an app on one of its versions. The
// running itself is shared with the public API (test-runs.ts).
import { z } from 'zod';
import { issuesMessage, loadApp, readSmallJsonBody, sseResponse } from './apps.ts';
import { errorResponse, signedInUser } from './http.ts';
import { executeTestRun, prepareTestRun, testRunStarted } from './test-runs.ts';
import type { FunctionHandler } from './types.ts';

const bodySchema = z.object({
  app_id: z.uuid({ message: 'app_id must be a UUID' }),
  /** The version to test; the app's draft when absent. */
  version_id: z.uuid({ message: 'version_id must be a UUID' }).optional(),
});

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
  const prepared = await prepareTestRun(ctx, app, body.data.version_id ?? app.draft_version_id ?? app.deployed_version_id, caller.id);
  if (!prepared.ok) return errorResponse(prepared.status, prepared.code, prepared.message);

  return sseResponse(
    req.signal,
    async (sink) => {
      sink.send('test_run', testRunStarted(prepared));
      await executeTestRun(ctx, prepared, (event, data) => sink.send(event, data));
    },
    // executeTestRun ends the run itself and never throws.
    (error) => ctx.log.error({ test_run_id: prepared.testRunId, error: error instanceof Error ? error.message : String(error) }, 'run-app-tests failed'),
  );
};
