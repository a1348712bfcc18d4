// create-app-from-description, deploy-app and generate-app-version through the real host with the
// offline model (no AI_BASE_URL): real supabase-js, PGlite and PostgreSQL 15, the engine's validator.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { brokenSpec, callFunction, readSse, seedApp, signedIn, topicSpec } from './helpers.js';

let backend: TestBackend;

async function appRow(appId: string): Promise<Record<string, unknown> | undefined> {
  const result = await backend.db.query('select name, draft_version_id, deployed_version_id from public."App" where id = $1', [appId]);
  return result.rows[0];
}

// Each database in turn (the frozen rule and the claims are the database's): one backend at a time.
describe.each(DATABASES)('on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  describe('create-app-from-description', () => {
    it('builds an app and its first draft version from a text with the offline model', async () => {
      const user = await signedIn(backend);
      const response = await callFunction(backend, 'create-app-from-description', { description: 'A quiz maker for my history class' }, user.token);
      expect(response.status).toBe(201);
      const body = (await response.json()) as { app_id: string; version_id: string; offline: boolean; model_label: string };
      expect(body).toMatchObject({ offline: true, model_label: 'offline model' });
      // The owner reads it back through the data API (RLS) as the builder will.
      const app = await user.client.from('App').select('owner_id, name, draft_version_id, deployed_version_id').eq('id', body.app_id).single();
      expect(app.data).toMatchObject({ owner_id: user.id, draft_version_id: body.version_id, deployed_version_id: null });
      expect(String(app.data?.name)).toMatch(/quiz/i);
      const version = await user.client.from('AppVersion').select('number, source, frozen, change_summary, spec').eq('id', body.version_id).single();
      expect(version.data).toMatchObject({ number: 1, source: 'template', frozen: false });
      expect(String(version.data?.change_summary).length).toBeGreaterThan(0);
    });

    it('claims a stored description once; the same caller gets the same app back; others get 409', async () => {
      const descriptionId = randomUUID();
      const stored = await backend.client().from('AppDescription').insert({ id: descriptionId, text: 'Translate my emails into Spanish' });
      expect(stored.error).toBeNull();
      const user = await signedIn(backend);
      const first = await callFunction(backend, 'create-app-from-description', { app_description_id: descriptionId }, user.token);
      expect(first.status).toBe(201);
      const created = (await first.json()) as { app_id: string; version_id: string };
      const again = await callFunction(backend, 'create-app-from-description', { app_description_id: descriptionId }, user.token);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ app_id: created.app_id, version_id: created.version_id });

      const other = await signedIn(backend);
      const stolen = await callFunction(backend, 'create-app-from-description', { app_description_id: descriptionId }, other.token);
      expect(stolen.status).toBe(409);
      expect(await stolen.json()).toMatchObject({ code: 'description_claimed' });
      const description = await user.client.from('AppDescription').select('claimed_by, app_id').eq('id', descriptionId).single();
      expect(description.data).toEqual({ claimed_by: user.id, app_id: created.app_id });
      const apps = await backend.db.query('select id from public."App" where owner_id = $1', [other.id]);
      expect(apps.rowCount).toBe(0);
    });

    it('refuses the signed-out, wrong types, both or neither field, unknown descriptions and oversized bodies', async () => {
      const anonymous = await callFunction(backend, 'create-app-from-description', { description: 'A summariser' });
      expect(anonymous.status).toBe(401);
      const user = await signedIn(backend);
      for (const body of [{ description: 42 }, { description: '' }, {}, { description: 'x', app_description_id: randomUUID() }, { app_description_id: 'nope' }, { description: 'x'.repeat(4001) }]) {
        const response = await callFunction(backend, 'create-app-from-description', body, user.token);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'invalid_body' });
      }
      const unknown = await callFunction(backend, 'create-app-from-description', { app_description_id: randomUUID() }, user.token);
      expect(unknown.status).toBe(404);
      const huge = await callFunction(backend, 'create-app-from-description', { description: 'a', padding: 'x'.repeat(70_000) }, user.token);
      expect(huge.status).toBe(413);
      const apps = await backend.db.query('select id from public."App" where owner_id = $1', [user.id]);
      expect(apps.rowCount).toBe(0);
    });
  });

  describe('deploy-app', () => {
    it('freezes a valid version and makes it the deployed one', async () => {
      const owner = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id, { deployed: false });
      const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: versionId }, owner.token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ deployed_version_id: versionId, number: 1, test_run: null, warnings: [], overridden: false });
      const version = await owner.client.from('AppVersion').select('frozen').eq('id', versionId).single();
      expect(version.data).toEqual({ frozen: true });
      // Visitors can now read it through the data API.
      const visible = await backend.client().from('App').select('deployed_version_id').eq('id', appId).single();
      expect(visible.data).toEqual({ deployed_version_id: versionId });
      // Frozen for good: even the owner cannot edit its steps any more.
      const edit = await owner.client.from('AppVersion').update({ spec: topicSpec('Changed {{topic}}') }).eq('id', versionId).select();
      expect(edit.error).not.toBeNull();
    });

    it('refuses an invalid version with every problem and changes nothing', async () => {
      const owner = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id, { deployed: false, spec: brokenSpec() });
      const response = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: versionId }, owner.token);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { code: string; message: string; problems: { stepId: string | null; field: string; code: string; message: string }[] };
      expect(body.code).toBe('invalid_version');
      expect(body.problems.length).toBeGreaterThan(0);
      expect(body.problems.some((problem) => problem.stepId === 'write' && problem.message.includes('nowhere'))).toBe(true);
      for (const problem of body.problems) expect(Object.keys(problem).sort()).toEqual(['code', 'field', 'message', 'stepId']);
      expect(await appRow(appId)).toMatchObject({ deployed_version_id: null, draft_version_id: versionId });
      const frozen = await backend.db.query<{ frozen: boolean }>('select frozen from public."AppVersion" where id = $1', [versionId]);
      expect(frozen.rows[0]?.frozen).toBe(false);
    });

    it('lets only the owner deploy, and only a version of that app', async () => {
      const owner = await signedIn(backend);
      const stranger = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id, { deployed: false });
      const theirs = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: versionId }, stranger.token);
      expect(theirs.status).toBe(403);
      const anonymous = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: versionId });
      expect(anonymous.status).toBe(401);
      const other = await seedApp(backend, stranger.id, { deployed: false });
      const crossed = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: other.versionId }, owner.token);
      expect(crossed.status).toBe(404);
      const wrongTypes = await callFunction(backend, 'deploy-app', { app_id: 7, version_id: [versionId] }, owner.token);
      expect(wrongTypes.status).toBe(400);
      const notJson = await callFunction(backend, 'deploy-app', '{"app_id":', owner.token);
      expect(notJson.status).toBe(400);
      expect(await appRow(appId)).toMatchObject({ deployed_version_id: null });
    });
  });

  describe('generate-app-version', () => {
    it('streams progress and saves a validated new draft version with a change summary', async () => {
      const owner = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id);
      const response = await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'rename step 1 to Your topic' }, owner.token);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = await readSse(response);
      expect(events.filter((event) => event.event === 'progress').length).toBeGreaterThanOrEqual(2);
      const last = events.at(-1);
      expect(last?.event).toBe('version');
      const data = last?.data as { version_id: string; number: number; change_summary: string };
      expect(data.number).toBe(2);
      expect(data.change_summary).toMatch(/Your topic/);
      const version = await owner.client.from('AppVersion').select('parent_version_id, source, frozen, spec').eq('id', data.version_id).single();
      expect(version.data).toMatchObject({ parent_version_id: versionId, source: 'ai', frozen: false });
      expect(JSON.stringify(version.data?.spec)).toContain('Your topic');
      expect(await appRow(appId)).toMatchObject({ draft_version_id: data.version_id, deployed_version_id: versionId });
    });

    it('reports a change that would break the app and saves nothing', async () => {
      const owner = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id);
      const events = await readSse(
        await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'remove step 1' }, owner.token),
      );
      expect(events.at(-1)?.event).toBe('error');
      expect(events.some((event) => event.event === 'version')).toBe(false);
      const versions = await backend.db.query('select id from public."AppVersion" where app_id = $1', [appId]);
      expect(versions.rowCount).toBe(1);
    });

    it('makes a change to a draft that already has a problem, keeping the problem, instead of refusing every change (issue 27)', async () => {
      const owner = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id, { spec: brokenSpec(), deployed: false });
      const events = await readSse(
        await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'rename step 1 to Your topic' }, owner.token),
      );
      const last = events.at(-1);
      expect(last?.event).toBe('version');
      const data = last?.data as { version_id: string };
      const version = await owner.client.from('AppVersion').select('spec').eq('id', data.version_id).single();
      const saved = JSON.stringify(version.data?.spec);
      expect(saved).toContain('Your topic');
      // The problem that was there before is still there, for the person to fix.
      expect(saved).toContain('{{nowhere}}');
      expect(await appRow(appId)).toMatchObject({ draft_version_id: data.version_id });
    });

    it('refuses strangers, bad bodies and a base version of another app', async () => {
      const owner = await signedIn(backend);
      const stranger = await signedIn(backend);
      const { appId, versionId } = await seedApp(backend, owner.id);
      expect((await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'rename the app to Mine' }, stranger.token)).status).toBe(403);
      expect((await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: '' }, owner.token)).status).toBe(400);
      expect((await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'x'.repeat(4001) }, owner.token)).status).toBe(400);
      const other = await seedApp(backend, stranger.id);
      expect((await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: other.versionId, message: 'rename the app to X' }, owner.token)).status).toBe(404);
      expect(await appRow(appId)).toMatchObject({ name: 'Topic explainer', draft_version_id: versionId });
    });
  });
});
