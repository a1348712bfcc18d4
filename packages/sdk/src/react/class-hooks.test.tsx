// @vitest-environment jsdom
// The classroom hooks (issue 19) with the fake client: a teacher's class, roster, assignments, live
// runs and alerts; a student's join, classes and leave; refusals a person would see.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeAppforgeClient } from '../testing/fake-client';
import type { FakeAppforgeClient } from '../testing/fake-client';
import { makeClass, makeClassMember, makeClassRun, makeSafetyAlert } from '../testing/fake-classes';
import { AppforgeProvider } from './AppforgeProvider';
import { useAcknowledgeAlert } from './use-acknowledge-alert-mutation';
import { useAssignments } from './use-assignments-query';
import { useClassMembers } from './use-class-members-query';
import { useClassLiveOutput } from './use-class-live-output';
import { useClassRuns } from './use-class-runs-query';
import { useCreateAssignment } from './use-create-assignment-mutation';
import { useCreateClass } from './use-create-class-mutation';
import { useExportClassRuns } from './use-export-class-runs-mutation';
import { useJoinClass } from './use-join-class-mutation';
import { useLeaveClass } from './use-leave-class-mutation';
import { useMyClasses } from './use-my-classes-query';
import { useRegenerateJoinCode } from './use-regenerate-join-code-mutation';
import { useRemoveMember } from './use-remove-member-mutation';
import { useSafetyAlerts } from './use-safety-alerts-query';
import { useTeacherClasses } from './use-teacher-classes-query';
import { useUpdateClass } from './use-update-class-mutation';

function wrapperFor(client: FakeAppforgeClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AppforgeProvider client={client}>{children}</AppforgeProvider>
      </QueryClientProvider>
    );
  };
}

function teacherClient() {
  const client = createFakeAppforgeClient({ data: { schoolInfo: { isTeacher: true, isStudent: false } } });
  const session = client.fake.signIn({ email: 'ms.lee@school.example' });
  return { client, teacherId: session.user.id };
}

