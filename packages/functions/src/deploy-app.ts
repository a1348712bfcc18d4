import { checkAppSpec } from '@appforge/engine';
import { z } from 'zod';
import { ownerApiCatalogue } from './api-call.ts';
import { forgetApiApp } from './api/scope.ts';
import { issuesMessage, loadApp, loadVersion, readSmallJsonBody, wireProblems } from './apps.ts';
import { errorResponse, json, signedInUser } from './http.ts';
import type { FunctionHandler } from './types.ts';

const bodySchema = z.object({
  app_id: z.uuid({ message: 'app_id must be a UUID' }),
  version_id: z.uuid({ message: 'version_id must be a UUID' }),
});

/**
 * POST /functions/v1/deploy-app `{app_id, version_id}` (the app's owner): checks the version with
 * the engine's validator, freezes it (only the service role may) and makes it the deployed
 * version → `200 {deployed_version_id, number}`. An invalid version → `422 invalid_version` with
 * every blocking problem; nothing changes.
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
  ctx.log.info({ app_id: app.id, version_id: version.id, number: version.number }, 'app deployed');
  return json(200, { deployed_version_id: version.id, number: version.number });
};
