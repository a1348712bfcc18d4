// Issue 19 on the real backend: row-level security of the classroom tables per table and
// operation, through supabase-js, as a teacher, a teacher of another class, a student, another
// student, a removed student, a stranger and a visitor.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { seedApp, signedIn } from '../functions-ai/helpers.js';
import { subscribed, until } from '../realtime/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { alertFor, classRun, createClass, enrol, teacher } from './helpers.js';
import type { ClassRow } from './helpers.js';

let backend: TestBackend;

describe.each(DATABASES)('classroom row-level security on %s', (database) => {
  let anon: SupabaseClient;
  let owner: TestUser; // the class's teacher
  let otherTeacher: TestUser; // teaches another class
  let student: TestUser;
  let classmate: TestUser;
  let removed: TestUser;
  let stranger: TestUser;
  let klass: ClassRow;
  let otherClass: ClassRow;
  let appId: string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    anon = backend.client();
    owner = await teacher(backend);
    otherTeacher = await teacher(backend);
    student = await signedIn(backend);
    classmate = await signedIn(backend);
    removed = await signedIn(backend);
    stranger = await signedIn(backend);
    klass = await createClass(owner);
    otherClass = await createClass(otherTeacher, { name: 'Chemistry' });
    await enrol(backend, klass.id, student.id, 'Sam');
    await enrol(backend, klass.id, classmate.id, 'Alex');
    await enrol(backend, klass.id, removed.id, 'Robin', true);
    appId = (await seedApp(backend, owner.id)).appId;
    await backend.db.query('insert into public."Assignment" (class_id, app_id, instructions) values ($1, $2, $3)', [klass.id, appId, 'Explain cells']);
  });
  afterAll(() => backend.stop());

  it('School and SchoolTeacher: operators only — no user or visitor reads or writes them', async () => {
    await backend.db.query(`insert into public."School" (name, email_domains) values ('North High', '{north.example}')`);
    for (const client of [anon, owner.client, stranger.client]) {
      expect((await client.from('School').select('id')).error?.code).toBe('42501');
      expect((await client.from('School').insert({ name: 'Fake', email_domains: ['evil.example'] })).error?.code).toBe('42501');
      expect((await client.from('SchoolTeacher').select('id')).error?.code).toBe('42501');
      expect((await client.from('SchoolTeacher').insert({ email: 'me@evil.example' })).error?.code).toBe('42501');
    }
    // Upper-case domains are refused (the lookup compares lower-case).
    await expect(backend.db.query(`insert into public."School" (name, email_domains) values ('Bad', '{North.Example}')`)).rejects.toThrow();
  });

  it('Class: only teachers create; the server sets the join code; another teacher, students and strangers see nothing', async () => {
    expect(klass.join_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const refused = await stranger.client.from('Class').insert({ name: 'Not a teacher' });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe('Only teachers can create classes.');
    expect((await owner.client.from('Class').insert({ name: 'Forged', teacher_id: otherTeacher.id })).error?.code).toBe('42501');
    expect((await owner.client.from('Class').insert({ name: 'Chosen code', join_code: 'AAAAAAAA' })).error?.code).toBe('42501');
    expect((await anon.from('Class').insert({ name: 'Visitor' })).error?.code).toBe('42501');
    expect((await owner.client.from('Class').insert({ name: 'Bad checks', checks: { profanity: 'yes' } })).error?.code).toBe('23514');
    expect((await owner.client.from('Class').insert({ name: '' })).error?.code).toBe('23514');

    expect((await owner.client.from('Class').select('id').eq('id', klass.id)).data).toEqual([{ id: klass.id }]);
    for (const client of [otherTeacher.client, student.client, removed.client, stranger.client]) {
      expect((await client.from('Class').select('id, join_code').eq('id', klass.id)).data).toEqual([]);
    }
    expect((await anon.from('Class').select('id')).error?.code).toBe('42501');

    // Update: the teacher renames and archives; nobody else changes anything; the code stays.
    for (const client of [otherTeacher.client, student.client]) {
      expect((await client.from('Class').update({ name: 'Hijacked' }).eq('id', klass.id).select('id')).data).toEqual([]);
    }
    expect((await owner.client.from('Class').update({ join_code: 'BBBBBBBB' }).eq('id', klass.id)).error?.code).toBe('42501');
    expect((await owner.client.from('Class').update({ teacher_id: otherTeacher.id }).eq('id', klass.id)).error?.code).toBe('42501');
    const renamed = await owner.client.from('Class').update({ name: 'Biology 7C', runs_per_student_per_day: 5 }).eq('id', klass.id).select('name').single();
    expect(renamed.data).toEqual({ name: 'Biology 7C' });
    expect((await owner.client.from('Class').update({ runs_per_student_per_day: 0 }).eq('id', klass.id)).error?.code).toBe('23514');

    // Join codes: only the class's teacher renews one (through the RPC) or sets its expiry.
    for (const client of [otherTeacher.client, student.client, stranger.client]) {
      const refused = await client.rpc('regenerate_class_join_code', { class_id: klass.id });
      expect(refused.error?.code).toBe('42501');
      expect((await client.from('Class').update({ join_code_expires_at: new Date().toISOString() }).eq('id', klass.id).select('id')).data ?? []).toEqual([]);
    }
    expect((await anon.rpc('regenerate_class_join_code', { class_id: klass.id })).error).not.toBeNull();
    expect((await backend.db.query<{ join_code: string; join_code_expires_at: null }>('select join_code, join_code_expires_at from public."Class" where id = $1', [klass.id])).rows).toEqual([
      { join_code: klass.join_code, join_code_expires_at: null },
    ]);

    // Delete: another teacher's delete removes nothing.
    expect((await otherTeacher.client.from('Class').delete().eq('id', klass.id).select('id')).data).toEqual([]);
    expect((await student.client.from('Class').delete().eq('id', klass.id).select('id')).data).toEqual([]);
    expect((await backend.db.query('select 1 from public."Class" where id = $1', [klass.id])).rows).toHaveLength(1);
  });

  it('my_classes(): a student sees their classes and assignments, never a removed or foreign class, nor the join code', async () => {
    const mine = await student.client.rpc('my_classes');
    expect(mine.error).toBeNull();
    expect(mine.data).toHaveLength(1);
    const [row] = mine.data as Record<string, unknown>[];
    expect(row).toMatchObject({ id: klass.id, display_name: 'Sam', archived: false });
    expect(row).not.toHaveProperty('join_code');
    expect(row?.assignments).toEqual([expect.objectContaining({ app_id: appId, item_name: 'Topic explainer', instructions: 'Explain cells' })]);
    expect((await removed.client.rpc('my_classes')).data).toEqual([]);
    expect((await stranger.client.rpc('my_classes')).data).toEqual([]);
    expect((await anon.rpc('my_classes')).error).not.toBeNull();
  });

  it('ClassMember: inserted by join-class only; a student reads only their own row; the teacher manages the roster', async () => {
    for (const client of [student.client, owner.client, stranger.client]) {
      expect((await client.from('ClassMember').insert({ class_id: klass.id, student_id: stranger.id, display_name: 'Sneaky' })).error?.code).toBe('42501');
    }
    const own = await student.client.from('ClassMember').select('display_name').eq('class_id', klass.id);
    expect(own.data).toEqual([{ display_name: 'Sam' }]);
    const roster = await owner.client.from('ClassMember').select('display_name').eq('class_id', klass.id).order('display_name');
    expect(roster.data).toEqual([{ display_name: 'Alex' }, { display_name: 'Robin' }, { display_name: 'Sam' }]);
    expect((await otherTeacher.client.from('ClassMember').select('id').eq('class_id', klass.id)).data).toEqual([]);
    expect((await stranger.client.from('ClassMember').select('id').eq('class_id', klass.id)).data).toEqual([]);

    // Update: a student renames nobody (not even themself); another teacher neither; the teacher does.
    expect((await student.client.from('ClassMember').update({ display_name: 'Boss' }).eq('class_id', klass.id).select('id')).data).toEqual([]);
    expect((await otherTeacher.client.from('ClassMember').update({ removed_at: new Date().toISOString() }).eq('class_id', klass.id).select('id')).data).toEqual([]);
    expect((await owner.client.from('ClassMember').update({ student_id: stranger.id }).eq('class_id', klass.id)).error?.code).toBe('42501');
    const renamed = await owner.client.from('ClassMember').update({ display_name: 'Sam K.' }).eq('student_id', student.id).select('display_name');
    expect(renamed.data).toEqual([{ display_name: 'Sam K.' }]);

    // Delete: a student cannot remove a classmate; a removed student cannot erase their removal.
    expect((await student.client.from('ClassMember').delete().eq('student_id', classmate.id).select('id')).data).toEqual([]);
    expect((await removed.client.from('ClassMember').delete().eq('student_id', removed.id).select('id')).data).toEqual([]);
    expect((await otherTeacher.client.from('ClassMember').delete().eq('class_id', klass.id).select('id')).data).toEqual([]);
    expect((await backend.db.query('select 1 from public."ClassMember" where class_id = $1', [klass.id])).rows).toHaveLength(3);
  });

  it('Assignment: the teacher assigns own or public items only; members read; others see and change nothing', async () => {
    const foreignPrivate = await seedApp(backend, stranger.id, { visibility: 'signed_in' });
    const refused = await owner.client.from('Assignment').insert({ class_id: klass.id, app_id: foreignPrivate.appId });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe('You can assign only your own apps or public ones.');
    const privateBundle = await backend.db.query<{ id: string }>(`insert into public."Bundle" (owner_id, name, visibility) values ($1, 'Kit', 'unlisted') returning id`, [stranger.id]);
    expect((await owner.client.from('Assignment').insert({ class_id: klass.id, bundle_id: privateBundle.rows[0]?.id })).error?.message).toBe(
      'You can assign only your own bundles or public ones.',
    );
    expect((await owner.client.from('Assignment').insert({ class_id: klass.id })).error?.code).toBe('23514');
    const foreignPublic = await seedApp(backend, stranger.id);
    const assigned = await owner.client.from('Assignment').insert({ class_id: klass.id, app_id: foreignPublic.appId, instructions: 'Try it' }).select('id').single();
    expect(assigned.error).toBeNull();
    const assignmentId = assigned.data?.id ?? '';
    // Another teacher cannot assign into this class, nor move an assignment out of it.
    expect((await otherTeacher.client.from('Assignment').insert({ class_id: klass.id, app_id: foreignPublic.appId })).error?.code).toBe('42501');
    expect((await student.client.from('Assignment').insert({ class_id: klass.id, app_id: foreignPublic.appId })).error?.code).toBe('42501');

    expect((await student.client.from('Assignment').select('id').eq('id', assignmentId)).data).toEqual([{ id: assignmentId }]);
    for (const client of [removed.client, otherTeacher.client, stranger.client]) {
      expect((await client.from('Assignment').select('id').eq('class_id', klass.id)).data).toEqual([]);
    }
    expect((await student.client.from('Assignment').update({ instructions: 'Skip it' }).eq('id', assignmentId).select('id')).data).toEqual([]);
    expect((await otherTeacher.client.from('Assignment').update({ instructions: 'Skip it' }).eq('id', assignmentId).select('id')).data).toEqual([]);
    expect((await owner.client.from('Assignment').update({ class_id: otherClass.id }).eq('id', assignmentId)).error?.code).toBe('42501');
    expect((await owner.client.from('Assignment').update({ app_id: foreignPrivate.appId }).eq('id', assignmentId)).error?.code).toBe('42501');
    expect((await student.client.from('Assignment').delete().eq('id', assignmentId).select('id')).data).toEqual([]);
    expect((await otherTeacher.client.from('Assignment').delete().eq('id', assignmentId).select('id')).data).toEqual([]);
    expect((await owner.client.from('Assignment').delete().eq('id', assignmentId).select('id')).data).toEqual([{ id: assignmentId }]);
  });

  it('AppRun of a class: the runner and the class teacher read it; another teacher, classmates and strangers do not', async () => {
    const runId = await classRun(backend, appId, klass.id, student.id);
    const visible = async (client: SupabaseClient) => (await client.from('AppRun').select('id, class_id').eq('id', runId)).data ?? [];
    expect(await visible(student.client)).toEqual([{ id: runId, class_id: klass.id }]);
    const otherOwnerApp = await seedApp(backend, stranger.id);
    const foreignRun = await classRun(backend, otherOwnerApp.appId, klass.id, classmate.id);
    // The teacher reads runs of apps they do not own when they are class runs, with their steps.
    expect((await owner.client.from('AppRun').select('id').eq('id', foreignRun)).data).toEqual([{ id: foreignRun }]);
    expect((await owner.client.from('AppRunStep').select('output').eq('run_id', foreignRun)).data).toEqual([{ output: 'Cells are small.' }]);
    expect((await owner.client.from('AppRun').select('state').eq('id', runId)).error?.code).toBe('42501');
    expect(await visible(otherTeacher.client)).toEqual([]);
    expect(await visible(classmate.client)).toEqual([]);
    expect((await classmate.client.from('AppRunStep').select('id').eq('run_id', runId)).data).toEqual([]);
    expect(await visible(removed.client)).toEqual([]);
    // Nobody attributes runs to a class through REST.
    expect((await student.client.from('AppRun').update({ class_id: otherClass.id }).eq('id', runId)).error?.code).toBe('42501');
    expect((await student.client.from('AppRun').insert({ app_id: appId, class_id: klass.id })).error?.code).toBe('42501');
  });

  it('SafetyAlert: the class teacher reads and acknowledges; nobody else reads, writes or edits it', async () => {
    const runId = await classRun(backend, appId, klass.id, classmate.id);
    const alertId = await alertFor(backend, klass.id, runId, classmate.id);
    for (const client of [classmate.client, student.client, otherTeacher.client, stranger.client]) {
      expect((await client.from('SafetyAlert').select('id').eq('id', alertId)).data).toEqual([]);
      expect((await client.from('SafetyAlert').update({ acknowledged_at: new Date().toISOString() }).eq('id', alertId).select('id')).data).toEqual([]);
    }
    expect((await anon.from('SafetyAlert').select('id')).error?.code).toBe('42501');
    const forged = { class_id: klass.id, run_id: runId, student_id: classmate.id, direction: 'input', categories: ['profanity'], excerpt: 'x', source: 'local' };
    for (const client of [classmate.client, owner.client]) expect((await client.from('SafetyAlert').insert(forged)).error?.code).toBe('42501');
    expect((await owner.client.from('SafetyAlert').update({ excerpt: 'rewritten' }).eq('id', alertId)).error?.code).toBe('42501');
    expect((await owner.client.from('SafetyAlert').delete().eq('id', alertId)).error?.code).toBe('42501');
    const acknowledged = await owner.client.from('SafetyAlert').update({ acknowledged_at: new Date().toISOString() }).eq('id', alertId).select('id, excerpt');
    expect(acknowledged.data).toEqual([{ id: alertId, excerpt: 'a flagged line' }]);
  });

  it('leaving a class: the membership goes, the run stays the student’s own, the teacher no longer sees it or its alerts', async () => {
    const leaver = await signedIn(backend);
    await enrol(backend, klass.id, leaver.id, 'Kim');
    // An app the teacher does not own (the owner of an app reads every run of it anyway).
    const foreignApp = await seedApp(backend, stranger.id);
    const runId = await classRun(backend, foreignApp.appId, klass.id, leaver.id);
    await alertFor(backend, klass.id, runId, leaver.id);
    const left = await leaver.client.from('ClassMember').delete().eq('class_id', klass.id).select('id');
    expect(left.data).toHaveLength(1);
    expect((await leaver.client.from('AppRun').select('id, class_id').eq('id', runId)).data).toEqual([{ id: runId, class_id: null }]);
    expect((await owner.client.from('AppRun').select('id').eq('id', runId)).data).toEqual([]);
    expect((await owner.client.from('SafetyAlert').select('id').eq('student_id', leaver.id)).data).toEqual([]);
    expect((await leaver.client.rpc('my_classes')).data).toEqual([]);
  });

  it('Realtime: the class teacher hears a new alert and class run at once; another teacher and a classmate hear nothing', async () => {
    type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
    const heard = new Map<string, Change[]>();
    const listen = async (user: TestUser, name: string): Promise<void> => {
      const client = backend.client({ accessToken: () => Promise.resolve(user.token) });
      await client.realtime.setAuth();
      const changes: Change[] = [];
      heard.set(name, changes);
      await subscribed(
        client
          .channel(`classroom-${name}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'SafetyAlert' }, (payload) => changes.push(payload as Change))
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'AppRun' }, (payload) => changes.push(payload as Change)),
      );
    };
    await listen(owner, 'teacher');
    await listen(otherTeacher, 'other-teacher');
    await listen(classmate, 'classmate');
    const foreignApp = await seedApp(backend, stranger.id);
    const runId = await classRun(backend, foreignApp.appId, klass.id, student.id);
    const alertId = await alertFor(backend, klass.id, runId, student.id);
    const teacherHeard = await until(() => {
      const ids = (heard.get('teacher') ?? []).map((change) => `${change.table}:${String((change.new as Record<string, unknown>).id)}`);
      return ids.length >= 2 ? ids : undefined;
    }, 'the teacher hearing the run and the alert');
    expect(teacherHeard.sort()).toEqual([`AppRun:${runId}`, `SafetyAlert:${alertId}`].sort());
    // Given the same time, the others hear nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.get('other-teacher')).toEqual([]);
    expect(heard.get('classmate')).toEqual([]);
  });

  it('deleting a class removes its members, assignments, runs and alerts', async () => {
    const doomed = await createClass(owner, { name: 'Doomed' });
    await enrol(backend, doomed.id, student.id, 'Sam');
    await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [doomed.id, appId]);
    const runId = await classRun(backend, appId, doomed.id, student.id);
    await alertFor(backend, doomed.id, runId, student.id);
    expect((await owner.client.from('Class').delete().eq('id', doomed.id).select('id')).data).toEqual([{ id: doomed.id }]);
    for (const table of ['ClassMember', 'Assignment', 'SafetyAlert']) {
      expect((await backend.db.query(`select 1 from public."${table}" where class_id = $1`, [doomed.id])).rows).toEqual([]);
    }
    expect((await backend.db.query('select 1 from public."AppRun" where id = $1', [runId])).rows).toEqual([]);
  });
});