describe('teacher hooks', () => {
  it('useClassLiveOutput: builds each run\'s text from the live pieces, skips pieces that do not line up, shows withheld output as withheld, and leaves on unmount', async () => {
    const { client } = teacherClient();
    const klass = makeClass({ teacher_id: client.fake.data.session?.user.id ?? '' });
    const { topic, event } = { topic: `class:${klass.id}:live`, event: 'output' };
    const { result, unmount } = renderHook(() => useClassLiveOutput(klass.id), { wrapper: wrapperFor(client) });
    expect(result.current.size).toBe(0);
    await waitFor(() => expect(client.fake.liveCount()).toBe(1));
    act(() => client.fake.emitBroadcast(topic, event, { parts: [{ run_id: 'r1', step_id: 'write', from: 0, text: 'Plants ' }] }));
    act(() => client.fake.emitBroadcast(topic, event, { parts: [{ run_id: 'r1', step_id: 'write', from: 7, text: 'make sugar' }, { run_id: 'r2', step_id: 'write', from: 0, text: 'I hate' }] }));
    expect(result.current.get('r1')).toEqual({ stepId: 'write', text: 'Plants make sugar', withheld: null });
    // A missed piece (from 40 while 17 are known) is skipped; the next whole text catches up.
    act(() => client.fake.emitBroadcast(topic, event, { parts: [{ run_id: 'r1', step_id: 'write', from: 40, text: 'lost' }] }));
    expect(result.current.get('r1')?.text).toBe('Plants make sugar');
    act(() => client.fake.emitBroadcast(topic, event, { parts: [{ run_id: 'r2', step_id: 'write', withheld: ['profanity'] }] }));
    expect(result.current.get('r2')).toEqual({ stepId: 'write', text: '', withheld: ['profanity'] });
    // Malformed messages and other classes' channels change nothing.
    act(() => client.fake.emitBroadcast(topic, event, { parts: [{ run_id: 'r1', text: 5 }] }));
    act(() => client.fake.emitBroadcast('class:someone-else:live', event, { parts: [{ run_id: 'r1', step_id: 'write', from: 0, text: 'X' }] }));
    expect(result.current.get('r1')?.text).toBe('Plants make sugar');
    expect(client.fake.calls('live.broadcast')).toEqual([[{ topic, event }, expect.any(Function)]]);
    unmount();
    expect(client.fake.liveCount()).toBe(0);
  });

  it('creates a class that appears in the list with a join code; archiving marks it', async () => {
    const { client } = teacherClient();
    const { result } = renderHook(() => ({ list: useTeacherClasses(), create: useCreateClass(), update: useUpdateClass() }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    const created = await act(() => result.current.create.mutateAsync({ name: '  Biology 7B ', subject: 'Biology' }));
    expect(created.join_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await waitFor(() => expect(result.current.list.data?.map((row) => row.name)).toEqual(['Biology 7B']));
    await act(() => result.current.update.mutateAsync({ classId: created.id, patch: { archived: true } }));
    await waitFor(() => expect(result.current.list.data?.[0]?.archived_at).not.toBeNull());
    await expect(result.current.create.mutateAsync({ name: '' })).rejects.toMatchObject({ code: 'invalid_input', message: 'Give the class a name.' });
  });

  it('renews a join code (the old one stops working) and refuses an expired one with its message', async () => {
    const { client } = teacherClient();
    const { result } = renderHook(() => ({ create: useCreateClass(), renew: useRegenerateJoinCode(), klass: useTeacherClasses() }), { wrapper: wrapperFor(client) });
    const created = await act(() => result.current.create.mutateAsync({ name: 'Chemistry' }));
    const past = new Date(Date.now() - 1000).toISOString();
    const renewed = await act(() => result.current.renew.mutateAsync({ classId: created.id, expiresAt: past }));
    expect(renewed.join_code).not.toBe(created.join_code);
    expect(renewed.join_code_expires_at).toBe(past);
    client.fake.signIn({ email: 'kim@pupils.example' });
    await expect(client.classes.join({ code: created.join_code })).rejects.toMatchObject({ status: 404, code: 'class_not_found' });
    await expect(client.classes.join({ code: renewed.join_code })).rejects.toMatchObject({
      status: 410,
      code: 'join_code_expired',
      message: 'This class code has expired. Ask your teacher for a new one.',
    });
  });

  it('refuses a non-teacher creating a class and another teacher reading it', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'parent@example.com' });
    const foreign = makeClass();
    client.fake.data.classes[foreign.id] = foreign;
    const { result } = renderHook(() => ({ create: useCreateClass(), members: useClassMembers(foreign.id) }), { wrapper: wrapperFor(client) });
    await expect(result.current.create.mutateAsync({ name: 'Mine' })).rejects.toMatchObject({ status: 403, message: 'Only teachers can create classes.' });
    await waitFor(() => expect(result.current.members.error?.code).toBe('not_found'));
  });

  it('roster, runs and alerts update live; acknowledging and removing change what the teacher sees', async () => {
    const { client, teacherId } = teacherClient();
    const klass = makeClass({ teacher_id: teacherId });
    client.fake.data.classes[klass.id] = klass;
    const sam = makeClassMember({ class_id: klass.id, display_name: 'Sam' });
    client.fake.data.classMembers[sam.id] = sam;
    let alerted: Record<string, unknown> | undefined;
    const { result } = renderHook(
      () => ({
        members: useClassMembers(klass.id),
        runs: useClassRuns(klass.id),
        alerts: useSafetyAlerts(klass.id, { onAlert: (row) => (alerted = row) }),
        acknowledge: useAcknowledgeAlert(),
        remove: useRemoveMember(),
      }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.members.data?.map((m) => m.display_name)).toEqual(['Sam']));
    await waitFor(() => expect(result.current.runs.data).toEqual([]));

    const run = makeClassRun({ class_id: klass.id, student_id: sam.student_id, status: 'running' });
    client.fake.data.classRuns[run.id] = run;
    act(() => client.fake.emitLive({ table: 'AppRun', eventType: 'INSERT', new: { id: run.id, class_id: klass.id }, old: {} }));
    await waitFor(() => expect(result.current.runs.data?.map((r) => [r.student_name, r.status])).toEqual([['Sam', 'running']]));
    // A step of that run finishing refreshes it too.
    client.fake.data.classRuns[run.id] = { ...run, steps: [{ step_id: 'write', status: 'done', output: 'Cells are small.', started_at: run.started_at }] };
    act(() => client.fake.emitLive({ table: 'AppRunStep', eventType: 'INSERT', new: { run_id: run.id }, old: {} }));
    await waitFor(() => expect(result.current.runs.data?.[0]?.steps.map((s) => s.output)).toEqual(['Cells are small.']));

    const alert = makeSafetyAlert({ class_id: klass.id, run_id: run.id, student_id: sam.student_id });
    client.fake.data.safetyAlerts[alert.id] = alert;
    act(() => client.fake.emitLive({ table: 'SafetyAlert', eventType: 'INSERT', new: { id: alert.id, class_id: klass.id }, old: {} }));
    await waitFor(() => expect(result.current.alerts.data?.map((a) => a.id)).toEqual([alert.id]));
    expect(alerted).toEqual({ id: alert.id, class_id: klass.id });
    await act(() => result.current.acknowledge.mutateAsync(alert.id));
    await waitFor(() => expect(result.current.alerts.data?.[0]?.acknowledged_at).not.toBeNull());

    await act(() => result.current.remove.mutateAsync(sam.id));
    await waitFor(() => expect(result.current.members.data?.[0]?.removed_at).not.toBeNull());
  });

  it('assigns only assignable items and exports the class as CSV', async () => {
    const { client, teacherId } = teacherClient();
    const klass = makeClass({ teacher_id: teacherId });
    client.fake.data.classes[klass.id] = klass;
    const appId = crypto.randomUUID();
    client.fake.data.assignable = [{ kind: 'app', id: appId, name: 'Essay Coach', own: true }];
    client.fake.data.classRuns.r = makeClassRun({ class_id: klass.id, inputs: { topic: 'a, "quoted" line' } });
    const { result } = renderHook(() => ({ list: useAssignments(klass.id), create: useCreateAssignment(), exporter: useExportClassRuns() }), {
      wrapper: wrapperFor(client),
    });
    await expect(result.current.create.mutateAsync({ class_id: klass.id, app_id: crypto.randomUUID() })).rejects.toMatchObject({ status: 403 });
    await expect(result.current.create.mutateAsync({ class_id: klass.id })).rejects.toMatchObject({ message: 'Assign one app or one bundle.' });
    await act(() => result.current.create.mutateAsync({ class_id: klass.id, app_id: appId, instructions: 'Write 3 paragraphs' }));
    await waitFor(() => expect(result.current.list.data?.map((a) => a.item_name)).toEqual(['Essay Coach']));
    const exported = await act(() => result.current.exporter.mutateAsync(klass.id));
    expect(exported.csv.split('\r\n')).toHaveLength(2);
    expect(exported.csv).toContain('"{""topic"":""a, \\""quoted\\"" line""}"');
    expect(exported.blob.type).toBe('text/csv;charset=utf-8');
  });
});

