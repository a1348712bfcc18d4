// Issue 26, items 2 and 3 on the real backend through supabase-js: a class never unlocks what its
// teacher has no right to give (another creator's paid app or bundle), class runs are admitted like
// any other run (paid check, plan limits) so an old bad assignment stops working, and class runs
// are private to the student and the class's teacher — not the app's owner, a stranger or a
// classmate — over REST (runs, steps, API calls) and realtime; the owner sees only a count.
import { randomUUID } from 'node:crypto';
import { createContentChecker } from '@appforge/functions';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, seedApp, signedIn } from '../functions-ai/helpers.js';
import type { SseEvent, TestUser } from '../functions-ai/helpers.js';
import { subscribed, until } from '../realtime/helpers.js';
import { createClass, enrol, teacher } from './helpers.js';

let backend: TestBackend;

const PAID = '{"kind":"one_time","amount_cents":900,"currency":"EUR"}';

async function runApp(user: TestUser, body: Record<string, unknown>): Promise<{ status: number; events: SseEvent[]; error?: Record<string, unknown> }> {
  const response = await callFunction(backend, 'run-app', body, user.token);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: response.status, events: [], error: (await response.json()) as Record<string, unknown> };
  }
  return { status: response.status, events: await readSse(response) };
}

async function paidApp(ownerId: string): Promise<string> {
  const { appId } = await seedApp(backend, ownerId);
  await backend.db.query('update public."App" set price = $2 where id = $1', [appId, PAID]);
  return appId;
}

async function bundleOf(ownerId: string, appIds: string[], price: string | null): Promise<string> {
  const bundle = await backend.db.query<{ id: string }>(
    `insert into public."Bundle" (owner_id, name, visibility, price) values ($1, 'Study kit', 'public', $2) returning id`,
    [ownerId, price],
  );
  const bundleId = bundle.rows[0]?.id ?? '';
  for (const [position, appId] of appIds.entries()) {
    await backend.db.query('insert into public."BundleApp" (bundle_id, app_id, position) values ($1, $2, $3)', [bundleId, appId, position]);
  }
  return bundleId;
}

async function purchase(buyerId: string, item: { app_id: string } | { bundle_id: string }): Promise<void> {
  const kind = 'app_id' in item ? 'app' : 'bundle';
  await backend.db.query(
    `insert into public."Purchase" (buyer_id, item_kind, app_id, bundle_id, provider, provider_reference, mode, amount_cents, currency, status, last_event_at)
     values ($1, $2, $3, $4, 'test', $5, 'one_time', 900, 'EUR', 'active', now())`,
    [buyerId, kind, 'app_id' in item ? item.app_id : null, 'bundle_id' in item ? item.bundle_id : null, `ref-${randomUUID()}`],
  );
}

