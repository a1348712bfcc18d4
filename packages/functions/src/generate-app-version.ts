import { checkAppSpec, parseAppSpec } from '@appforge/engine';
import type { Problem } from '@appforge/engine';
import { reviseAppSpec } from '@appforge/models';
import { z } from 'zod';
import { appModelId, issuesMessage, loadApp, loadVersion, modelFailure, readSmallJsonBody, sseResponse, wireProblems } from './apps.ts';
import { errorResponse, signedInUser } from './http.ts';
import type { FunctionHandler } from './types.ts';

const bodySchema = z.object({
  app_id: z.uuid({ message: 'app_id must be a UUID' }),
  base_version_id: z.uuid({ message: 'base_version_id must be a UUID' }),
  message: z
    .string({ message: 'message must be text' })
    .trim()
    .min(1, { message: 'message must not be empty' })
    .max(4000, { message: 'message has at most 4000 characters' }),
});

/**
 * POST /functions/v1/generate-app-version `{app_id, base_version_id, message}` (the owner): the
 * builder's chat. Streams `progress` {stage, message} events, then `version` {version_id, number,
 * change_summary} (the new draft, child of the base) or `error` {code, message}. The model's spec
 * is checked by the engine; one that does not pass is never saved.
 */
export const generateAppVersion: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to change an app');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));

  const app = await loadApp(ctx.supabase, body.data.app_id);
  if (!app) return errorResponse(404, 'app_not_found', 'There is no such app');
  if (app.owner_id !== caller.id) return errorResponse(403, 'not_owner', 'Only the app’s owner can change it');
  const base = await loadVersion(ctx.supabase, app.id, body.data.base_version_id);
  if (!base) return errorResponse(404, 'version_not_found', 'This app has no such version');
  const baseSpec = parseAppSpec(base.spec);
  if (!baseSpec.ok) return errorResponse(422, 'invalid_version', baseSpec.error.message);

  const supabase = ctx.supabase;
  return sseResponse(
    req.signal,
    async (sink) => {
      let model;
      try {
        model = ctx.models.get(appModelId(app));
      } catch (error) {
        const failure = modelFailure(error);
        if (!failure) throw error;
        sink.send('error', { code: failure.code, message: failure.message });
        return;
      }
      sink.send('progress', {
        stage: 'thinking',
        message: model.offline ? 'The offline model is reading your message' : `${model.label} is reading your message`,
      });
      let revised;
      try {
        revised = await reviseAppSpec({
          spec: baseSpec.value,
          instruction: body.data.message,
          model,
          name: app.name,
          signal: sink.signal,
        });
      } catch (error) {
        const failure = modelFailure(error);
        if (!failure) throw error;
        sink.send('error', { code: failure.code, message: failure.message });
        return;
      }
      if (!revised.changed) {
        sink.send('error', { code: 'no_change', message: revised.changeSummary });
        return;
      }
      sink.send('progress', { stage: 'validating', message: 'Checking the new version' });
      const checked = checkAppSpec(revised.spec);
      // A draft may already hold a problem the person has not fixed yet (issue 27): a change is
      // refused only for a problem it brings in, never for one that was there before it.
      const parsed = parseAppSpec(revised.spec);
      const introduced = newErrors(checkAppSpec(baseSpec.value).problems, checked.problems);
      if (!parsed.ok || introduced.length > 0) {
        const problems = wireProblems(parsed.ok ? introduced : checked.problems);
        sink.send('error', {
          code: 'invalid_version',
          message: `The change would break the app: ${problems.map((problem) => problem.message).join(' ')}`,
        });
        return;
      }
      sink.send('progress', { stage: 'saving', message: 'Saving the new version' });
      const changeSummary = revised.changeSummary.slice(0, 2000);
      const version = await supabase
        .from('AppVersion')
        .insert({
          app_id: app.id,
          parent_version_id: base.id,
          source: 'ai',
          change_summary: changeSummary,
          spec: parsed.value,
          created_by: caller.id,
        })
        .select('id, number')
        .single<{ id: string; number: number }>();
      if (version.error) throw new Error(`Saving the version failed: ${version.error.message}`);
      const update: Record<string, unknown> = { draft_version_id: version.data.id };
      if (revised.name !== undefined && revised.name !== app.name) update.name = revised.name.slice(0, 120);
      const updated = await supabase.from('App').update(update).eq('id', app.id);
      if (updated.error) throw new Error(`Setting the draft failed: ${updated.error.message}`);
      ctx.log.info({ app_id: app.id, version_id: version.data.id, offline: revised.offline }, 'app version generated');
      sink.send('version', { version_id: version.data.id, number: version.data.number, change_summary: changeSummary });
    },
    (error, sink) => {
      ctx.log.error({ app_id: app.id, error: error instanceof Error ? error.message : String(error) }, 'generate-app-version failed');
      sink.send('error', { code: 'function_error', message: 'The new version could not be saved; try again' });
    },
  );
};

/** The errors of `after` that `before` did not have (same step, same code, same words). */
function newErrors(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const key = (problem: Problem) => `${problem.stepId ?? ''}\u0000${problem.code}\u0000${problem.message}`;
  const known = new Set(before.filter((problem) => problem.severity === 'error').map(key));
  return after.filter((problem) => problem.severity === 'error' && !known.has(key(problem)));
}
