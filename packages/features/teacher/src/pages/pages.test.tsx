// The teacher feature's pages on the real backend (@appforge/test-backend): what a teacher, a
// student and anyone else see and can do, and that a refused request changes nothing.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { classWithStudent, deployedApp, flaggedRun, renderTeacher, teacher } from '../../test/render';

const backend = setupAppforgeBackend();

describe('the teacher portal', () => {
  it('tells a student (or anyone else) that only teachers may open it, with a way to their classes', async () => {
    const { student } = await classWithStudent(backend(), 'Sam', 'Not yours');
    renderTeacher(student.client, '/teacher-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My classes' })).toHaveAttribute('href', '/my-classes');
    expect(screen.queryByText('Not yours')).toBeNull();
  });

  it('tells a would-be teacher how to become one and gives them the request to send (issue 27)', async () => {
    const { client, email } = await backend().signedInUser('ms lee');
    renderTeacher(client, '/teacher-portal');
    const how = await screen.findByRole('region', { name: 'Are you a teacher?' });
    expect(how).toHaveTextContent('sign in with your school e-mail address');
    expect(how).toHaveTextContent(email);
    expect(within(how).getByRole('textbox', { name: 'Request to send' })).toHaveValue(
      `Please add ${email} as a teacher on Appforge (or add our school’s e-mail domain for teachers), so I can create classes in the teacher portal.`,
    );
    expect(within(how).getByRole('button', { name: 'Copy the request' })).toBeInTheDocument();
  });

  it('refuses a student the class page too, naming no class data', async () => {
    const { student, klass } = await classWithStudent(backend());
    renderTeacher(student.client, `/teacher-portal/class/${klass.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeInTheDocument();
    expect(screen.queryByText(klass.join_code)).toBeNull();
  });

  it('lets a teacher with no classes create one and lands on it with its join code', async () => {
    const owner = await teacher(backend());
    renderTeacher(owner.client, '/teacher-portal');
    await userEvent.click(await screen.findByRole('button', { name: 'Create your first class' }));
    const dialog = screen.getByRole('dialog', { name: 'New class' });
    await userEvent.type(within(dialog).getByLabelText(/Class name/), '8C Biology');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    expect(await screen.findByRole('heading', { level: 1, name: '8C Biology' })).toBeInTheDocument();
    const created = await owner.client.classes.listMine();
    expect(created.map((row) => row.name)).toEqual(['8C Biology']);
    expect(screen.getByText(created[0]?.join_code ?? '?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nobody has joined yet' })).toBeInTheDocument();
  });

  it('says "Class not found" for another teacher’s class', async () => {
    const { klass } = await classWithStudent(backend(), 'Sam', 'Someone else’s');
    const other = await teacher(backend(), 'other teacher');
    renderTeacher(other.client, `/teacher-portal/class/${klass.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
    expect(screen.queryByText(klass.join_code)).toBeNull();
    expect(screen.queryByText('Someone else’s')).toBeNull();
  });

  it('removes a student only after confirming, and lists alerts to acknowledge', async () => {
    const { owner, klass, student, member } = await classWithStudent(backend(), 'Sam Patel');
    const { alertId } = await flaggedRun(backend(), owner.id, klass.id, student.id, 'a swear word here');
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Sam Patel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await owner.client.classes.members(klass.id))[0]?.removed_at).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sam Patel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove student' }));
    expect(await screen.findByText(/Removed: Sam Patel/)).toBeInTheDocument();
    const [removed] = await owner.client.classes.members(klass.id);
    expect(removed).toMatchObject({ id: member.id, removed_at: expect.any(String) as unknown });
    // A removed student cannot come back with the code.
    await expect(student.client.classes.join({ code: klass.join_code })).rejects.toMatchObject({ status: 403 });

    await userEvent.click(screen.getByRole('tab', { name: 'Alerts (1)' }));
    expect(await screen.findByText('a swear word here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge alert about Sam Patel' }));
    await waitFor(async () => expect((await owner.client.classes.alerts(klass.id)).find((alert) => alert.id === alertId)?.acknowledged_at).not.toBeNull());
  });

  it('shows a run arriving and a new safety alert in Live at once, without a reload', async () => {
    const { owner, klass, student } = await classWithStudent(backend(), 'Sam Patel');
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Live' }));
    expect(await screen.findByRole('heading', { name: 'Nobody is running an app right now' })).toBeInTheDocument();

    // run-app stores the run (service role); the teacher hears it over the real realtime channel.
    const app = await backend().admin.from('App').insert({ owner_id: owner.id, name: 'Cell quiz' }).select('id').single();
    if (app.error) throw new Error(app.error.message);
    const run = await backend()
      .admin.from('AppRun')
      .insert({ app_id: app.data.id, runner_user_id: student.id, class_id: klass.id, status: 'running', inputs: { topic: 'mitosis' } })
      .select('id')
      .single();
    if (run.error) throw new Error(run.error.message);
    const now = await screen.findByRole('region', { name: /Running now \(1\)/ });
    expect(within(now).getByRole('article', { name: 'Sam Patel: Cell quiz' })).toHaveTextContent('topic: mitosis');

    const alert = await backend()
      .admin.from('SafetyAlert')
      .insert({ class_id: klass.id, run_id: run.data.id, student_id: student.id, direction: 'input', categories: ['self_harm'], excerpt: 'i want to hurt myself', source: 'local' });
    if (alert.error) throw new Error(alert.error.message);
    const banner = await screen.findByText(/New safety alert/);
    expect(banner.closest('[role="alert"]')).toHaveTextContent('Self-harm in Sam Patel’s input');
  });

  it('deletes a class only when its name is typed, then shows the portal without it', async () => {
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Biology 7');
    expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'B');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete class' }));
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    expect(await owner.client.classes.listMine()).toEqual([]);
    await expect(owner.client.classes.get(klass.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('join codes', () => {
  it('a teacher gives the class a new code after confirming (the old one stops) and sets when it expires', async () => {
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    const old = klass.join_code;
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    expect(await screen.findByText('The code does not expire.')).toBeInTheDocument();
    expect(screen.getByText(old)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await owner.client.classes.get(klass.id)).join_code).toBe(old);
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'New code' }));
    await waitFor(async () => expect((await owner.client.classes.get(klass.id)).join_code).not.toBe(old));
    const renewed = (await owner.client.classes.get(klass.id)).join_code;
    expect(await screen.findByText(renewed)).toBeInTheDocument();
    expect(screen.queryByText(old)).toBeNull();
    const latecomer = await backend().signedInUser('latecomer');
    await expect(latecomer.client.classes.join({ code: old })).rejects.toMatchObject({ code: 'class_not_found' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Code expires' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In 1 day' }));
    expect(await screen.findByText(/^The code expires on /)).toBeInTheDocument();
    const expires = Date.parse((await owner.client.classes.get(klass.id)).join_code_expires_at ?? '');
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(10 * 60_000);
  });

  it('tells a student an expired code has expired, and joins nothing', async () => {
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    // The day the teacher chose has passed.
    const expired = await backend().admin.from('Class').update({ join_code_expires_at: new Date(Date.now() - 60_000).toISOString() }).eq('id', klass.id);
    if (expired.error) throw new Error(expired.error.message);
    const { client } = await backend().signedInUser('student');
    renderTeacher(client, `/join/${klass.join_code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This class code has expired. Ask your teacher for a new one.');
    expect(await owner.client.classes.members(klass.id)).toEqual([]);
    expect(await client.classes.myClasses()).toEqual([]);
  });
});

describe('a student’s classes', () => {
  it('joins with a code typed in any case, and shows the class with its assignments', async () => {
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    const appId = await deployedApp(backend(), owner.id, 'Cell quiz');
    await owner.client.classes.createAssignment({ class_id: klass.id, app_id: appId, instructions: 'Try three questions.' });
    const { client } = await backend().signedInUser('student');
    renderTeacher(client, '/my-classes');
    expect(await screen.findByRole('heading', { name: 'You are not in a class yet' })).toBeInTheDocument();
    const typed = `${klass.join_code.slice(0, 4).toLowerCase()}-${klass.join_code.slice(4)}`;
    await userEvent.type(screen.getByLabelText(/Class code/), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology 7B' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Cell quiz' })).toBeInTheDocument();
    expect(screen.getByText('Try three questions.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Cell quiz' })).toHaveAttribute('href', `/deployed-app/${appId}?class=${klass.id}`);
    expect((await owner.client.classes.members(klass.id)).map((row) => row.student_id)).toHaveLength(1);
  });

  it('shows the server’s words for a code that matches no class, and joins nothing', async () => {
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    const { client } = await backend().signedInUser('student');
    renderTeacher(client, '/my-classes');
    await userEvent.type(await screen.findByLabelText(/Class code/), klass.join_code === 'ZZZZ2222' ? 'ZZZZ3333' : 'ZZZZ2222');
    await userEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByText('There is no open class with this code. Check the code with your teacher.')).toBeInTheDocument();
    expect(await client.classes.myClasses()).toEqual([]);
    expect(await owner.client.classes.members(klass.id)).toEqual([]);
  });

  it('joins from a link and lands on My classes', async () => {
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    const { client, id } = await backend().signedInUser('student');
    const { router } = renderTeacher(client, `/join/${klass.join_code}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology 7B' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-classes');
    expect((await owner.client.classes.members(klass.id)).map((row) => row.student_id)).toEqual([id]);
  });

  it('says why a join link did not work', async () => {
    const { client } = await backend().signedInUser('student');
    renderTeacher(client, '/join/NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent(/8 letters and digits/);
    expect(await client.classes.myClasses()).toEqual([]);
  });

  it('leaves a class only after confirming', async () => {
    const { owner, klass, student } = await classWithStudent(backend(), 'Ada');
    renderTeacher(student.client, '/my-classes');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave class Biology 7B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave class' }));
    expect(await screen.findByRole('heading', { name: 'You are not in a class yet' })).toBeInTheDocument();
    expect(await student.client.classes.myClasses()).toEqual([]);
    expect(await owner.client.classes.members(klass.id)).toEqual([]);
  });

  it('sends a teacher from Classes to the portal and anyone else to My classes', async () => {
    const owner = await teacher(backend());
    const first = renderTeacher(owner.client, '/classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher portal' })).toBeInTheDocument();
    first.unmount();
    const { student } = await classWithStudent(backend());
    renderTeacher(student.client, '/classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'My classes' })).toBeInTheDocument();
  });
});