describe.each(DATABASES)('trust between roles in classes on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database, contentChecker: createContentChecker() });
  });
  afterAll(() => backend.stop());

  describe('a class never unlocks what the teacher has no right to give', () => {
    let creator: TestUser;
    let owner: TestUser & { email: string };
    let classId: string;
    beforeAll(async () => {
      creator = await signedIn(backend);
      owner = await teacher(backend);
      classId = (await createClass(owner, { name: 'Economics 10' })).id;
    });

    it('refuses assigning another creator’s paid app, an app of their paid bundle, or the bundle, with payment_required and words the portal shows', async () => {
      const paid = await paidApp(creator.id);
      const inBundle = (await seedApp(backend, creator.id)).appId;
      const paidBundle = await bundleOf(creator.id, [inBundle], PAID);
      // A free public bundle holding another creator's paid app gives nothing away either.
      const freeBundleOfPaid = await bundleOf(creator.id, [paid], null);
      const attempts = [{ app_id: paid }, { app_id: inBundle }, { bundle_id: paidBundle }, { bundle_id: freeBundleOfPaid }];
      let through = 0;
      for (const item of attempts) {
        const tried = await owner.client.from('Assignment').insert({ class_id: classId, ...item }).select('id');
        if (tried.error === null) through += 1;
        expect(tried.status).toBe(402);
        expect(tried.error?.code).toBe('PT402');
        expect(tried.error?.message).toMatch(/paid .*(buy|bought)/i);
      }
      // Switching an allowed assignment over to a paid item is refused the same way.
      const free = (await seedApp(backend, creator.id)).appId;
      const ok = await owner.client.from('Assignment').insert({ class_id: classId, app_id: free }).select('id').single<{ id: string }>();
      expect(ok.error).toBeNull();
      const switched = await owner.client.from('Assignment').update({ app_id: paid }).eq('id', ok.data?.id ?? '').select('id');
      if (switched.error === null) through += 1;
      expect(switched.error?.code).toBe('PT402');
      expect(through).toBe(0);
      const rows = await backend.db.query<{ app_id: string | null; bundle_id: string | null }>('select app_id, bundle_id from public."Assignment" where class_id = $1', [classId]);
      expect(rows.rows).toEqual([{ app_id: free, bundle_id: null }]);
    });

    it('still assigns free public apps of others, the teacher’s own paid apps, and paid items the teacher bought', async () => {
      const free = (await seedApp(backend, creator.id)).appId;
      const own = await paidApp(owner.id);
      const bought = await paidApp(creator.id);
      await purchase(owner.id, { app_id: bought });
      const boughtBundleApp = (await seedApp(backend, creator.id)).appId;
      const boughtBundle = await bundleOf(creator.id, [boughtBundleApp], PAID);
      await purchase(owner.id, { bundle_id: boughtBundle });
      for (const item of [{ app_id: free }, { app_id: own }, { app_id: bought }, { bundle_id: boughtBundle }, { app_id: boughtBundleApp }]) {
        const done = await owner.client.from('Assignment').insert({ class_id: classId, ...item }).select('id');
        expect(done.error).toBeNull();
      }
    });

    it('an old assignment of another creator’s paid app stops working: the class run gets 402 like a direct run, and no run is stored', async () => {
      const paid = await paidApp(creator.id);
      const klass = await createClass(owner, { name: 'Old assignments' });
      // Written before the rule existed (as the service role, past the trigger's check).
      await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [klass.id, paid]);
      const inBundle = (await seedApp(backend, creator.id)).appId;
      const paidBundle = await bundleOf(creator.id, [inBundle], PAID);
      await backend.db.query('insert into public."Assignment" (class_id, bundle_id) values ($1, $2)', [klass.id, paidBundle]);
      const student = await signedIn(backend);
      await enrol(backend, klass.id, student.id, 'Noa');
      let through = 0;
      for (const appId of [paid, inBundle]) {
        const direct = await runApp(student, { app_id: appId, inputs: { topic: 'tax' } });
        expect(direct).toMatchObject({ status: 402, error: { code: 'payment_required' } });
        const viaClass = await runApp(student, { app_id: appId, classId: klass.id, inputs: { topic: 'tax' } });
        if (viaClass.status === 200) through += 1;
        expect(viaClass).toMatchObject({ status: 402, error: { code: 'payment_required', message: expect.stringMatching(/teacher/) as unknown } });
      }
      expect(through).toBe(0);
      expect((await backend.db.query('select 1 from public."AppRun" where class_id = $1', [klass.id])).rows).toEqual([]);

      // Once the teacher buys the app for the class, the same assignment works.
      await purchase(owner.id, { app_id: paid });
      const bought = await runApp(student, { app_id: paid, classId: klass.id, inputs: { topic: 'tax' } });
      expect(bought.status).toBe(200);
      expect(bought.events.at(-1)?.event).toBe('run_done');
    });

    it('class runs count against the app owner’s plan: at the owner’s monthly run limit a class run is refused too', async () => {
      const busy = await signedIn(backend);
      const free = (await seedApp(backend, busy.id)).appId;
      const klass = await createClass(owner, { name: 'Plan limits' });
      expect((await owner.client.from('Assignment').insert({ class_id: klass.id, app_id: free })).error).toBeNull();
      const student = await signedIn(backend);
      await enrol(backend, klass.id, student.id, 'Ari');
      await backend.db.query(
        `insert into public."UsageCounter" (owner_id, scope_key, metric, period, period_start, used)
         values ($1, 'owner', 'runs', 'month', public.period_start('month', now()), 500)`,
        [busy.id],
      );
      const refused = await runApp(student, { app_id: free, classId: klass.id, inputs: { topic: 'x' } });
      expect(refused).toMatchObject({ status: 429, error: { code: 'plan_limit_reached' } });
    });
  });

  describe('class runs are private to the student and the class’s teacher', () => {
    let creator: TestUser; // owns the public app a teacher assigned
    let owner: TestUser & { email: string }; // the class's teacher
    let otherTeacher: TestUser & { email: string };
    let student: TestUser;
    let classmate: TestUser;
    let stranger: TestUser;
    let classId: string;
    let appId: string;
    let classRunId: string;
    let ownRunId: string;

    beforeAll(async () => {
      creator = await signedIn(backend);
      owner = await teacher(backend);
      otherTeacher = await teacher(backend);
      student = await signedIn(backend);
      classmate = await signedIn(backend);
      stranger = await signedIn(backend);
      classId = (await createClass(owner, { name: 'Biology 7B' })).id;
      await createClass(otherTeacher, { name: 'Chemistry' });
      appId = (await seedApp(backend, creator.id)).appId;
      expect((await owner.client.from('Assignment').insert({ class_id: classId, app_id: appId })).error).toBeNull();
      await enrol(backend, classId, student.id, 'Sam');
      await enrol(backend, classId, classmate.id, 'Alex');
      const classRun = await runApp(student, { app_id: appId, classId, inputs: { topic: 'my diary entry' } });
      expect(classRun.events.at(-1)?.event).toBe('run_done');
      classRunId = classRun.events[0]?.data.run_id as string;
      // The same student's own run of the app, outside the class: the owner sees that one.
      const ownRun = await runApp(student, { app_id: appId, inputs: { topic: 'volcanoes' } });
      ownRunId = ownRun.events[0]?.data.run_id as string;
      await backend.db.query(`insert into public."AppRunApiCall" (run_id, step_id, status) values ($1, 'write', 200), ($2, 'write', 200)`, [classRunId, ownRunId]);
    });

    it('REST: the app owner, a stranger, a classmate and another teacher read no class run, step or API call; the student and the teacher do', async () => {
      let attempts = 0;
      let through = 0;
      for (const outsider of [creator, stranger, classmate, otherTeacher]) {
        for (const [table, column] of [['AppRun', 'id'], ['AppRunStep', 'run_id'], ['AppRunApiCall', 'run_id']] as const) {
          attempts += 1;
          const read = await outsider.client.from(table).select('*').eq(column, classRunId);
          if ((read.data ?? []).length > 0) through += 1;
          expect(read.data ?? []).toEqual([]);
        }
        attempts += 1;
        const byClass = await outsider.client.from('AppRun').select('id, inputs, runner_user_id').eq('class_id', classId);
        if ((byClass.data ?? []).length > 0) through += 1;
      }
      expect({ attempts, through }).toEqual({ attempts: 16, through: 0 });
      // The owner still reads the runs that are not class work, with their steps.
      expect((await creator.client.from('AppRun').select('id').eq('app_id', appId)).data).toEqual([{ id: ownRunId }]);
      expect((await creator.client.from('AppRunStep').select('run_id').eq('run_id', ownRunId)).data?.length).toBeGreaterThan(0);
      expect((await creator.client.from('AppRunApiCall').select('run_id').eq('run_id', ownRunId)).data).toEqual([{ run_id: ownRunId }]);
      // The student and the teacher read the class run and its steps.
      for (const reader of [student, owner]) {
        expect((await reader.client.from('AppRun').select('id, inputs').eq('id', classRunId)).data).toEqual([{ id: classRunId, inputs: { topic: 'my diary entry' } }]);
        expect((await reader.client.from('AppRunStep').select('run_id').eq('run_id', classRunId)).data?.length).toBeGreaterThan(0);
      }
    });

    it('the owner sees class usage only as counts: the class-run count and the 7-day run count include it, nothing else', async () => {
      const counted = await creator.client.rpc('app_class_run_count', { p_app_id: appId });
      expect(counted.error).toBeNull();
      expect(counted.data).toBe(1);
      const week = await creator.client.rpc('app_runs_last_7_days', { p_app_ids: [appId] });
      expect(week.data).toEqual([{ app_id: appId, runs: 2 }]);
      // Nobody else learns even the count.
      for (const outsider of [stranger, classmate, student]) {
        expect((await outsider.client.rpc('app_class_run_count', { p_app_id: appId })).data).toBe(0);
      }
      expect((await backend.client().rpc('app_class_run_count', { p_app_id: appId })).error).not.toBeNull();
    });

    it('after the student leaves the class, the run stays theirs and private: the owner still cannot read it', async () => {
      const leaver = await signedIn(backend);
      await enrol(backend, classId, leaver.id, 'Kim');
      const run = await runApp(leaver, { app_id: appId, classId, inputs: { topic: 'private thoughts' } });
      const runId = run.events[0]?.data.run_id as string;
      expect((await leaver.client.from('ClassMember').delete().eq('class_id', classId).select('id')).data).toHaveLength(1);
      expect((await leaver.client.from('AppRun').select('id, class_id').eq('id', runId)).data).toEqual([{ id: runId, class_id: null }]);
      expect((await creator.client.from('AppRun').select('id').eq('id', runId)).data).toEqual([]);
      expect((await creator.client.from('AppRunStep').select('id').eq('run_id', runId)).data).toEqual([]);
      // Nor can anyone flag a run as not-class-work over REST.
      expect((await leaver.client.from('AppRun').update({ class_work: false }).eq('id', runId)).error).not.toBeNull();
    });

    it('Realtime: the app owner hears the student’s own run but never a class run; the teacher hears the class run', async () => {
      type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
      const listen = async (user: TestUser, name: string): Promise<Change[]> => {
        const client = backend.client({ accessToken: () => Promise.resolve(user.token) });
        await client.realtime.setAuth();
        const changes: Change[] = [];
        await subscribed(
          client
            .channel(`trust-${name}`)
            .on('postgres_changes', { event: '*', schema: 'public', table: 'AppRun' }, (payload) => changes.push(payload as Change))
            .on('postgres_changes', { event: '*', schema: 'public', table: 'AppRunStep' }, (payload) => changes.push(payload as Change)),
        );
        return changes;
      };
      const creatorHeard = await listen(creator, 'creator');
      const strangerHeard = await listen(stranger, 'stranger');
      const teacherHeard = await listen(owner, 'teacher');
      const classRun = await runApp(student, { app_id: appId, classId, inputs: { topic: 'secret crush' } });
      const classRunIdNow = classRun.events[0]?.data.run_id as string;
      const ownRun = await runApp(student, { app_id: appId, inputs: { topic: 'rivers' } });
      const ownRunIdNow = ownRun.events[0]?.data.run_id as string;
      const runOf = (change: Change): unknown => (change.table === 'AppRun' ? (change.new as Record<string, unknown>).id : (change.new as Record<string, unknown>).run_id);
      await until(() => creatorHeard.some((change) => runOf(change) === ownRunIdNow && change.table === 'AppRun'), 'the owner hearing the own run');
      await until(() => teacherHeard.some((change) => runOf(change) === classRunIdNow), 'the teacher hearing the class run');
      const leaked = [...creatorHeard, ...strangerHeard].filter((change) => runOf(change) === classRunIdNow);
      expect({ heard: creatorHeard.length + strangerHeard.length, leaked: leaked.length }).toMatchObject({ leaked: 0 });
      expect(JSON.stringify(creatorHeard)).not.toContain('secret crush');
      expect(strangerHeard).toEqual([]);
    });
  });
});
