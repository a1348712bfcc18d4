// Issue 19's functions on the real backend through supabase-js functions.invoke: who is a teacher
// (get-user-school-info), joining (join-class: wrong, archived, removed, brute force), the CSV
// export, and class runs in run-app (membership, assignment, opening, archive, daily allowance,
// paid apps, content checks raising SafetyAlert rows and the teacher's e-mail).
import { randomUUID } from 'node:crypto';
import { createContentChecker } from '@appforge/functions';
import { FunctionsHttpError } from '@supabase/supabase-js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, seedApp, signedIn } from '../functions-ai/helpers.js';
import type { SseEvent, TestUser } from '../functions-ai/helpers.js';
import { createClass, enrol, teacher } from './helpers.js';

// The real content checker (teacher-safety's local lists; no moderation endpoint here).
const checker = createContentChecker();

let backend: TestBackend;

async function invoke(user: TestUser | null, name: string, body: unknown, ip: string = randomUUID()) {
  const client = user ? user.client : backend.client();
  const result = await client.functions.invoke<unknown>(name, { body: body as Record<string, unknown>, headers: { 'x-forwarded-for': ip } });
  const error: unknown = result.error;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return { status: 200, body: result.data };
}

async function runClass(user: TestUser, body: Record<string, unknown>): Promise<{ status: number; events: SseEvent[]; error?: Record<string, unknown> }> {
  const response = await callFunction(backend, 'run-app', body, user.token, { 'x-forwarded-for': randomUUID() });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: response.status, events: [], error: (await response.json()) as Record<string, unknown> };
  }
  return { status: response.status, events: await readSse(response) };
}

