import { parseAppSpec, runStateSchema } from '@appforge/engine';
import type { RunOutput, RunState } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CatalogueModel } from '@appforge/models';
import { z } from 'zod';
import { appModelId, issuesMessage, loadApp, loadVersion, modelFailure, readSmallJsonBody, sseResponse } from './apps.ts';
import type { AppRow } from './apps.ts';
import { admitRun, notifyOwnerOnce } from './billing/entitlements.ts';
import { admitClassRun, checkClassContent, loadClass, loadMembership, textOf } from './classes/class-runs.ts';
import type { ClassRunWatch } from './classes/class-runs.ts';
import { classLiveHubFor } from './classes/live-output.ts';
import { errorResponse, json, signedInUser } from './http.ts';
import { consumeRun } from './rate-limit.ts';
import { createRun, executeRun, findRun, replayEnd } from './run-execution.ts';
import type { RunRow } from './run-execution.ts';
import { checkLocally } from './safety/checker.ts';
import { supportedRunState, supportOutput } from './safety/support.ts';
import type { ContentVerdict } from './safety/types.ts';
import type { FunctionHandler } from './types.ts';

const bodySchema = z.object({
  app_id: z.uuid({ message: 'app_id must be a UUID' }),
  version_id: z.uuid({ message: 'version_id must be a UUID' }).optional(),
  run_id: z.uuid({ message: 'run_id must be a UUID' }).optional(),
  inputs: z.record(z.string(), z.unknown(), { message: 'inputs must be an object' }).optional(),
  choice: z.number({ message: 'choice must be a number' }).int().min(0).max(1000).optional(),
  visitor_session: z
    .string({ message: 'visitor_session must be text' })
    .min(1)
    .max(200, { message: 'visitor_session has at most 200 characters' })
    .optional(),
  // Issue 19: a run for this class (the caller must be a current member and the app assigned).
  classId: z.uuid({ message: 'classId must be a UUID' }).optional(),
});

/** The help text of the class's school (School.support_message), or null for the default. */
async function schoolSupportMessage(supabase: SupabaseClient, classId: string): Promise<string | null> {
  const klass = await supabase.from('Class').select('school_id').eq('id', classId).maybeSingle<{ school_id: string | null }>();
  if (klass.error) throw new Error(`Reading the class's school failed: ${klass.error.message}`);
  if (!klass.data?.school_id) return null;
  const school = await supabase.from('School').select('support_message').eq('id', klass.data.school_id).maybeSingle<{ support_message: string | null }>();
  if (school.error) throw new Error(`Reading the school's support message failed: ${school.error.message}`);
  return school.data?.support_message ?? null;
}

/**
 * Whether a student's answers read as self-harm. The support is for the student, so it does not
 * depend on the teacher's alert settings: with self-harm alerts switched off the local lists still
 * decide it (and no alert is raised).
 */
function needsSupport(verdict: ContentVerdict | null, inputs: unknown): boolean {
  if (verdict?.categories.includes('self_harm')) return true;
  return checkLocally(textOf(inputs), { profanity: false, violence: false, personal_data: false }).flagged;
}

/** Ends the run with the supportive message as its only output; the student's answers are kept for the teacher. */
async function endWithSupport(supabase: SupabaseClient, run: RunRow, previous: RunState | null, inputs: Record<string, unknown>, support: RunOutput): Promise<void> {
  const state = supportedRunState(previous, run.id, support, Date.now());
  const updated = await supabase
    .from('AppRun')
    .update({
      state,
      status: 'done',
      outputs: state.outputs,
      usage: state.usage,
      error: null,
      finished_at: new Date(state.finishedAt ?? Date.now()).toISOString(),
      inputs: { ...run.inputs, ...inputs },
    })
    .eq('id', run.id);
  if (updated.error) throw new Error(`Saving the run failed: ${updated.error.message}`);
}

/**
 * Who may run a non-draft version of this app (the owner always may): signed-in and invite-only
 * apps need a sign-in first; whether an invited person is on the list is admitRun's to decide.
 */
function visibilityRefusal(app: AppRow, signedIn: boolean): Response | null {
  if (app.visibility === 'public' || app.visibility === 'unlisted') return null;
  if (signedIn) return null;
  return errorResponse(401, 'sign_in_required', `Sign in to use ${app.name}`);
}

/**
 * POST /functions/v1/run-app: starts a run of the deployed version (or, for the owner, any
 * version as a preview) or continues one (`run_id` + `inputs` / `choice`), and streams it as
 * server-sent events: `run` {run_id, offline, model_label}, then each engine event by its type,
 * ending after run_done, run_failed, awaiting_input or choice_needed. The run (engine state, steps,
 * usage) is kept in AppRun / AppRunStep; only its runner may continue it.
 */
