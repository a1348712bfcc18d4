// The publish gate (issue 30): deploying a version of an app with test cases runs them on that
// version first. A failing must-pass case refuses the deploy (naming the cases) unless the owner
// deploys anyway with a reason; warn-only failures never block. What happened is kept with the
// version in AppDeploy, which only the owner reads. No client can set the deployed version itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, seedApp, signedIn, topicSpec } from './helpers.js';
import type { TestUser } from './helpers.js';

let backend: TestBackend;

async function addCase(owner: TestUser, appId: string, name: string, expectations: unknown[], mode = 'must_pass'): Promise<string> {
  const made = await owner.client.from('AppTestCase').insert({ app_id: appId, name, inputs: { topic: 'owls' }, expectations, mode }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return z.object({ id: z.string() }).parse(made.data).id;
}

/** A draft whose result no longer starts with "# Answer": the app is broken for the cases. */
async function brokenDraft(appId: string, ownerId: string): Promise<string> {
  const spec = topicSpec() as { steps: { id: string; config: Record<string, unknown> }[] };
  const show = spec.steps.find((step) => step.id === 'show');
  if (show) show.config = { template: 'Something else: {{text}}' };
  const made = await backend.db.query<{ id: string }>(
    'insert into public."AppVersion" (app_id, spec, frozen, created_by) values ($1, $2, false, $3) returning id',
    [appId, JSON.stringify(spec), ownerId],
  );
  return made.rows[0]?.id ?? '';
}

async function deployedOf(appId: string): Promise<string | null> {
  const row = await backend.db.query<{ deployed_version_id: string | null }>('select deployed_version_id from public."App" where id = $1', [appId]);
  return row.rows[0]?.deployed_version_id ?? null;
}

describe('the publish gate', () => {
  let owner: TestUser;
  let appId: string;
  let liveId: string;
  let draftId: string;
  let mustPassId: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    owner = await signedIn(backend);
    ({ appId, versionId: liveId } = await seedApp(backend, owner.id));
    mustPassId = await addCase(owner, appId, 'Shows an answer', [{ kind: 'contains', text: '# Answer' }]);
    await addCase(owner, appId, 'Mentions zebras', [{ kind: 'contains', text: 'zebra' }], 'warn_only');
    draftId = await brokenDraft(appId, owner.id);
  }, 120_000);
  afterAll(() => backend.stop());

  it('refuses to deploy a version whose must-pass case fails, names the case, and keeps the live version', async () => {
    const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: draftId }, owner.token);
    expect(response.status).toBe(409);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'tests_failed',
      message: 'Version 2 was not deployed: a must-pass test case fails (“Shows an answer”). Fix the app, or deploy anyway and write why.',
      failing: [{ case_id: mustPassId, name: 'Shows an answer', mode: 'must_pass', status: 'failed', reason: 'The output does not contain “# Answer”.' }],
      warnings: [{ name: 'Mentions zebras', mode: 'warn_only', status: 'failed' }],
    });
    expect((body.failing as { output: string }[])[0]?.output).toContain('Something else');
    expect(await deployedOf(appId)).toBe(liveId);
    const draft = await backend.db.query<{ frozen: boolean }>('select frozen from public."AppVersion" where id = $1', [draftId]);
    expect(draft.rows[0]?.frozen).toBe(false);
    expect((await backend.db.query('select 1 from public."AppDeploy" where app_id = $1', [appId])).rows).toEqual([]);
    // The gate's test run is kept with the version, as any test run is.
    const run = await owner.client.from('AppTestRun').select('version_id, passed, failed').eq('id', String(body.test_run_id)).single();
    expect(run.data).toEqual({ version_id: draftId, passed: 0, failed: 2 });
  }, 120_000);

  it('refuses an empty, blank or overlong reason, and a reason that is not text, and deploys nothing', async () => {
    for (const overrideReason of ['', '   ', 'x'.repeat(1001), 42]) {
      const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: draftId, override_reason: overrideReason }, owner.token);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_body' });
    }
    expect(await deployedOf(appId)).toBe(liveId);
  });

  it('refuses a direct supabase-js deploy: the client cannot set the deployed version or call deploy-app without a reason', async () => {
    // Freeze the draft as a deploy would, to show the column itself is closed to clients.
    const frozen = await backend.db.query<{ id: string }>(
      'insert into public."AppVersion" (app_id, spec, frozen, created_by) values ($1, $2, true, $3) returning id',
      [appId, JSON.stringify(topicSpec('Explain {{topic}} badly.')), owner.id],
    );
    const direct = await owner.client.from('App').update({ deployed_version_id: frozen.rows[0]?.id }).eq('id', appId).select('id');
    expect(direct.error?.code).toBe('42501');
    const invoked = await owner.client.functions.invoke('deploy-app', { body: { app_id: appId, version_id: draftId } });
    expect(invoked.error).not.toBeNull();
    expect(await deployedOf(appId)).toBe(liveId);
    // The owner still edits everything else of the app.
    const renamed = await owner.client.from('App').update({ name: 'Topic explainer 2' }).eq('id', appId).select('name').single();
    expect(renamed.data).toEqual({ name: 'Topic explainer 2' });
  }, 120_000);

  it('deploys anyway with a written reason, and keeps the reason and the failing cases with the version for the owner only', async () => {
    const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: draftId, override_reason: '  The heading changed on purpose; the case is next.  ' }, owner.token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ deployed_version_id: draftId, number: 2, overridden: true, test_run: { passed: 0, failed: 2, needs_update: 0 } });
    expect(await deployedOf(appId)).toBe(draftId);

    const kept = await owner.client.from('AppDeploy').select('version_id, version_number, deployed_by, override_reason, failing, test_run_id').eq('version_id', draftId).single();
    expect(kept.data).toMatchObject({
      version_id: draftId,
      version_number: 2,
      deployed_by: owner.id,
      override_reason: 'The heading changed on purpose; the case is next.',
      test_run_id: (body.test_run as { id: string }).id,
      failing: [
        { case_id: mustPassId, name: 'Shows an answer', mode: 'must_pass', status: 'failed', reason: 'The output does not contain “# Answer”.' },
        { name: 'Mentions zebras', mode: 'warn_only', status: 'failed' },
      ],
    });

    // Nobody else reads it (not even now that the app is public and deployed), and nobody writes it.
    const stranger = await signedIn(backend);
    expect((await stranger.client.from('AppDeploy').select('id').eq('app_id', appId)).data).toEqual([]);
    expect((await backend.client().from('AppDeploy').select('id').eq('app_id', appId)).data ?? []).toEqual([]);
    const forged = await owner.client.from('AppDeploy').insert({ app_id: appId, version_id: liveId, version_number: 1, override_reason: 'forged' });
    expect(forged.error).not.toBeNull();
    const edited = await owner.client.from('AppDeploy').update({ override_reason: 'edited' }).eq('app_id', appId).select('id');
    expect(edited.error ?? edited.data).not.toEqual([{ id: expect.any(String) }]);
    const reason = await backend.db.query<{ override_reason: string }>('select override_reason from public."AppDeploy" where version_id = $1', [draftId]);
    expect(reason.rows[0]?.override_reason).toBe('The heading changed on purpose; the case is next.');
  }, 120_000);

  it('deploys a version whose must-pass cases pass although a warn-only case fails, and shows the warning', async () => {
    const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: liveId }, owner.token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ deployed_version_id: liveId, overridden: false, test_run: { passed: 1, failed: 1 }, warnings: [{ name: 'Mentions zebras', status: 'failed' }] });
    const kept = await owner.client.from('AppDeploy').select('override_reason').eq('version_id', liveId).single();
    expect(kept.data).toEqual({ override_reason: null });
  }, 120_000);

  it('deploys an app without cases as before, with no test run', async () => {
    const plain = await seedApp(backend, owner.id, { deployed: false });
    const response = await callFunction(backend, 'deploy-app', { app_id: plain.appId, version_id: plain.versionId }, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deployed_version_id: plain.versionId, number: 1, test_run: null, warnings: [], overridden: false });
    expect((await backend.db.query('select 1 from public."AppTestRun" where app_id = $1', [plain.appId])).rows).toEqual([]);
  }, 120_000);
});
