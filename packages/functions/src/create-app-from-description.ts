import { checkAppSpec } from '@appforge/engine';
import { generateAppSpec } from '@appforge/models';
import { z } from 'zod';
import { issuesMessage, modelFailure, readSmallJsonBody, wireProblems } from './apps.ts';
import { errorResponse, json, signedInUser } from './http.ts';
import type { FunctionHandler } from './types.ts';

const bodySchema = z
  .object({
    app_description_id: z.uuid({ message: 'app_description_id must be a UUID' }).optional(),
    description: z
      .string({ message: 'description must be text' })
      .trim()
      .min(1, { message: 'description must not be empty' })
      .max(4000, { message: 'description has at most 4000 characters' })
      .optional(),
  })
  .refine((body) => (body.app_description_id === undefined) !== (body.description === undefined), {
    message: 'Send either app_description_id or description',
  });

interface DescriptionRow {
  id: string;
  text: string;
  claimed_by: string | null;
  app_id: string | null;
}

/**
 * POST /functions/v1/create-app-from-description `{app_description_id}` | `{description}` (signed
 * in): claims the stored description (or takes the text), generates the app's spec (offline
 * templates or the configured model, always validated), creates the app and its first version as
 * the draft → `201 {app_id, version_id, offline, model_label}`. A description already turned into
 * an app by the caller answers `200` with that app.
 */
export const createAppFromDescription: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to create an app');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));

  let text = body.data.description ?? '';
  const descriptionId = body.data.app_description_id;
  if (descriptionId !== undefined) {
    const claimed = await ctx.supabase
      .from('AppDescription')
      .update({ claimed_by: caller.id, claimed_at: new Date().toISOString() })
      .eq('id', descriptionId)
      .is('claimed_by', null)
      .select('id, text, claimed_by, app_id')
      .returns<DescriptionRow[]>();
    if (claimed.error) throw new Error(`Claiming the description failed: ${claimed.error.message}`);
    let row = claimed.data[0];
    if (!row) {
      const existing = await ctx.supabase
        .from('AppDescription')
        .select('id, text, claimed_by, app_id')
        .eq('id', descriptionId)
        .maybeSingle<DescriptionRow>();
      if (existing.error) throw new Error(`Reading the description failed: ${existing.error.message}`);
      if (!existing.data) return errorResponse(404, 'description_not_found', 'There is no such app description');
      if (existing.data.claimed_by !== caller.id) {
        return errorResponse(409, 'description_claimed', 'This app description belongs to someone else');
      }
      row = existing.data;
      if (row.app_id !== null) {
        const app = await ctx.supabase
          .from('App')
          .select('id, draft_version_id')
          .eq('id', row.app_id)
          .maybeSingle<{ id: string; draft_version_id: string | null }>();
        if (app.error) throw new Error(`Reading the app failed: ${app.error.message}`);
        if (app.data) {
          const model = ctx.models.get();
          return json(200, { app_id: app.data.id, version_id: app.data.draft_version_id, offline: model.offline, model_label: model.label });
        }
      }
    }
    text = row.text;
  }

  const model = ctx.models.get();
  let generated;
  try {
    generated = await generateAppSpec({ description: text, model, signal: req.signal });
  } catch (error) {
    const failure = modelFailure(error);
    if (!failure) throw error;
    return errorResponse(failure.status, failure.code, failure.message);
  }
  const checked = checkAppSpec(generated.spec);
  if (!checked.spec) {
    const problems = wireProblems(checked.problems);
    return json(502, { code: 'invalid_model_output', message: 'The model wrote an app that does not work', problems });
  }

  const app = await ctx.supabase
    .from('App')
    .insert({ owner_id: caller.id, name: generated.name.slice(0, 120), description: generated.description })
    .select('id')
    .single<{ id: string }>();
  if (app.error) throw new Error(`Creating the app failed: ${app.error.message}`);
  const appId = app.data.id;
  try {
    const version = await ctx.supabase
      .from('AppVersion')
      .insert({
        app_id: appId,
        source: generated.offline ? 'template' : 'ai',
        change_summary: generated.changeSummary.slice(0, 2000),
        spec: checked.spec,
        created_by: caller.id,
      })
      .select('id')
      .single<{ id: string }>();
    if (version.error) throw new Error(`Creating the first version failed: ${version.error.message}`);
    const draft = await ctx.supabase.from('App').update({ draft_version_id: version.data.id }).eq('id', appId);
    if (draft.error) throw new Error(`Setting the draft failed: ${draft.error.message}`);
    if (descriptionId !== undefined) {
      const linked = await ctx.supabase.from('AppDescription').update({ app_id: appId }).eq('id', descriptionId);
      if (linked.error) throw new Error(`Linking the description failed: ${linked.error.message}`);
    }
    ctx.log.info({ app_id: appId, offline: generated.offline, model: generated.modelId }, 'app created from description');
    return json(201, { app_id: appId, version_id: version.data.id, offline: generated.offline, model_label: model.label });
  } catch (error) {
    // No half-made app: the app row goes (its versions with it).
    await ctx.supabase.from('App').delete().eq('id', appId);
    throw error;
  }
};
