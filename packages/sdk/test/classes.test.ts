// The SDK's classroom API (issue 19) against the real embedded backend (real supabase-js, PGlite):
// a listed teacher creates a class, assigns apps, sees the roster, class runs with their steps,
// alerts and the CSV export; a student joins, sees their class and leaves; others are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';
import { deployTestVersion } from './helpers';

describe('classes through the SDK', () => {
  let backend: SdkTestBackend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.stop());

  it('a teacher runs a class and a student joins, works and leaves; strangers are refused', async () => {
    const teacher = await backend.signedInUser('teacher');
    const stranger = await backend.signedInUser('stranger');
    await expect(stranger.client.classes.create({ name: 'Mine' })).rejects.toMatchObject({ status: 403, message: 'Only teachers can create classes.' });
    const listed = await backend.admin.from('SchoolTeacher').insert({ email: teacher.email.toLowerCase() });
    expect(listed.error).toBeNull();
    expect(await teacher.client.functions.getUserSchoolInfo()).toEqual({ isTeacher: true, isStudent: false });

    const klass = await teacher.client.classes.create({ name: ' Biology 7B ', subject: 'Biology', grade: '' });
    expect(klass).toMatchObject({ name: 'Biology 7B', subject: 'Biology', grade: null, runs_per_student_per_day: 50, archived_at: null });
    expect(klass.join_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const updated = await teacher.client.classes.update(klass.id, { runs_per_student_per_day: 5, checks: { profanity: false }, alert_email: true });
    expect(updated.checks).toEqual({ profanity: false, self_harm: true, violence: true, personal_data: true, moderation_api: true });
    expect((await teacher.client.classes.listMine()).map((row) => row.id)).toEqual([klass.id]);

    // Assignable: own apps (deployed or not) and deployed public apps of others; not others' private ones.
    const own = crypto.randomUUID();
    const publicApp = crypto.randomUUID();
    const privateApp = crypto.randomUUID();
    for (const [id, owner, visibility] of [[own, teacher.id, 'signed_in'], [publicApp, stranger.id, 'public'], [privateApp, stranger.id, 'signed_in']] as const) {
      const inserted = await backend.admin.from('App').insert({ id, owner_id: owner, name: `App ${id.slice(0, 4)}`, visibility });
      if (inserted.error) throw new Error(inserted.error.message);
      await deployTestVersion(backend.admin, id);
    }
    const items = await teacher.client.classes.assignableItems();
    expect(items.filter((item) => item.kind === 'app').map((item) => item.id).sort()).toEqual([own, publicApp].sort());
    const assignment = await teacher.client.classes.createAssignment({ class_id: klass.id, app_id: own, instructions: 'Read', due_at: '2026-12-01T10:00:00Z' });
    expect(assignment.item_name).toBe(`App ${own.slice(0, 4)}`);
    await expect(teacher.client.classes.createAssignment({ class_id: klass.id, app_id: privateApp })).rejects.toMatchObject({ status: 403 });
    await expect(stranger.client.classes.assignments(klass.id)).resolves.toEqual([]);
    await expect(stranger.client.classes.get(klass.id)).rejects.toMatchObject({ code: 'not_found' });

    // The student joins with the code, sees the class with its assignment (the private app's name too).
    const student = await backend.signedInUser('student');
    await expect(student.client.classes.join({ code: 'nope' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await student.client.classes.join({ code: klass.join_code.toLowerCase(), displayName: 'Sam' })).toEqual({
      classId: klass.id,
      className: 'Biology 7B',
      alreadyMember: false,
    });
    const mine = await student.client.classes.myClasses();
    expect(mine).toEqual([expect.objectContaining({ id: klass.id, name: 'Biology 7B', display_name: 'Sam', archived: false })]);
    expect(mine[0]?.assignments).toEqual([expect.objectContaining({ app_id: own, item_name: `App ${own.slice(0, 4)}`, due_at: expect.stringContaining('2026-12-01') as unknown })]);
    // Only their own row of the roster, never a classmate's.
    expect((await student.client.classes.members(klass.id)).map((row) => row.student_id)).toEqual([student.id]);
    expect(await student.client.functions.getUserSchoolInfo()).toEqual({ isTeacher: false, isStudent: true });

    // A class run with a step and an alert, as run-app writes them; the teacher reads them with names.
    const run = await backend.admin
      .from('AppRun')
      .insert({ app_id: own, runner_user_id: student.id, class_id: klass.id, status: 'done', inputs: { topic: 'cells' }, outputs: ['Cells.'] })
      .select('id')
      .single();
    if (run.error) throw new Error(run.error.message);
    await backend.admin.from('AppRunStep').insert({ run_id: run.data.id, step_id: 'write', status: 'done', output: 'Cells are small.' });
    await backend.admin.from('SafetyAlert').insert({
      class_id: klass.id, run_id: run.data.id, student_id: student.id, direction: 'input', categories: ['profanity'], excerpt: 'darn', source: 'local',
    });
    const runs = await teacher.client.classes.runs(klass.id);
    expect(runs).toEqual([expect.objectContaining({ student_name: 'Sam', app_name: `App ${own.slice(0, 4)}`, inputs: { topic: 'cells' }, steps: [expect.objectContaining({ step_id: 'write', output: 'Cells are small.' })] })]);
    expect(await teacher.client.classes.runs(klass.id, { studentId: stranger.id })).toEqual([]);
    const [alert] = await teacher.client.classes.alerts(klass.id);
    expect(alert).toMatchObject({ student_name: 'Sam', categories: ['profanity'], acknowledged_at: null });
    expect((await teacher.client.classes.acknowledgeAlert(alert?.id ?? '')).acknowledged_at).not.toBeNull();
    await expect(stranger.client.classes.acknowledgeAlert(alert?.id ?? '')).rejects.toMatchObject({ code: 'not_found' });
    const csv = await teacher.client.classes.exportRuns(klass.id);
    expect(csv.split('\r\n')[0]).toBe('student,app,started_at,finished_at,status,inputs,outputs');
    expect(csv).toContain('Sam,');
    await expect(stranger.client.classes.exportRuns(klass.id)).rejects.toMatchObject({ status: 403 });

    // Roster: rename, then the student leaves (their run stays theirs, the teacher no longer sees it).
    const [member] = await teacher.client.classes.members(klass.id);
    expect((await teacher.client.classes.renameMember(member?.id ?? '', 'Sam K.')).display_name).toBe('Sam K.');
    await student.client.classes.leave(klass.id);
    expect(await student.client.classes.myClasses()).toEqual([]);
    expect(await teacher.client.classes.runs(klass.id)).toEqual([]);
    expect(await teacher.client.classes.alerts(klass.id)).toEqual([]);
    await expect(student.client.classes.leave(klass.id)).rejects.toMatchObject({ code: 'not_found' });

    // A new code: the old one stops at once; another teacher cannot renew it; an expired code says so.
    await expect(stranger.client.classes.regenerateJoinCode(klass.id)).rejects.toMatchObject({ code: 'not_found' });
    const renewed = await teacher.client.classes.regenerateJoinCode(klass.id);
    expect(renewed.join_code).not.toBe(klass.join_code);
    expect(renewed.join_code_expires_at).toBeNull();
    await expect(student.client.classes.join({ code: klass.join_code })).rejects.toMatchObject({ code: 'class_not_found', status: 404 });
    const expired = await teacher.client.classes.update(klass.id, { join_code_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(expired.join_code_expires_at).not.toBeNull();
    await expect(student.client.classes.join({ code: renewed.join_code })).rejects.toMatchObject({ code: 'join_code_expired', status: 410 });
    await teacher.client.classes.update(klass.id, { join_code_expires_at: null });

    // Removed students cannot re-join; deleting the class removes everything.
    expect(await student.client.classes.join({ code: renewed.join_code })).toMatchObject({ alreadyMember: false });
    const [again] = await teacher.client.classes.members(klass.id);
    await teacher.client.classes.removeMember(again?.id ?? '');
    await expect(student.client.classes.join({ code: renewed.join_code })).rejects.toMatchObject({ code: 'removed_from_class', status: 403 });
    await expect(stranger.client.classes.remove(klass.id)).rejects.toMatchObject({ code: 'not_found' });
    await teacher.client.classes.remove(klass.id);
    expect(await teacher.client.classes.listMine()).toEqual([]);
  });

  it("the owner of an assigned public app sees its class runs only as a count, never the runs", async () => {
    const teacher = await backend.signedInUser('teacher');
    const creator = await backend.signedInUser('creator');
    const student = await backend.signedInUser('student');
    await backend.admin.from('SchoolTeacher').insert({ email: teacher.email.toLowerCase() });
    const appId = crypto.randomUUID();
    const inserted = await backend.admin.from('App').insert({ id: appId, owner_id: creator.id, name: 'Shared quiz', visibility: 'public' });
    if (inserted.error) throw new Error(inserted.error.message);
    await deployTestVersion(backend.admin, appId);
    const klass = await teacher.client.classes.create({ name: 'History 8' });
    await teacher.client.classes.createAssignment({ class_id: klass.id, app_id: appId });
    await student.client.classes.join({ code: klass.join_code, displayName: 'Ana' });
    for (const classId of [klass.id, klass.id, null]) {
      const run = await backend.admin.from('AppRun').insert({ app_id: appId, runner_user_id: student.id, class_id: classId, status: 'done', inputs: {} });
      if (run.error) throw new Error(run.error.message);
    }

    expect(await creator.client.runs.classRunCount(appId)).toBe(2);
    // The owner's run history holds the one run made outside the class.
    expect((await creator.client.runs.list(appId)).total).toBe(1);
    // Nobody else learns the number of someone else's app.
    expect(await teacher.client.runs.classRunCount(appId)).toBe(0);
    expect(await student.client.runs.classRunCount(appId)).toBe(0);
    await expect(creator.client.runs.classRunCount('not-an-id')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(backend.client().runs.classRunCount(appId)).rejects.toMatchObject({ status: 401 });
  });
});
