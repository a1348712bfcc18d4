// Row-level security and rules of supabase/migrations/20261121000400_app_versions_runs.sql on the
// real backend: for each table and operation, what a visitor, another user, the app's owner and
// the person who ran it can do, and the frozen rule of deployed versions.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../src/database.types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

type Db = SupabaseClient<Database>;
type Tables = Database['public']['Tables'];

/** Refused outright: no privilege, or a row the policies do not allow to be written. */
function expectDenied(result: { error: PostgrestError | null }): void {
  expect(result.error?.code).toBe('42501');
}

/** Refused by the frozen rule (HTTP 409 Conflict, with a sentence for people). */
function expectFrozen(result: { error: PostgrestError | null; status: number }, message: string): void {
  expect(result.error?.code).toBe('PT409');
  expect(result.error?.message).toBe(message);
  expect(result.status).toBe(409);
}

const spec = (title = 'Explain'): Json => ({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic' }] } },
    { id: 'write', kind: 'ai', title, config: { prompt: 'Explain {{topic}}.', outputVariable: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
});

describe('row-level security and the frozen rule on AppVersion, AppDescription, AppRun and AppRunStep', () => {
  let backend: SdkTestBackend;
  let admin: Db;
  let anon: Db;
  let owner: Db;
  let other: Db;
  let runner: Db;
  let ownerId: string;
  let otherId: string;
  let runnerId: string;

  beforeAll(async () => {
    backend = await startBackend();
    admin = backend.admin;
    anon = backend.client().supabase;
    const [ownerUser, otherUser, runnerUser] = await Promise.all([
      backend.signedInUser('owner'),
      backend.signedInUser('other'),
      backend.signedInUser('runner'),
    ]);
    owner = ownerUser.client.supabase;
    other = otherUser.client.supabase;
    runner = runnerUser.client.supabase;
    ownerId = ownerUser.id;
    otherId = otherUser.id;
    runnerId = runnerUser.id;
  });
  afterAll(() => backend.stop());

  async function makeApp(fields: Partial<Tables['App']['Insert']> = {}): Promise<string> {
    const id = crypto.randomUUID();
    const { error } = await admin.from('App').insert({ id, owner_id: ownerId, name: 'An app', ...fields });
    if (error) throw new Error(error.message);
    return id;
  }

  /** A draft version, written as the server would. */
  async function makeVersion(appId: string, fields: Partial<Tables['AppVersion']['Insert']> = {}): Promise<string> {
    const { data, error } = await admin
      .from('AppVersion')
      .insert({ app_id: appId, spec: spec(), source: 'template', ...fields })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    return data.id;
  }

  /** What the deploy function does: freeze the version, then point the app at it. */
  async function deploy(appId: string, versionId: string): Promise<void> {
    const frozen = await admin.from('AppVersion').update({ frozen: true }).eq('id', versionId);
    if (frozen.error) throw new Error(frozen.error.message);
    const pointed = await admin.from('App').update({ deployed_version_id: versionId }).eq('id', appId);
    if (pointed.error) throw new Error(pointed.error.message);
  }

  /** An app with a deployed version 1 and a draft version 2. */
  async function deployedApp(fields: Partial<Tables['App']['Insert']> = {}) {
    const app = await makeApp(fields);
    const deployed = await makeVersion(app);
    await deploy(app, deployed);
    const draft = await makeVersion(app, { parent_version_id: deployed });
    return { app, deployed, draft };
  }

  async function storedVersion(id: string) {
    return (await admin.from('AppVersion').select('spec, frozen, number, change_summary').eq('id', id).maybeSingle()).data;
  }

  describe('AppVersion', () => {
    it('select: visitors and other users read only the deployed version of an app they can read; owners read every version', async () => {
      const publicApp = await deployedApp({ visibility: 'public' });
      const membersOnly = await deployedApp({ visibility: 'signed_in' });
      const invited = await deployedApp({ visibility: 'allowed_users' });
      const undeployed = await makeApp({ visibility: 'public' });
      const undeployedDraft = await makeVersion(undeployed);
      // Frozen once, then replaced by a newer deployment: history, not what visitors run.
      const previous = await makeVersion(publicApp.app);
      await deploy(publicApp.app, previous);
      await deploy(publicApp.app, publicApp.deployed);

      const all = [publicApp, membersOnly, invited].flatMap((a) => [a.deployed, a.draft]).concat(undeployedDraft, previous);
      const visible = async (db: Db) =>
        new Set(((await db.from('AppVersion').select('id').in('id', all)).data ?? []).map((row) => row.id));

      expect(await visible(anon)).toEqual(new Set([publicApp.deployed]));
      expect(await visible(other)).toEqual(new Set([publicApp.deployed, membersOnly.deployed]));
      expect(await visible(owner)).toEqual(new Set(all));
      const read = await anon.from('AppVersion').select('number, frozen, spec').eq('id', publicApp.deployed).single();
      expect(read.data).toEqual({ number: 1, frozen: true, spec: spec() });
    });

    it('insert: owners add drafts numbered 1, 2, 3 … per app, even when created at the same time', async () => {
      const app = await makeApp();
      const first = await owner.from('AppVersion').insert({ app_id: app, spec: spec(), source: 'manual' }).select('number, frozen, created_by').single();
      expect(first.error).toBeNull();
      expect(first.data).toEqual({ number: 1, frozen: false, created_by: ownerId });
      const together = await Promise.all(
        [1, 2, 3, 4].map(() => owner.from('AppVersion').insert({ app_id: app, spec: spec(), source: 'ai' }).select('number').single()),
      );
      expect(together.map((r) => r.error)).toEqual([null, null, null, null]);
      expect(together.map((r) => r.data?.number).sort()).toEqual([2, 3, 4, 5]);
      const otherApp = await makeApp();
      expect((await owner.from('AppVersion').insert({ app_id: otherApp, spec: spec() }).select('number').single()).data?.number).toBe(1);
    });

    it('insert: visitors cannot; nobody adds a version to someone else\'s app, nor picks its number or author', async () => {
      const app = await makeApp();
      const { data: theirs } = await admin.from('App').insert({ owner_id: otherId, name: 'Theirs' }).select('id').single();
      const theirApp = theirs?.id ?? '';
      expectDenied(await anon.from('AppVersion').insert({ app_id: app, spec: spec() }));
      expectDenied(await other.from('AppVersion').insert({ app_id: app, spec: spec() }));
      // Hostile: the owner of app A writing into app B.
      expectDenied(await owner.from('AppVersion').insert({ app_id: theirApp, spec: spec() }));
      expectDenied(await owner.from('AppVersion').insert({ app_id: app, spec: spec(), number: 7 }));
      expectDenied(await owner.from('AppVersion').insert({ app_id: app, spec: spec(), created_by: otherId }));
      expect((await admin.from('AppVersion').select('id').in('app_id', [app, theirApp])).data).toEqual([]);
    });

    it('insert: nobody but the deploy function creates a frozen version', async () => {
      const app = await makeApp();
      const asOwner = await owner.from('AppVersion').insert({ app_id: app, spec: spec(), frozen: true });
      expectDenied(asOwner);
      expect((await admin.from('AppVersion').select('id').eq('app_id', app)).data).toEqual([]);
      // The server may (e.g. an import of an already published app).
      expect((await admin.from('AppVersion').insert({ app_id: app, spec: spec(), frozen: true })).error).toBeNull();
    });

    it('insert: the spec is one JSON object of at most 512 KB, and the parent a version of the same app', async () => {
      const app = await makeApp();
      const elsewhere = await makeVersion(await makeApp());
      const tooBig = { entryStepId: 'a', steps: [], note: Array.from({ length: 6000 }, () => crypto.randomUUID()).join(' ').repeat(3) };
      expect((await owner.from('AppVersion').insert({ app_id: app, spec: [spec()] })).error?.code).toBe('23514');
      expect((await owner.from('AppVersion').insert({ app_id: app, spec: 'steps' })).error?.code).toBe('23514');
      expect((await owner.from('AppVersion').insert({ app_id: app, spec: tooBig })).error?.code).toBe('23514');
      expect((await owner.from('AppVersion').insert({ app_id: app, spec: spec(), source: 'magic' })).error?.code).toBe('23514');
      const foreignParent = await owner.from('AppVersion').insert({ app_id: app, spec: spec(), parent_version_id: elsewhere });
      expect(foreignParent.error?.code).toBe('23514');
      expect(foreignParent.error?.message).toBe('The parent must be another version of the same app.');
      expect((await admin.from('AppVersion').select('id').eq('app_id', app)).data).toEqual([]);
    });

    it('update: owners edit their drafts; visitors and other users change nothing', async () => {
      const { draft } = await deployedApp();
      const byAnon = await anon.from('AppVersion').update({ spec: spec('Defaced') }).eq('id', draft).select('id');
      expect(byAnon.data ?? []).toEqual([]);
      const byOther = await other.from('AppVersion').update({ spec: spec('Defaced') }).eq('id', draft).select('id');
      expect(byOther.data ?? []).toEqual([]);
      expect((await storedVersion(draft))?.spec).toEqual(spec());

      const before = (await admin.from('AppVersion').select('updated_at').eq('id', draft).single()).data?.updated_at;
      const edited = await owner
        .from('AppVersion')
        .update({ spec: spec('Summarise'), change_summary: 'Renamed step 2' })
        .eq('id', draft)
        .select('spec, change_summary, updated_at')
        .single();
      expect(edited.error).toBeNull();
      expect(edited.data?.spec).toEqual(spec('Summarise'));
      expect(edited.data?.change_summary).toBe('Renamed step 2');
      expect(edited.data?.updated_at).not.toBe(before);
    });

    it('update: owners cannot freeze a version, renumber it or move it to another app', async () => {
      const { draft } = await deployedApp();
      const elsewhere = await makeApp();
      expectDenied(await owner.from('AppVersion').update({ frozen: true }).eq('id', draft));
      expectDenied(await owner.from('AppVersion').update({ number: 1 }).eq('id', draft));
      expectDenied(await owner.from('AppVersion').update({ app_id: elsewhere }).eq('id', draft));
      expect(await storedVersion(draft)).toMatchObject({ frozen: false, number: 2 });
      // Not even the server moves or renumbers a version.
      const moved = await admin.from('AppVersion').update({ app_id: elsewhere }).eq('id', draft);
      expect(moved.error?.code).toBe('PT409');
      expect(moved.error?.message).toBe('Version 2 keeps its app and number; create a new version instead.');
    });

    it('the frozen rule: a deployed version\'s steps, source and parent never change, for the owner or the server', async () => {
      const { deployed } = await deployedApp();
      const message = 'Version 1 is deployed and cannot be edited; change version creates a new draft';
      expectFrozen(await owner.from('AppVersion').update({ spec: spec('Sneaky') }).eq('id', deployed), `${message}.`);
      expectFrozen(await admin.from('AppVersion').update({ spec: spec('Sneaky') }).eq('id', deployed), `${message}.`);
      expectFrozen(await admin.from('AppVersion').update({ source: 'manual' }).eq('id', deployed), `${message}.`);
      const sibling = await makeVersion((await admin.from('AppVersion').select('app_id').eq('id', deployed).single()).data?.app_id ?? '');
      expectFrozen(await admin.from('AppVersion').update({ parent_version_id: sibling }).eq('id', deployed), `${message}.`);
      expect(await storedVersion(deployed)).toMatchObject({ spec: spec(), frozen: true });
    });

    it('the frozen rule: a frozen version is never un-frozen, not even by the server', async () => {
      const { deployed } = await deployedApp();
      const thawed = await admin.from('AppVersion').update({ frozen: false }).eq('id', deployed);
      expectFrozen(thawed, 'Version 1 is deployed and cannot be un-frozen; change version creates a new draft.');
      expectDenied(await owner.from('AppVersion').update({ frozen: false }).eq('id', deployed));
      expect((await storedVersion(deployed))?.frozen).toBe(true);
    });

    it('delete: visitors and other users remove nothing; owners remove drafts but not the deployed version', async () => {
      const { app, deployed, draft } = await deployedApp();
      await anon.from('AppVersion').delete().eq('id', draft);
      await other.from('AppVersion').delete().eq('id', draft);
      expect(await storedVersion(draft)).not.toBeNull();

      expect((await owner.from('AppVersion').delete().eq('id', draft).select('id')).data).toEqual([{ id: draft }]);
      expect(await storedVersion(draft)).toBeNull();
      const message = 'Version 1 is the deployed version and cannot be deleted; deploy another version first.';
      expectFrozen(await owner.from('AppVersion').delete().eq('id', deployed), message);
      expectFrozen(await admin.from('AppVersion').delete().eq('id', deployed), message);
      expect(await storedVersion(deployed)).not.toBeNull();

      // Once another version is deployed, the old one is history and may go.
      const next = await makeVersion(app, { parent_version_id: deployed });
      await deploy(app, next);
      expect((await owner.from('AppVersion').delete().eq('id', deployed)).error).toBeNull();
      expect(await storedVersion(deployed)).toBeNull();
      // Its child keeps its content; only the link to the deleted parent is gone.
      expect((await admin.from('AppVersion').select('parent_version_id, frozen').eq('id', next).single()).data).toEqual({
        parent_version_id: null,
        frozen: true,
      });
    });

    it('deleting an app removes its versions, the deployed one included', async () => {
      const { app, deployed, draft } = await deployedApp();
      expect((await owner.from('App').delete().eq('id', app)).error).toBeNull();
      expect((await admin.from('AppVersion').select('id').in('id', [deployed, draft])).data).toEqual([]);
    });
  });

  describe('App version pointers', () => {
    it('the deployed version must be a frozen version of the same app', async () => {
      const { app, deployed, draft } = await deployedApp();
      const theirs = await deployedApp();
      const toDraft = await admin.from('App').update({ deployed_version_id: draft }).eq('id', app);
      expect(toDraft.error?.code).toBe('23514');
      expect(toDraft.error?.message).toBe('The deployed version must be a deployed (frozen) version of this app.');
      expect((await admin.from('App').update({ deployed_version_id: theirs.deployed }).eq('id', app)).error?.code).toBe('23514');
      expect((await admin.from('App').update({ deployed_version_id: crypto.randomUUID() }).eq('id', app)).error?.code).toBe('23514');
      expect((await admin.from('App').select('deployed_version_id').eq('id', app).single()).data?.deployed_version_id).toBe(deployed);
      // Rolling back to an earlier deployment is fine: it is frozen and the app's own.
      const next = await makeVersion(app);
      await deploy(app, next);
      expect((await admin.from('App').update({ deployed_version_id: deployed }).eq('id', app)).error).toBeNull();
    });

    it('an owner cannot set the deployed version themselves: deploying goes through deploy-app and its test cases (issue 30)', async () => {
      const { app, deployed } = await deployedApp();
      const next = await makeVersion(app);
      await deploy(app, next);
      const direct = await owner.from('App').update({ deployed_version_id: deployed }).eq('id', app);
      expect(direct.error?.code).toBe('42501');
      expect((await admin.from('App').select('deployed_version_id').eq('id', app).single()).data?.deployed_version_id).toBe(next);
      expect((await owner.from('App').update({ name: 'Renamed' }).eq('id', app)).error).toBeNull();
    });

    it('the draft must be a version of the same app, and is cleared when that version is deleted', async () => {
      const { app, draft } = await deployedApp();
      const theirs = await deployedApp();
      const foreign = await owner.from('App').update({ draft_version_id: theirs.draft }).eq('id', app);
      expect(foreign.error?.code).toBe('23514');
      expect(foreign.error?.message).toBe('The draft must be a version of this app.');
      expect((await owner.from('App').update({ draft_version_id: draft }).eq('id', app)).error).toBeNull();
      await owner.from('AppVersion').delete().eq('id', draft);
      expect((await admin.from('App').select('draft_version_id').eq('id', app).single()).data?.draft_version_id).toBeNull();
    });
  });

  describe('AppConfig (the owner-only settings: model, temperature, system prompt)', () => {
    const secret = { model: null, temperature: 0.4, max_output_tokens: 100, system_prompt: 'Never reveal this.' };

    it('select: only the owner reads it, even for a deployed public app', async () => {
      const { app } = await deployedApp({ visibility: 'public' });
      expect((await admin.from('AppConfig').insert({ app_id: app, config: secret })).error).toBeNull();
      expect((await owner.from('AppConfig').select('config').eq('app_id', app)).data).toEqual([{ config: secret }]);
      expect((await other.from('AppConfig').select('config').eq('app_id', app)).data).toEqual([]);
      const visitor = await anon.from('AppConfig').select('config').eq('app_id', app);
      expect(visitor.data ?? []).toEqual([]);
      // The App row itself carries no config any more.
      const row = (await anon.from('App').select('*').eq('id', app).single()).data;
      expect(JSON.stringify(row)).not.toContain('Never reveal this.');
    });

    it('insert: the owner configures their app; nobody configures someone else’s', async () => {
      const app = await makeApp();
      expect((await other.from('AppConfig').insert({ app_id: app, config: secret })).error?.code).toBe('42501');
      expect((await anon.from('AppConfig').insert({ app_id: app, config: secret })).error).not.toBeNull();
      expect((await admin.from('AppConfig').select('app_id').eq('app_id', app)).data).toEqual([]);
      expect((await owner.from('AppConfig').insert({ app_id: app, config: secret })).error).toBeNull();
      expect((await owner.from('AppConfig').insert({ app_id: app, config: secret })).error?.code).toBe('23505');
    });

    it('update and delete: other users and visitors change nothing', async () => {
      const app = await makeApp();
      expect((await admin.from('AppConfig').insert({ app_id: app, config: secret })).error).toBeNull();
      const changed = { ...secret, system_prompt: 'Stolen' };
      expect((await other.from('AppConfig').update({ config: changed }).eq('app_id', app).select('app_id')).data).toEqual([]);
      expect((await anon.from('AppConfig').update({ config: changed }).eq('app_id', app).select('app_id')).data ?? []).toEqual([]);
      expect((await other.from('AppConfig').delete().eq('app_id', app).select('app_id')).data).toEqual([]);
      expect((await anon.from('AppConfig').delete().eq('app_id', app).select('app_id')).data ?? []).toEqual([]);
      expect((await admin.from('AppConfig').select('config').eq('app_id', app).single()).data?.config).toEqual(secret);
      expect((await owner.from('AppConfig').update({ config: changed }).eq('app_id', app).select('app_id')).data).toHaveLength(1);
      expect((await owner.from('AppConfig').delete().eq('app_id', app).select('app_id')).data).toHaveLength(1);
    });

    it('holds one JSON object per app and goes with the app', async () => {
      const app = await makeApp();
      expect((await owner.from('AppConfig').insert({ app_id: app, config: [1, 2] })).error?.code).toBe('23514');
      expect((await owner.from('AppConfig').insert({ app_id: app, config: secret })).error).toBeNull();
      expect((await admin.from('App').delete().eq('id', app)).error).toBeNull();
      expect((await admin.from('AppConfig').select('app_id').eq('app_id', app)).data).toEqual([]);
    });
  });

  describe('AppDescription', () => {
    const describeApp = (db: Db, text: string, id = crypto.randomUUID()) =>
      db.from('AppDescription').insert({ id, text }).then((result) => ({ ...result, id }));

    it('insert: a visitor leaves a description and cannot read it back, nor can anyone else', async () => {
      const left = await describeApp(anon, 'A quiz maker for my year 7 history class');
      expect(left.error).toBeNull();
      expectDenied(await anon.from('AppDescription').select('text').eq('id', left.id));
      expect((await other.from('AppDescription').select('text').eq('id', left.id)).data).toEqual([]);
      expect((await owner.from('AppDescription').select('text')).data).toEqual([]);
      expect((await admin.from('AppDescription').select('text, claimed_by').eq('id', left.id).single()).data).toEqual({
        text: 'A quiz maker for my year 7 history class',
        claimed_by: null,
      });
      expect((await describeApp(other, 'Signed in, still fine')).error).toBeNull();
    });

    it('insert: the text is 1 to 4000 characters, and a description cannot arrive claimed', async () => {
      expect((await describeApp(anon, '')).error?.code).toBe('23514');
      expect((await describeApp(anon, 'x'.repeat(4001))).error?.code).toBe('23514');
      expect((await describeApp(anon, 'x'.repeat(4000))).error).toBeNull();
      const app = await makeApp();
      expectDenied(await anon.from('AppDescription').insert({ text: 'Mine', claimed_by: otherId }));
      expectDenied(await other.from('AppDescription').insert({ text: 'Mine', claimed_by: otherId, claimed_at: new Date().toISOString() }));
      expectDenied(await other.from('AppDescription').insert({ text: 'Mine', app_id: app }));
    });

    it('update and delete: nobody claims, edits or removes a description through the API', async () => {
      const { id } = await describeApp(anon, 'A recipe helper');
      expectDenied(await other.from('AppDescription').update({ claimed_by: otherId }).eq('id', id));
      expectDenied(await anon.from('AppDescription').update({ text: 'Changed' }).eq('id', id));
      expectDenied(await other.from('AppDescription').delete().eq('id', id));
      expectDenied(await anon.from('AppDescription').delete().eq('id', id));
      expect((await admin.from('AppDescription').select('text, claimed_by').eq('id', id).single()).data).toEqual({
        text: 'A recipe helper',
        claimed_by: null,
      });
    });

    it('select: once the server claims it for a user, that user (and only they) reads it', async () => {
      const { id } = await describeApp(anon, 'An interview coach');
      const claimed = await admin
        .from('AppDescription')
        .update({ claimed_by: ownerId, claimed_at: new Date().toISOString() })
        .eq('id', id);
      expect(claimed.error).toBeNull();
      expect((await owner.from('AppDescription').select('id, text').eq('id', id)).data).toEqual([{ id, text: 'An interview coach' }]);
      expect((await other.from('AppDescription').select('id').eq('id', id)).data).toEqual([]);
      expectDenied(await anon.from('AppDescription').select('id').eq('id', id));
    });
  });

  describe('AppRun and AppRunStep', () => {
    const secretState = { version: 1, variables: { topic: 'my private diary' } };

    /** A deployed app with a run by the runner (signed in) and one by a signed-out visitor. */
    async function appWithRuns() {
      const { app, deployed } = await deployedApp();
      const { data, error } = await admin
        .from('AppRun')
        .insert([
          { app_id: app, version_id: deployed, runner_user_id: runnerId, inputs: { topic: 'volcanoes' }, state: secretState, status: 'done' },
          { app_id: app, version_id: deployed, visitor_session: 'visitor-1', inputs: {}, state: secretState, status: 'awaiting_input' },
        ])
        .select('id, runner_user_id');
      if (error) throw new Error(error.message);
      const runnerRun = data.find((r) => r.runner_user_id === runnerId)?.id ?? '';
      const visitorRun = data.find((r) => r.runner_user_id === null)?.id ?? '';
      const steps = await admin.from('AppRunStep').insert([
        { run_id: runnerRun, step_id: 'write', status: 'done', output: { text: 'Lava' }, duration_ms: 12, usage: { inputTokens: 5, outputTokens: 7 } },
        { run_id: visitorRun, step_id: 'ask', status: 'running' },
      ]);
      if (steps.error) throw new Error(steps.error.message);
      return { app, deployed, runnerRun, visitorRun };
    }

    const runColumns = 'id, status, inputs, outputs, usage, model, offline, error';

    it('select: the app\'s owner reads every run of it, the runner their own, nobody else any', async () => {
      const { app, runnerRun, visitorRun } = await appWithRuns();
      const ids = async (db: Db) => ((await db.from('AppRun').select(runColumns).eq('app_id', app)).data ?? []).map((r) => r.id).sort();
      expect(await ids(owner)).toEqual([runnerRun, visitorRun].sort());
      expect(await ids(runner)).toEqual([runnerRun]);
      expect(await ids(other)).toEqual([]);
      expectDenied(await anon.from('AppRun').select('id').eq('app_id', app));
      const read = await runner.from('AppRun').select('status, inputs, usage, offline').eq('id', runnerRun).single();
      expect(read.data).toEqual({ status: 'done', inputs: { topic: 'volcanoes' }, usage: { inputTokens: 0, outputTokens: 0 }, offline: false });
    });

    it('select: the run state (the engine\'s variables) is not readable by the owner or the runner', async () => {
      const { runnerRun } = await appWithRuns();
      expectDenied(await owner.from('AppRun').select('state').eq('id', runnerRun));
      expectDenied(await runner.from('AppRun').select('state').eq('id', runnerRun));
      expectDenied(await owner.from('AppRun').select('*').eq('id', runnerRun));
      expect((await admin.from('AppRun').select('state').eq('id', runnerRun).single()).data?.state).toEqual(secretState);
    });

    it('insert, update, delete: only the server writes runs', async () => {
      const { app, deployed, runnerRun } = await appWithRuns();
      const run = { app_id: app, version_id: deployed, runner_user_id: runnerId, status: 'done' };
      for (const db of [anon, other, owner, runner]) {
        expectDenied(await db.from('AppRun').insert(run));
        expectDenied(await db.from('AppRun').update({ status: 'failed' }).eq('id', runnerRun));
        expectDenied(await db.from('AppRun').delete().eq('id', runnerRun));
      }
      expect((await admin.from('AppRun').select('status').eq('app_id', app).eq('id', runnerRun).single()).data?.status).toBe('done');
      expect((await admin.from('AppRun').select('id').eq('app_id', app)).data).toHaveLength(2);
      expect((await admin.from('AppRun').insert({ ...run, status: 'paused' })).error?.code).toBe('23514');
    });

    it('AppRunStep: readable with its run; written only by the server', async () => {
      const { runnerRun, visitorRun } = await appWithRuns();
      const stepsOf = async (db: Db) =>
        ((await db.from('AppRunStep').select('run_id, step_id').in('run_id', [runnerRun, visitorRun])).data ?? [])
          .map((s) => `${s.run_id === runnerRun ? 'runner' : 'visitor'}:${s.step_id}`)
          .sort();
      expect(await stepsOf(owner)).toEqual(['runner:write', 'visitor:ask']);
      expect(await stepsOf(runner)).toEqual(['runner:write']);
      expect(await stepsOf(other)).toEqual([]);
      expectDenied(await anon.from('AppRunStep').select('id').eq('run_id', runnerRun));
      for (const db of [anon, other, owner, runner]) {
        expectDenied(await db.from('AppRunStep').insert({ run_id: runnerRun, step_id: 'forged', status: 'done' }));
        expectDenied(await db.from('AppRunStep').update({ status: 'failed' }).eq('run_id', runnerRun));
        expectDenied(await db.from('AppRunStep').delete().eq('run_id', runnerRun));
      }
      expect((await admin.from('AppRunStep').select('step_id, status, duration_ms').eq('run_id', runnerRun)).data).toEqual([
        { step_id: 'write', status: 'done', duration_ms: 12 },
      ]);
    });

    it('runs and their steps go away with the app; a run outlives a deleted version', async () => {
      const { app, runnerRun } = await appWithRuns();
      const draft = await makeVersion(app);
      const { data: preview } = await admin
        .from('AppRun')
        .insert({ app_id: app, version_id: draft, runner_user_id: ownerId, status: 'done' })
        .select('id')
        .single();
      await owner.from('AppVersion').delete().eq('id', draft);
      expect((await owner.from('AppRun').select('version_id').eq('id', preview?.id ?? '').single()).data).toEqual({ version_id: null });

      await owner.from('App').delete().eq('id', app);
      expect((await admin.from('AppRun').select('id').eq('app_id', app)).data).toEqual([]);
      expect((await admin.from('AppRunStep').select('id').eq('run_id', runnerRun)).data).toEqual([]);
    });
  });
});