describe.each(DATABASES)('classroom functions on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: { TEACHER_EMAIL_DOMAINS: 'teachers.example, @Staff.Example' }, contentChecker: checker });
  });
  afterAll(() => backend.stop());

  describe('get-user-school-info', () => {
    it('answers from operator lists, School domains, TEACHER_EMAIL_DOMAINS and class membership', async () => {
      expect((await invoke(null, 'get-user-school-info', {})).status).toBe(401);
      const nobody = await signedIn(backend);
      expect((await invoke(nobody, 'get-user-school-info', {})).body).toEqual({ isTeacher: false, isStudent: false });
      const listed = await teacher(backend);
      expect((await invoke(listed, 'get-user-school-info', {})).body).toEqual({ isTeacher: true, isStudent: false });
      await backend.db.query(`insert into public."School" (name, email_domains) values ('North High', '{north.example}')`);
      const byDomain = await signedIn(backend, `t-${randomUUID()}@north.example`);
      expect((await invoke(byDomain, 'get-user-school-info', {})).body).toMatchObject({ isTeacher: true });
      // Not a look-alike domain.
      const lookalike = await signedIn(backend, `t-${randomUUID()}@north.example.evil.test`);
      expect((await invoke(lookalike, 'get-user-school-info', {})).body).toMatchObject({ isTeacher: false });

      const byEnv = await signedIn(backend, `t-${randomUUID()}@staff.example`);
      // Before asking, SQL does not know them; after, creating a class works (is_teacher agrees).
      expect((await byEnv.client.from('Class').insert({ name: 'Early' })).error?.code).toBe('42501');
      expect((await invoke(byEnv, 'get-user-school-info', {})).body).toEqual({ isTeacher: true, isStudent: false });
      expect((await invoke(byEnv, 'get-user-school-info', {})).body).toEqual({ isTeacher: true, isStudent: false });
      const klass = await createClass(byEnv);
      const student = await signedIn(backend);
      await enrol(backend, klass.id, student.id);
      expect((await invoke(student, 'get-user-school-info', {})).body).toEqual({ isTeacher: false, isStudent: true });
      await backend.db.query('update public."ClassMember" set removed_at = now() where student_id = $1', [student.id]);
      expect((await invoke(student, 'get-user-school-info', {})).body).toEqual({ isTeacher: false, isStudent: false });
    });
  });

  describe('join-class', () => {
    let owner: TestUser;
    let code: string;
    let classId: string;
    beforeAll(async () => {
      owner = await teacher(backend);
      const klass = await createClass(owner, { name: 'Physics 9' });
      code = klass.join_code;
      classId = klass.id;
    });

    it('joins with the code (any case, spaces), once; the student then sees the class, the teacher the name', async () => {
      const student = await signedIn(backend, `kim-${randomUUID()}@pupils.example`);
      const spaced = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
      expect(await invoke(student, 'join-class', { code: spaced, displayName: '  Kim  ' })).toEqual({
        status: 200,
        body: { classId, className: 'Physics 9', alreadyMember: false },
      });
      expect((await invoke(student, 'join-class', { code })).body).toEqual({ classId, className: 'Physics 9', alreadyMember: true });
      expect((await student.client.rpc('my_classes')).data).toEqual([expect.objectContaining({ id: classId, display_name: 'Kim' })]);
      const roster = await owner.client.from('ClassMember').select('display_name').eq('student_id', student.id);
      expect(roster.data).toEqual([{ display_name: 'Kim' }]);
      // Without a name, the e-mail's local part stands in.
      const other = await signedIn(backend, `robin-${randomUUID()}@pupils.example`);
      await invoke(other, 'join-class', { code });
      expect((await other.client.rpc('my_classes')).data).toEqual([expect.objectContaining({ display_name: expect.stringMatching(/^robin-/) as unknown })]);
    });

    it('refuses signed-out callers, malformed, wrong and archived codes, removed students and the teacher, changing nothing', async () => {
      const student = await signedIn(backend);
      expect((await invoke(null, 'join-class', { code })).status).toBe(401);
      expect(await invoke(student, 'join-class', { code: 'abc' })).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
      expect(await invoke(student, 'join-class', { code: 'IIIIOOOO' })).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
      expect(await invoke(student, 'join-class', { code: 42 })).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
      expect(await invoke(student, 'join-class', { code, displayName: 'x'.repeat(81) })).toMatchObject({ status: 400, body: { code: 'invalid_body' } });
      const wrong = code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
      expect(await invoke(student, 'join-class', { code: wrong })).toMatchObject({ status: 404, body: { code: 'class_not_found' } });
      const archived = await createClass(owner, { name: 'Old' });
      await owner.client.from('Class').update({ archived_at: new Date().toISOString() }).eq('id', archived.id);
      expect(await invoke(student, 'join-class', { code: archived.join_code })).toMatchObject({ status: 404, body: { code: 'class_not_found' } });
      expect(await invoke(owner, 'join-class', { code })).toMatchObject({ status: 409, body: { code: 'own_class' } });
      const removed = await signedIn(backend);
      await enrol(backend, classId, removed.id, 'Robin', true);
      expect(await invoke(removed, 'join-class', { code })).toMatchObject({ status: 403, body: { code: 'removed_from_class' } });
      const rows = await backend.db.query('select removed_at from public."ClassMember" where student_id = any($1)', [[student.id, removed.id, owner.id]]);
      expect(rows.rows).toHaveLength(1);
    });

    it('a renewed code works at once and the old one stops; an expired code lets nobody new in, with a clear message', async () => {
      const klass = await createClass(owner, { name: 'Chemistry 8' });
      const early = await signedIn(backend);
      expect((await invoke(early, 'join-class', { code: klass.join_code })).status).toBe(200);
      const renewed = await owner.client.rpc('regenerate_class_join_code', { class_id: klass.id });
      expect(renewed.error).toBeNull();
      const fresh = (renewed.data as { join_code: string; join_code_expires_at: string | null }[])[0];
      expect(fresh?.join_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(fresh?.join_code).not.toBe(klass.join_code);
      const late = await signedIn(backend);
      expect(await invoke(late, 'join-class', { code: klass.join_code })).toMatchObject({ status: 404, body: { code: 'class_not_found' } });
      expect(await invoke(late, 'join-class', { code: fresh?.join_code })).toMatchObject({ status: 200, body: { classId: klass.id, alreadyMember: false } });
      // Someone already in the class is still in (the old link says so), whatever the code.
      expect((await early.client.rpc('my_classes')).data).toEqual([expect.objectContaining({ id: klass.id })]);

      // The teacher sets an expiry: before it, joining works; after it, 410 and nothing changes.
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      expect((await owner.client.from('Class').update({ join_code_expires_at: soon }).eq('id', klass.id)).error).toBeNull();
      const third = await signedIn(backend);
      expect((await invoke(third, 'join-class', { code: fresh?.join_code })).status).toBe(200);
      await owner.client.from('Class').update({ join_code_expires_at: new Date(Date.now() - 1000).toISOString() }).eq('id', klass.id);
      const tooLate = await signedIn(backend);
      expect(await invoke(tooLate, 'join-class', { code: fresh?.join_code })).toEqual({
        status: 410,
        body: { code: 'join_code_expired', message: 'This class code has expired. Ask your teacher for a new one.' },
      });
      expect((await tooLate.client.rpc('my_classes')).data).toEqual([]);
      expect((await invoke(third, 'join-class', { code: fresh?.join_code })).body).toMatchObject({ alreadyMember: true });
      // Renewing clears the expiry (or sets a new one).
      const again = await owner.client.rpc('regenerate_class_join_code', { class_id: klass.id, expires_at: soon });
      const latest = (again.data as { join_code: string; join_code_expires_at: string }[])[0];
      expect(Date.parse(latest?.join_code_expires_at ?? '')).toBe(Date.parse(soon));
      expect((await invoke(tooLate, 'join-class', { code: latest?.join_code })).status).toBe(200);
    });

    it('stops brute force per account: ten tries in ten minutes, then 429 even for the right code; forged addresses change nothing', async () => {
      const guesser = await signedIn(backend);
      let through = 0;
      for (let i = 0; i < 10; i += 1) {
        expect((await invoke(guesser, 'join-class', { code: `ZZZZZZ${'23456789'[i % 8]}${'23456789'[(i + 3) % 8]}` })).status).toBe(404);
      }
      // Issue 26: a fresh X-Forwarded-For per try (invoke sends one) never gives a fresh allowance.
      for (let i = 0; i < 5; i += 1) {
        const blocked = await invoke(guesser, 'join-class', { code }, `203.0.113.${i + 1}`);
        if (blocked.status !== 429) through += 1;
        expect(blocked).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
      }
      expect(through).toBe(0);
      expect((await guesser.client.rpc('my_classes')).data).toEqual([]);
    });

    it('issue 26: a class of 30 behind one school address joins within a minute, and one account’s wrong codes lock out no one else', async () => {
      const klass = await createClass(owner, { name: 'Big class' });
      const school = '198.51.100.77';
      // Someone at the same address burns through their tries first.
      const guesser = await signedIn(backend);
      for (let i = 0; i < 11; i += 1) await invoke(guesser, 'join-class', { code: 'ZZZZZZZZ' }, school);
      expect((await invoke(guesser, 'join-class', { code: klass.join_code }, school)).status).toBe(429);
      const students = await Promise.all(Array.from({ length: 30 }, () => signedIn(backend)));
      const statuses: number[] = [];
      for (const student of students) statuses.push((await invoke(student, 'join-class', { code: klass.join_code }, school)).status);
      expect(statuses).toEqual(Array<number>(30).fill(200));
      const roster = await owner.client.from('ClassMember').select('id', { count: 'exact', head: true }).eq('class_id', klass.id);
      expect(roster.count).toBe(30);
      // The old per-address limit would have stopped the class after ten.
    });

    it('issue 26: one class code takes at most 60 tries a minute from everyone together', async () => {
      const klass = await createClass(owner, { name: 'Crowded' });
      const accounts = await Promise.all(Array.from({ length: 61 }, () => signedIn(backend)));
      const statuses: number[] = [];
      for (const account of accounts) statuses.push((await invoke(account, 'join-class', { code: klass.join_code })).status);
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    });
  });

  describe('run-app with a class', () => {
    let owner: TestUser & { email: string };
    let classId: string;
    let appId: string;
    let student: TestUser;
    beforeAll(async () => {
      owner = await teacher(backend);
      classId = (await createClass(owner, { name: 'Biology 7B' })).id;
      // A paid app of the teacher: the assignment grants the class access.
      appId = (await seedApp(backend, owner.id)).appId;
      await backend.db.query(`update public."App" set price = '{"kind":"one_time","amount_cents":500,"currency":"EUR"}' where id = $1`, [appId]);
      await owner.client.from('Assignment').insert({ class_id: classId, app_id: appId, instructions: 'Ask about cells' });
      student = await signedIn(backend);
      await enrol(backend, classId, student.id, 'Sam');
    });

    it('runs an assigned (paid) app for a member; the run carries the class and the teacher reads it', async () => {
      const run = await runClass(student, { app_id: appId, classId, inputs: { topic: 'cells' } });
      expect(run.status).toBe(200);
      expect(run.events.at(-1)?.event).toBe('run_done');
      const runId = run.events[0]?.data.run_id as string;
      expect((await owner.client.from('AppRun').select('class_id, runner_user_id').eq('id', runId)).data).toEqual([{ class_id: classId, runner_user_id: student.id }]);
      // The same student without the class is refused the paid app.
      expect((await runClass(student, { app_id: appId, inputs: { topic: 'cells' } })).status).not.toBe(200);
      expect((await owner.client.from('SafetyAlert').select('id').eq('run_id', runId)).data).toEqual([]);
    });

    it('refuses strangers, removed students, unassigned apps, unopened assignments and archived classes', async () => {
      const stranger = await signedIn(backend);
      expect((await runClass(stranger, { app_id: appId, classId })).error).toMatchObject({ code: 'not_class_member' });
      const removed = await signedIn(backend);
      await enrol(backend, classId, removed.id, 'Robin', true);
      expect((await runClass(removed, { app_id: appId, classId })).error).toMatchObject({ code: 'not_class_member' });
      const other = await seedApp(backend, owner.id);
      expect((await runClass(student, { app_id: other.appId, classId })).error).toMatchObject({ code: 'not_assigned' });
      // Through a bundle it counts as assigned; an assignment opening tomorrow does not.
      const bundle = await backend.db.query<{ id: string }>(`insert into public."Bundle" (owner_id, name) values ($1, 'Kit') returning id`, [owner.id]);
      await backend.db.query('insert into public."BundleApp" (bundle_id, app_id, position) values ($1, $2, 0)', [bundle.rows[0]?.id, other.appId]);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      await backend.db.query('insert into public."Assignment" (class_id, bundle_id, opens_at) values ($1, $2, $3)', [classId, bundle.rows[0]?.id, tomorrow]);
      expect((await runClass(student, { app_id: other.appId, classId })).error).toMatchObject({ code: 'assignment_not_open', message: expect.stringContaining('opens on') as unknown });
      await backend.db.query('update public."Assignment" set opens_at = now() - interval \'1 minute\' where bundle_id = $1', [bundle.rows[0]?.id]);
      expect((await runClass(student, { app_id: other.appId, classId, inputs: { topic: 'x' } })).status).toBe(200);
      expect((await runClass(student, { app_id: appId, classId: randomUUID() })).error).toMatchObject({ code: 'not_class_member' });
      expect((await runClass(student, { app_id: appId, classId: 'nope' })).error).toMatchObject({ code: 'invalid_body' });
      const archivedClass = await createClass(owner, { name: 'Archived' });
      await enrol(backend, archivedClass.id, student.id);
      await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [archivedClass.id, appId]);
      await owner.client.from('Class').update({ archived_at: new Date().toISOString() }).eq('id', archivedClass.id);
      expect((await runClass(student, { app_id: appId, classId: archivedClass.id })).error).toMatchObject({ code: 'class_archived' });
    });

    it('stops at the class’s runs per student per day', async () => {
      const capped = await createClass(owner, { name: 'Capped' });
      await owner.client.from('Class').update({ runs_per_student_per_day: 2 }).eq('id', capped.id);
      await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [capped.id, appId]);
      const pupil = await signedIn(backend);
      await enrol(backend, capped.id, pupil.id);
      expect((await runClass(pupil, { app_id: appId, classId: capped.id, inputs: { topic: 'a' } })).status).toBe(200);
      expect((await runClass(pupil, { app_id: appId, classId: capped.id, inputs: { topic: 'b' } })).status).toBe(200);
      const third = await runClass(pupil, { app_id: appId, classId: capped.id, inputs: { topic: 'c' } });
      expect(third).toMatchObject({ status: 429, error: { code: 'class_daily_limit' } });
      expect((await backend.db.query('select 1 from public."AppRun" where class_id = $1', [capped.id])).rows).toHaveLength(2);
    });

    it('raises a SafetyAlert for a flagged input and AI output, e-mails the teacher when asked, honours switched-off checks', async () => {
      await owner.client.from('Class').update({ alert_email: true }).eq('id', classId);
      const topic = 'why do I want to hurt myself, call me on 555-123-4567';
      const run = await runClass(student, { app_id: appId, classId, inputs: { topic } });
      expect(run.events.at(-1)?.event).toBe('run_done');
      const runId = run.events[0]?.data.run_id as string;
      const alerts = await owner.client.from('SafetyAlert').select('direction, categories, excerpt, source, student_id').eq('run_id', runId).order('direction');
      const outputs = run.events.filter((e) => e.event === 'step_output' && e.data.stepId === 'write').map((e) => e.data.value);
      const outputVerdict = await checker.check(outputs.map(String).join('\n'));
      expect(alerts.data).toEqual([
        { direction: 'input', categories: ['self_harm', 'personal_data'], excerpt: topic, source: 'local', student_id: student.id },
        ...(outputVerdict.flagged ? [expect.objectContaining({ direction: 'output', categories: outputVerdict.categories })] : []),
      ]);
      // Every check has ended (and mailed) before the run's stream ends: one e-mail per alert.
      const mails = backend.mailbox?.search(`to:${owner.email} tag:safety-alert`) ?? [];
      expect(mails).toHaveLength(outputVerdict.flagged ? 2 : 1);
      expect(mails.map((mail) => mail.subject)).toEqual(mails.map(() => 'Safety alert in Biology 7B'));
      expect(mails.map((mail) => mail.text).join('\n')).toContain('Sam wrote something that was flagged for self-harm, personal data in Biology 7B.');
      expect(mails.map((mail) => mail.text).join('\n')).not.toContain('555-123-4567');

      await owner.client.from('Class').update({ checks: { self_harm: false, personal_data: false, profanity: true, violence: true, moderation_api: true } }).eq('id', classId);
      const quiet = await runClass(student, { app_id: appId, classId, inputs: { topic } });
      const quietId = quiet.events[0]?.data.run_id as string;
      expect((await owner.client.from('SafetyAlert').select('id').eq('run_id', quietId)).data).toEqual([]);
      // A clean question raises nothing.
      const clean = await runClass(student, { app_id: appId, classId, inputs: { topic: 'photosynthesis in leaves' } });
      expect((await owner.client.from('SafetyAlert').select('id').eq('run_id', clean.events[0]?.data.run_id as string)).data).toEqual([]);
    });
    it('answers a student who writes about self-harm with caring words and help instead of the app, and alerts the teacher (issue 27)', async () => {
      const pupil = await signedIn(backend);
      await enrol(backend, classId, pupil.id, 'Alex');
      await owner.client.from('Class').update({ checks: { self_harm: true, personal_data: true, profanity: true, violence: true, moderation_api: true } }).eq('id', classId);
      const run = await runClass(pupil, { app_id: appId, classId, inputs: { topic: 'I want to kill myself' } });
      expect(run.status).toBe(200);
      // The app did not answer: no step ran, the run ends with the supportive message.
      expect(run.events.filter((e) => e.event === 'step_started' || e.event === 'token')).toEqual([]);
      const done = run.events.at(-1);
      expect(done?.event).toBe('run_done');
      const outputs = done?.data.outputs as { title: string; markdown: string }[];
      expect(outputs).toHaveLength(1);
      expect(outputs[0]?.title).toBe('You are not alone');
      expect(outputs[0]?.markdown).toContain('Talk to an adult you trust');
      expect(outputs[0]?.markdown).toContain('crisis line');
      // No invented phone number in the generic text.
      expect(outputs[0]?.markdown).not.toMatch(/\d{3}/);
      const runId = run.events[0]?.data.run_id as string;
      const alerts = await owner.client.from('SafetyAlert').select('direction, categories').eq('run_id', runId);
      expect(alerts.data).toEqual([{ direction: 'input', categories: ['self_harm'] }]);
      // The teacher's view of the run shows what the student wrote and what they were shown.
      const stored = await owner.client.from('AppRun').select('status, inputs, outputs').eq('id', runId).single();
      expect(stored.data).toMatchObject({ status: 'done', inputs: { topic: 'I want to kill myself' }, outputs: [{ title: 'You are not alone' }] });
      // Reloading the run shows the same message; it cannot be continued into the app.
      const again = await runClass(pupil, { app_id: appId, classId, run_id: runId });
      expect(again.events.at(-1)?.data.outputs).toEqual(outputs);
      expect((await runClass(pupil, { app_id: appId, classId, run_id: runId, inputs: { topic: 'cells' } })).error).toMatchObject({ code: 'run_finished' });
    });

    it('shows the school’s own help text when its operator set one, even with self-harm alerts switched off', async () => {
      const school = await backend.db.query<{ id: string }>(
        `insert into public."School" (name, support_message) values ('Hill School', 'Go to **Room 12** (Ms Lee, school counsellor) or call the crisis line on the card in your planner.') returning id`,
      );
      const schoolClass = await createClass(owner, { name: 'Hill 8' });
      await backend.db.query('update public."Class" set school_id = $1 where id = $2', [school.rows[0]?.id, schoolClass.id]);
      await owner.client.from('Class').update({ checks: { self_harm: false, personal_data: true, profanity: true, violence: true, moderation_api: true } }).eq('id', schoolClass.id);
      await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [schoolClass.id, appId]);
      const pupil = await signedIn(backend);
      await enrol(backend, schoolClass.id, pupil.id, 'Jo');
      const run = await runClass(pupil, { app_id: appId, classId: schoolClass.id, inputs: { topic: 'i wanna die' } });
      expect(run.events.at(-1)?.data.outputs).toEqual([
        { stepId: 'safety-support', title: 'You are not alone', markdown: 'Go to **Room 12** (Ms Lee, school counsellor) or call the crisis line on the card in your planner.' },
      ]);
      const runId = run.events[0]?.data.run_id as string;
      expect((await owner.client.from('SafetyAlert').select('id').eq('run_id', runId)).data).toEqual([]);
      // Hostile near misses get the app's ordinary answer.
      for (const topic of ['Hitler committed suicide in 1945', 'this joke kills me', 'I want to learn about cells']) {
        const ordinary = await runClass(pupil, { app_id: appId, classId: schoolClass.id, inputs: { topic } });
        expect(ordinary.events.some((e) => e.event === 'step_started')).toBe(true);
        expect(JSON.stringify(ordinary.events.at(-1)?.data)).not.toContain('You are not alone');
      }
      // An empty help text is refused by the database.
      await expect(backend.db.query(`update public."School" set support_message = '   ' where id = $1`, [school.rows[0]?.id])).rejects.toThrow();
    });
  });

  describe('class-export', () => {
    it('gives the teacher every run as CSV (names, apps, JSON inputs, formulas escaped); nobody else', async () => {
      const owner = await teacher(backend);
      const klass = await createClass(owner, { name: 'History 8' });
      const { appId } = await seedApp(backend, owner.id);
      await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [klass.id, appId]);
      const student = await signedIn(backend);
      await enrol(backend, klass.id, student.id, 'Ana, "the" student');
      await runClass(student, { app_id: appId, classId: klass.id, inputs: { topic: '=HYPERLINK("http://evil.test")' } });
      const exported = await invoke(owner, 'class-export', { classId: klass.id });
      expect(exported.status).toBe(200);
      const parsed = Papa.parse<string[]>(exported.body as string, { skipEmptyLines: true });
      expect(parsed.data[0]).toEqual(['student', 'app', 'started_at', 'finished_at', 'status', 'inputs', 'outputs']);
      expect(parsed.data).toHaveLength(2);
      expect(parsed.data[1]?.slice(0, 2)).toEqual(['Ana, "the" student', 'Topic explainer']);
      expect(parsed.data[1]?.[4]).toBe('done');
      expect(JSON.parse(parsed.data[1]?.[5] ?? '')).toEqual({ topic: '=HYPERLINK("http://evil.test")' });

      const otherTeacher = await teacher(backend);
      expect(await invoke(otherTeacher, 'class-export', { classId: klass.id })).toMatchObject({ status: 403, body: { code: 'not_your_class' } });
      expect(await invoke(student, 'class-export', { classId: klass.id })).toMatchObject({ status: 403 });
      expect(await invoke(owner, 'class-export', { classId: randomUUID() })).toMatchObject({ status: 404 });
      expect(await invoke(owner, 'class-export', { classId: 'x' })).toMatchObject({ status: 400 });
      expect((await invoke(null, 'class-export', { classId: klass.id })).status).toBe(401);
    });
  });
});
