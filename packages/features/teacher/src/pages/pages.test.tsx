// The teacher feature's pages over the SDK's fake client: what a teacher, a student and anyone
// else see and can do, and that a refused request changes nothing.
import { makeClass, makeClassMember, makeClassRun, makeSafetyAlert } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderTeacher, signedIn } from '../../test/render';

describe('the teacher portal', () => {
  it('tells a student (or anyone else) that only teachers may open it, with a way to their classes', async () => {
    const { client } = signedIn({ student: true });
    client.fake.data.classes['x'] = makeClass({ name: 'Not yours' });
    renderTeacher(client, '/teacher-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My classes' })).toHaveAttribute('href', '/my-classes');
    expect(screen.queryByText('Not yours')).toBeNull();
  });

  it('tells a would-be teacher how to become one and gives them the request to send (issue 27)', async () => {
    const { client } = signedIn({ email: 'ms.lee@school.example' });
    renderTeacher(client, '/teacher-portal');
    const how = await screen.findByRole('region', { name: 'Are you a teacher?' });
    expect(how).toHaveTextContent('sign in with your school e-mail address');
    expect(how).toHaveTextContent('ms.lee@school.example');
    expect(within(how).getByRole('textbox', { name: 'Request to send' })).toHaveValue(
      'Please add ms.lee@school.example as a teacher on Appforge (or add our school’s e-mail domain for teachers), so I can create classes in the teacher portal.',
    );
    expect(within(how).getByRole('button', { name: 'Copy the request' })).toBeInTheDocument();
  });

  it('refuses a student the class page too, naming no class data', async () => {
    const { client } = signedIn({ student: true });
    const cls = makeClass({ name: 'Biology 7B' });
    client.fake.data.classes[cls.id] = cls;
    renderTeacher(client, `/teacher-portal/class/${cls.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeInTheDocument();
    expect(screen.queryByText(cls.join_code)).toBeNull();
  });

  it('lets a teacher with no classes create one and lands on it with its join code', async () => {
    const { client } = signedIn({ teacher: true });
    renderTeacher(client, '/teacher-portal');
    await userEvent.click(await screen.findByRole('button', { name: 'Create your first class' }));
    const dialog = screen.getByRole('dialog', { name: 'New class' });
    await userEvent.type(within(dialog).getByLabelText(/Class name/), '8C Biology');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    expect(await screen.findByRole('heading', { level: 1, name: '8C Biology' })).toBeInTheDocument();
    const created = Object.values(client.fake.data.classes);
    expect(created).toHaveLength(1);
    expect(screen.getByText(created[0]?.join_code ?? '?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nobody has joined yet' })).toBeInTheDocument();
  });

  it('says "Class not found" for another teacher’s class', async () => {
    const { client } = signedIn({ teacher: true });
    const other = makeClass({ name: 'Someone else’s' });
    client.fake.data.classes[other.id] = other;
    renderTeacher(client, `/teacher-portal/class/${other.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
    expect(screen.queryByText(other.join_code)).toBeNull();
  });

  it('removes a student only after confirming, and lists alerts to acknowledge', async () => {
    const { client, userId } = signedIn({ teacher: true });
    const cls = makeClass({ teacher_id: userId, name: 'Biology 7B' });
    client.fake.data.classes[cls.id] = cls;
    const sam = makeClassMember({ class_id: cls.id, display_name: 'Sam Patel' });
    client.fake.data.classMembers[sam.id] = sam;
    const run = makeClassRun({ class_id: cls.id, student_id: sam.student_id, student_name: 'Sam Patel', app_name: 'Cell quiz' });
    client.fake.data.classRuns[run.id] = run;
    const alert = makeSafetyAlert({ class_id: cls.id, run_id: run.id, student_id: sam.student_id, student_name: 'Sam Patel', excerpt: 'a swear word here' });
    client.fake.data.safetyAlerts[alert.id] = alert;
    renderTeacher(client, `/teacher-portal/class/${cls.id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Sam Patel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(client.fake.data.classMembers[sam.id]?.removed_at).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sam Patel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove student' }));
    expect(await screen.findByText(/Removed: Sam Patel/)).toBeInTheDocument();
    expect(client.fake.data.classMembers[sam.id]?.removed_at).not.toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Alerts (1)' }));
    expect(await screen.findByText('a swear word here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge alert about Sam Patel' }));
    await waitFor(() => expect(client.fake.data.safetyAlerts[alert.id]?.acknowledged_at).not.toBeNull());
  });

  it('shows a run arriving and a new safety alert in Live at once, without a reload', async () => {
    const { client, userId } = signedIn({ teacher: true });
    const cls = makeClass({ teacher_id: userId, name: 'Biology 7B' });
    client.fake.data.classes[cls.id] = cls;
    const sam = makeClassMember({ class_id: cls.id, display_name: 'Sam Patel' });
    client.fake.data.classMembers[sam.id] = sam;
    renderTeacher(client, `/teacher-portal/class/${cls.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Live' }));
    expect(await screen.findByRole('heading', { name: 'Nobody is running an app right now' })).toBeInTheDocument();

    const run = makeClassRun({ class_id: cls.id, student_id: sam.student_id, student_name: 'Sam Patel', app_name: 'Cell quiz', status: 'running', inputs: { topic: 'mitosis' }, outputs: null });
    client.fake.data.classRuns[run.id] = run;
    client.fake.emitLive({ table: 'AppRun', eventType: 'INSERT', new: { id: run.id, class_id: cls.id }, old: {} });
    const now = await screen.findByRole('region', { name: /Running now \(1\)/ });
    expect(within(now).getByRole('article', { name: 'Sam Patel: Cell quiz' })).toHaveTextContent('topic: mitosis');

    const alert = makeSafetyAlert({ class_id: cls.id, run_id: run.id, student_id: sam.student_id, student_name: 'Sam Patel', categories: ['self_harm'], excerpt: 'i want to hurt myself' });
    client.fake.data.safetyAlerts[alert.id] = alert;
    client.fake.emitLive({ table: 'SafetyAlert', eventType: 'INSERT', new: { ...alert }, old: {} });
    const banner = await screen.findByText(/New safety alert/);
    expect(banner.closest('[role="alert"]')).toHaveTextContent('Self-harm in Sam Patel’s input');
  });

  it('deletes a class only when its name is typed, then shows the portal without it', async () => {
    const { client, userId } = signedIn({ teacher: true });
    const cls = makeClass({ teacher_id: userId, name: 'Biology 7B' });
    client.fake.data.classes[cls.id] = cls;
    renderTeacher(client, `/teacher-portal/class/${cls.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Biology 7');
    expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'B');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete class' }));
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    expect(client.fake.data.classes[cls.id]).toBeUndefined();
  });
});

describe('join codes', () => {
  it('a teacher gives the class a new code after confirming (the old one stops) and sets when it expires', async () => {
    const { client, userId } = signedIn({ teacher: true });
    const cls = makeClass({ name: 'Biology 7B', teacher_id: userId, join_code: 'K7PQ2XMA' });
    client.fake.data.classes[cls.id] = cls;
    renderTeacher(client, `/teacher-portal/class/${cls.id}`);
    expect(await screen.findByText('The code does not expire.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(client.fake.data.classes[cls.id]?.join_code).toBe('K7PQ2XMA');
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'New code' }));
    await waitFor(() => expect(client.fake.data.classes[cls.id]?.join_code).not.toBe('K7PQ2XMA'));
    const renewed = client.fake.data.classes[cls.id]?.join_code ?? '';
    expect(await screen.findByText(renewed)).toBeInTheDocument();
    expect(screen.queryByText('K7PQ2XMA')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Code expires' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In 1 day' }));
    await waitFor(() => expect(client.fake.data.classes[cls.id]?.join_code_expires_at).not.toBeNull());
    const expires = Date.parse(client.fake.data.classes[cls.id]?.join_code_expires_at ?? '');
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    expect(await screen.findByText(/^The code expires on /)).toBeInTheDocument();
  });

  it('tells a student an expired code has expired, and joins nothing', async () => {
    const { client } = signedIn();
    const cls = makeClass({ name: 'Biology 7B', join_code: 'K7PQ2XMA', join_code_expires_at: new Date(Date.now() - 60_000).toISOString() });
    client.fake.data.classes[cls.id] = cls;
    renderTeacher(client, '/join/K7PQ2XMA');
    expect(await screen.findByRole('alert')).toHaveTextContent('This class code has expired. Ask your teacher for a new one.');
    expect(Object.keys(client.fake.data.classMembers)).toHaveLength(0);
  });
});

describe('a student’s classes', () => {
  it('joins with a code typed in any case, and shows the class with its assignments', async () => {
    const { client } = signedIn();
    const cls = makeClass({ name: 'Biology 7B', join_code: 'K7PQ2XMA' });
    client.fake.data.classes[cls.id] = cls;
    renderTeacher(client, '/my-classes');
    expect(await screen.findByRole('heading', { name: 'You are not in a class yet' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Class code/), 'k7pq-2xma');
    await userEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology 7B' })).toBeInTheDocument();
  });

  it('shows the server’s words for a code that matches no class, and joins nothing', async () => {
    const { client } = signedIn();
    renderTeacher(client, '/my-classes');
    await userEvent.type(await screen.findByLabelText(/Class code/), 'ZZZZ2222');
    await userEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByText('There is no open class with this code. Check the code with your teacher.')).toBeInTheDocument();
    expect(Object.keys(client.fake.data.classMembers)).toHaveLength(0);
  });

  it('joins from a link and lands on My classes', async () => {
    const { client } = signedIn();
    const cls = makeClass({ name: 'Biology 7B', join_code: 'K7PQ2XMA' });
    client.fake.data.classes[cls.id] = cls;
    const { router } = renderTeacher(client, '/join/K7PQ2XMA');
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology 7B' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-classes');
    expect(Object.values(client.fake.data.classMembers)).toHaveLength(1);
  });

  it('says why a join link did not work', async () => {
    const { client } = signedIn();
    renderTeacher(client, '/join/NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent(/8 letters and digits/);
  });

  it('leaves a class only after confirming', async () => {
    const { client, userId } = signedIn({ student: true });
    const cls = makeClass({ name: 'Biology 7B' });
    client.fake.data.classes[cls.id] = cls;
    const me = makeClassMember({ class_id: cls.id, student_id: userId, display_name: 'Ada' });
    client.fake.data.classMembers[me.id] = me;
    renderTeacher(client, '/my-classes');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave class Biology 7B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave class' }));
    expect(await screen.findByRole('heading', { name: 'You are not in a class yet' })).toBeInTheDocument();
    expect(client.fake.data.classMembers[me.id]).toBeUndefined();
  });

  it('sends a teacher from Classes to the portal and anyone else to My classes', async () => {
    const teacher = signedIn({ teacher: true });
    const first = renderTeacher(teacher.client, '/classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher portal' })).toBeInTheDocument();
    first.unmount();
    renderTeacher(signedIn({ student: true }).client, '/classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'My classes' })).toBeInTheDocument();
  });
});