export const runAppFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const request = body.data;
  const user = signedInUser(ctx);

  // Issue 26: a signed-out visitor is limited by their address (the host's, from trusted proxies
  // only), never by the visitor_session they choose; the session only says whose run it is.
  const address = ctx.clientAddress ?? 'unknown';
  const visitorKey = user ? `user:${user.id}` : `ip:${address}`;
  const rate = await consumeRun(ctx.limits, ctx.env.runRateLimitPerMinute, visitorKey, request.app_id);
  if (!rate.ok) {
    return json(
      429,
      {
        code: 'rate_limited',
        message:
          rate.scope === 'visitor'
            ? `Too many runs; try again in ${rate.retryAfterSeconds} s`
            : `This app is busy; try again in ${rate.retryAfterSeconds} s`,
      },
      { 'retry-after': String(rate.retryAfterSeconds) },
    );
  }

  const app = await loadApp(ctx.supabase, request.app_id);
  const isOwner = app !== null && user?.id === app.owner_id;
  if (!app || (!isOwner && app.deployed_version_id === null)) return errorResponse(404, 'app_not_found', 'There is no such app');
  if (!isOwner) {
    const refused = visibilityRefusal(app, user !== undefined);
    if (refused) return refused;
  }

  let run: RunRow | null = null;
  if (request.run_id !== undefined) {
    run = await findRun(ctx.supabase, request.run_id, app.id);
    if (!run) return errorResponse(404, 'run_not_found', 'There is no such run of this app');
    const mine =
      run.runner_user_id !== null
        ? run.runner_user_id === user?.id
        : run.visitor_session !== null && run.visitor_session === request.visitor_session && user === undefined;
    if (!mine) return errorResponse(403, 'not_your_run', 'This run belongs to someone else');
    if (request.classId !== undefined && request.classId !== run.class_id) {
      return errorResponse(400, 'invalid_body', 'classId does not match the run');
    }
    const finished = run.status === 'done' || run.status === 'failed';
    if (finished && (request.inputs !== undefined || request.choice !== undefined)) {
      return errorResponse(409, 'run_finished', 'This run has finished; start a new one');
    }
  }

  const versionId = run ? run.version_id : (request.version_id ?? app.deployed_version_id);
  if (versionId === null) return errorResponse(404, 'not_deployed', `${app.name} has no deployed version`);
  if (request.version_id !== undefined && run && request.version_id !== run.version_id) {
    return errorResponse(400, 'invalid_body', 'version_id does not match the run');
  }
  if (versionId !== app.deployed_version_id && !isOwner) {
    return errorResponse(403, 'draft_owner_only', 'Only the app’s owner can preview a version that is not deployed');
  }
  const version = await loadVersion(ctx.supabase, app.id, versionId);
  if (!version) return errorResponse(404, 'version_not_found', 'This app has no such version');
  const parsed = parseAppSpec(version.spec);
  if (!parsed.ok) return errorResponse(422, 'invalid_version', parsed.error.message);

  let model: CatalogueModel;
  try {
    model = ctx.models.get(appModelId(app));
  } catch (error) {
    const failure = modelFailure(error);
    if (!failure) throw error;
    return errorResponse(failure.status, failure.code, failure.message);
  }

  // Issue 19: a class run — admitted by the class (membership, assignment, daily allowance) and
  // watched by the content checker; without a checker on this server, class runs are refused.
  const classId = run ? run.class_id : (request.classId ?? null);
  let watch: Omit<ClassRunWatch, 'runId'> | null = null;
  if (classId !== null) {
    if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to run your class’s apps');
    if (!ctx.safety) {
      ctx.log.error({ class_id: classId }, 'class run refused: no content checker is configured (ctx.safety)');
      return errorResponse(503, 'safety_unavailable', 'Class runs are not available right now: content checks are not set up on this server.');
    }
    if (run) {
      const [klass, member] = await Promise.all([loadClass(ctx.supabase, classId), loadMembership(ctx.supabase, classId, user.id)]);
      if (klass && member) watch = { klass, studentId: user.id, studentName: member.display_name };
    } else {
      const admitted = await admitClassRun(ctx, { classId, appId: app.id, studentId: user.id });
      if (!admitted.ok) return admitted.response;
      watch = { klass: admitted.klass, studentId: user.id, studentName: admitted.studentName };
    }
  }

  let previousState: RunState | null = null;
  if (run) {
    const state = runStateSchema.safeParse(run.state);
    if (!state.success) return errorResponse(409, 'run_unreadable', 'This run cannot be continued; start a new one');
    previousState = state.data;
  } else if (watch !== null) {
    // Issue 26: the assignment alone grants nothing. A class run is admitted like any other run
    // (paid check, the owner's plan, caps), with the class's teacher's right to the app (owner or
    // buyer) standing in for the student's, so an assignment of someone else's paid app fails.
    const admission = await admitRun(ctx.supabase, {
      appId: app.id,
      runner: { kind: 'user', userId: watch.studentId },
      channel: 'run',
      classId: watch.klass.id,
    });
    if (!admission.ok) {
      await notifyOwnerOnce(ctx, admission, app.name);
      return errorResponse(admission.status, admission.code, admission.message);
    }
    run = await createRun(ctx, app, version.id, model, { userId: watch.studentId }, watch.klass.id);
  } else {
    // Entitlement (owner, allowed, purchase, free) and metering (plan, caps) of a new run.
    const admission = await admitRun(ctx.supabase, {
      appId: app.id,
      runner: user
        ? { kind: 'user', userId: user.id }
        : { kind: 'visitor', address },
      channel: 'run',
    });
    if (!admission.ok) {
      await notifyOwnerOnce(ctx, admission, app.name);
      return errorResponse(admission.status, admission.code, admission.message);
    }
    run = await createRun(ctx, app, version.id, model, user ? { userId: user.id } : { visitorSession: request.visitor_session ?? null });
  }
  const runRow = run;
  const checker = ctx.safety;
  const classWatch = watch && checker ? { ...watch, runId: runRow.id } : null;
  // Checks run beside the stream (a slow moderation service never holds the answer back) and are
  // awaited before the response ends.
  const checks: Promise<unknown>[] = [];
  const check = (direction: 'input' | 'output', value: unknown): void => {
    if (classWatch && checker) checks.push(checkClassContent(ctx, checker, classWatch, direction, value));
  };
  // A student's answers are checked before the app runs on them (issue 27): self-harm gets caring
  // words and where to find help instead of the app's ordinary answer; the alert is raised as ever.
  let support: RunOutput | null = null;
  if (request.inputs !== undefined && classWatch && checker) {
    const verdict = await checkClassContent(ctx, checker, classWatch, 'input', request.inputs);
    if (needsSupport(verdict, request.inputs)) support = supportOutput(await schoolSupportMessage(ctx.supabase, classWatch.klass.id));
  } else if (request.inputs !== undefined) {
    check('input', request.inputs);
  }
  // The teacher's live view gets the AI's words as they are written (classes/live-output.ts).
  const live = classWatch && checker ? classLiveHubFor(ctx.supabase, checker, ctx.log).run(classWatch.klass.id, runRow.id, classWatch.klass.checks) : null;

  return sseResponse(
    req.signal,
    async (sink) => {
      sink.send('run', { run_id: runRow.id, offline: model.offline, model_label: model.label });
      // A reload of a finished run: show how it ended again (nothing runs).
      if (previousState && (previousState.status === 'done' || previousState.status === 'failed')) {
        const end = replayEnd(previousState);
        sink.send(end.type, end);
        return;
      }
      if (support) {
        live?.close();
        await endWithSupport(ctx.supabase, runRow, previousState, request.inputs ?? {}, support);
        ctx.metrics?.runEnded('done');
        sink.send('run_done', { type: 'run_done', outputs: [support], variables: previousState?.variables ?? {}, usage: previousState?.usage ?? { inputTokens: 0, outputTokens: 0 } });
        return;
      }
      const events = executeRun(ctx, {
        app,
        spec: parsed.value,
        model,
        run: runRow,
        previousState,
        inputs: request.inputs,
        choice: request.choice,
        signal: sink.signal,
      });
      const aiSteps = new Set(parsed.value.steps.filter((step) => step.kind === 'ai').map((step) => step.id));
      try {
        for await (const event of events) {
          sink.send(event.type, event);
          if (event.type === 'token' && live && aiSteps.has(event.stepId)) live.token(event.stepId, event.text);
          if (event.type === 'step_output' && aiSteps.has(event.stepId)) check('output', event.value);
        }
      } finally {
        live?.close();
        await Promise.all(checks);
      }
    },
    (error, sink) => {
      ctx.metrics?.runEnded('failed');
      ctx.log.error({ run_id: runRow.id, error: error instanceof Error ? error.message : String(error) }, 'run-app failed');
      sink.send('run_failed', { type: 'run_failed', code: 'persist_error', message: 'The run could not be saved; try again' });
    },
  );
};