describe('student hooks', () => {
  it('joins with a code (any case, spaces), sees the class and its assignments, never the roster; leaves', async () => {
    const client = createFakeAppforgeClient();
    const klass = makeClass({ name: 'Biology 7B', join_code: 'K7QM2ZPA' });
    client.fake.data.classes[klass.id] = klass;
    client.fake.data.classMembers.other = makeClassMember({ class_id: klass.id, display_name: 'Alex' });
    client.fake.signIn({ email: 'sam@pupils.example' });
    const { result } = renderHook(() => ({ mine: useMyClasses(), join: useJoinClass(), leave: useLeaveClass(), roster: useClassMembers(klass.id) }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.mine.data).toEqual([]));
    await expect(result.current.join.mutateAsync({ code: 'NOPE' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(result.current.join.mutateAsync({ code: 'K7QM2ZPB' })).rejects.toMatchObject({ status: 404 });
    const joined = await act(() => result.current.join.mutateAsync({ code: 'k7qm 2zpa', displayName: 'Sam' }));
    expect(joined).toEqual({ classId: klass.id, className: 'Biology 7B', alreadyMember: false });
    await waitFor(() => expect(result.current.mine.data?.map((c) => [c.name, c.display_name])).toEqual([['Biology 7B', 'Sam']]));
    await waitFor(() => expect(result.current.roster.error?.code).toBe('not_found'));
    await act(() => result.current.leave.mutateAsync(klass.id));
    await waitFor(() => expect(result.current.mine.data).toEqual([]));
  });

  it('a removed student cannot re-join; an archived class cannot be joined', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'robin@pupils.example' });
    const klass = makeClass({ join_code: 'K7QM2ZPA' });
    const archived = makeClass({ join_code: 'ARCH2222', archived_at: new Date().toISOString() });
    client.fake.data.classes[klass.id] = klass;
    client.fake.data.classes[archived.id] = archived;
    client.fake.data.classMembers.me = makeClassMember({ class_id: klass.id, student_id: session.user.id, removed_at: new Date().toISOString() });
    const { result } = renderHook(() => useJoinClass(), { wrapper: wrapperFor(client) });
    await expect(result.current.mutateAsync({ code: 'K7QM2ZPA' })).rejects.toMatchObject({ code: 'removed_from_class', status: 403 });
    await expect(result.current.mutateAsync({ code: 'ARCH2222' })).rejects.toMatchObject({ code: 'class_not_found', status: 404 });
  });
});
