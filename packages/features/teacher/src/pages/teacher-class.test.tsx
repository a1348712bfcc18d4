// The class page on the real backend (@appforge/test-backend): renaming a student, every class
// setting and the alerts, each read back after a reload (a fresh render with a fresh query cache),
// and refused to anyone who is not the class's teacher.
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as made from '../../test/render';

const backend = setupAppforgeBackend();
const renderClass = (user: TestUser, classId: string) => made.renderTeacher(user.client, `/teacher-portal/class/${classId}`);
const teacher = (label: string) => made.teacher(backend(), label);
const classWithStudent = (name = 'Sam') => made.classWithStudent(backend(), name);

describe('renaming a student', () => {
  it('shows the new name on the roster, still after a reload, and refuses an empty name in words', async () => {
    const user = userEvent.setup();
    const { owner, klass, member } = await classWithStudent('Sam');
    const first = renderClass(owner, klass.id);
    const roster = await screen.findByRole('table', { name: 'Students in this class' });
    expect(within(roster).getByRole('rowheader', { name: 'Sam' })).toBeInTheDocument();

    await user.click(within(roster).getByRole('button', { name: 'Rename Sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Sam' });
    const field = within(dialog).getByRole('textbox', { name: /Name in this class/ });
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam');

    await user.clear(field);
    await user.type(field, 'Sam Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(roster).findByRole('rowheader', { name: 'Sam Patel' })).toBeInTheDocument();
    expect(within(roster).queryByRole('rowheader', { name: 'Sam' })).not.toBeInTheDocument();

    first.unmount();
    renderClass(owner, klass.id);
    const reloaded = await screen.findByRole('table', { name: 'Students in this class' });
    expect(within(reloaded).getByRole('rowheader', { name: 'Sam Patel' })).toBeInTheDocument();
    expect(within(reloaded).getByRole('button', { name: 'Rename Sam Patel' })).toBeInTheDocument();
    expect((await owner.client.classes.members(klass.id)).map((row) => [row.id, row.display_name])).toEqual([[member.id, 'Sam Patel']]);
  });

  it('another teacher, and the student themselves, cannot rename the student: the name stays', async () => {
    const { owner, klass, student, member } = await classWithStudent('Sam');
    const other = await teacher('other teacher');
    await expect(other.client.classes.renameMember(member.id, 'Renamed by someone else')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(student.client.classes.renameMember(member.id, 'Renamed by myself')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    // Straight through the REST API too, around the SDK: row-level security updates nothing.
    const direct = await other.client.supabase.from('ClassMember').update({ display_name: 'Mallory' }).eq('id', member.id).select('id');
    expect(direct.data ?? []).toEqual([]);
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam');

    // And another teacher's page for the class names no student.
    renderClass(other, klass.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
    expect(screen.queryByText('Sam')).not.toBeInTheDocument();
  });
});

describe('class settings', () => {
  it('saves the daily limit, every content check, the e-mail alerts and the code’s expiry, and they survive a reload', async () => {
    const user = userEvent.setup();
    const owner = await teacher('teacher');
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    expect(klass).toMatchObject({ runs_per_student_per_day: 50, alert_email: false, join_code_expires_at: null });
    expect(Object.values(klass.checks).every(Boolean)).toBe(true);
    const first = renderClass(owner, klass.id);

    // The join code's expiry sits with the code, on the roster.
    expect(await screen.findByText('The code does not expire.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Code expires' }));
    await user.click(await screen.findByRole('option', { name: 'In 7 days' }));
    expect(await screen.findByText(/^The code expires on /)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const form = await screen.findByRole('form', { name: 'Limits and safety' });
    const limit = within(form).getByRole('spinbutton', { name: /Runs per student per day/ });
    expect(limit).toHaveValue(50);
    await user.clear(limit);
    await user.type(limit, '7');
    for (const check of ['Profanity', 'Self-harm', 'Violence', 'Personal data', 'Moderation service']) {
      const toggle = within(form).getByRole('switch', { name: check });
      expect(toggle).toBeChecked();
      await user.click(toggle);
      expect(toggle).not.toBeChecked();
    }
    const email = within(form).getByRole('switch', { name: 'E-mail me when an alert is raised' });
    expect(email).not.toBeChecked();
    await user.click(email);
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Settings saved.')).toBeInTheDocument();

    first.unmount();
    renderClass(owner, klass.id);
    expect(await screen.findByText(/^The code expires on /)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Code expires' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const reloaded = await screen.findByRole('form', { name: 'Limits and safety' });
    expect(within(reloaded).getByRole('spinbutton', { name: /Runs per student per day/ })).toHaveValue(7);
    for (const check of ['Profanity', 'Self-harm', 'Violence', 'Personal data', 'Moderation service']) {
      expect(within(reloaded).getByRole('switch', { name: check })).not.toBeChecked();
    }
    expect(within(reloaded).getByRole('switch', { name: 'E-mail me when an alert is raised' })).toBeChecked();

    // One check back on: only that one changes.
    await user.click(within(reloaded).getByRole('switch', { name: 'Self-harm' }));
    await user.click(within(reloaded).getByRole('button', { name: 'Save settings' }));
    expect(await within(reloaded).findByText('Settings saved.')).toBeInTheDocument();
    const saved = await owner.client.classes.get(klass.id);
    expect(saved).toMatchObject({
      runs_per_student_per_day: 7,
      alert_email: true,
      checks: { profanity: false, self_harm: true, violence: false, personal_data: false, moderation_api: false },
    });
    expect(saved.join_code_expires_at).not.toBeNull();
  });

  it('refuses a daily limit of 0 or more than 10000 in words and saves nothing', async () => {
    const user = userEvent.setup();
    const owner = await teacher('teacher');
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    renderClass(owner, klass.id);
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const form = await screen.findByRole('form', { name: 'Limits and safety' });
    const limit = within(form).getByRole('spinbutton', { name: /Runs per student per day/ });
    await user.click(within(form).getByRole('switch', { name: 'Profanity' }));
    for (const [typed, said] of [['0', 'At least 1 run a day.'], ['10001', 'At most 10000 runs a day.']] as const) {
      await user.clear(limit);
      await user.type(limit, typed);
      await user.click(within(form).getByRole('button', { name: 'Save settings' }));
      expect(await within(form).findByText(said)).toBeInTheDocument();
    }
    expect(within(form).queryByText('Settings saved.')).not.toBeInTheDocument();
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ runs_per_student_per_day: 50, checks: { profanity: true } });
  });

  it('another teacher cannot change the class’s settings', async () => {
    const owner = await teacher('teacher');
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    const other = await teacher('other teacher');
    await expect(other.client.classes.update(klass.id, { runs_per_student_per_day: 1, alert_email: true })).rejects.toMatchObject({ code: 'not_found' });
    const direct = await other.client.supabase.from('Class').update({ runs_per_student_per_day: 1 }).eq('id', klass.id).select('id');
    expect(direct.data ?? []).toEqual([]);
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ runs_per_student_per_day: 50, alert_email: false });
  });
});

describe('alerts', () => {
  it('lists the alert a student’s run raised, and acknowledging it sticks after a reload', async () => {
    const user = userEvent.setup();
    const { owner, klass, student } = await classWithStudent('Sam');
    const { alertId } = await made.flaggedRun(backend(), owner.id, klass.id, student.id);

    const first = renderClass(owner, klass.id);
    await user.click(await screen.findByRole('tab', { name: 'Alerts (1)' }));
    expect(await screen.findByRole('heading', { name: /Safety alerts \(1 new\)/ })).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Profanity: Sam' });
    expect(item).toHaveTextContent('In Sam’s input:');
    expect(item).toHaveTextContent('darn cells');
    expect(within(item).getByText('New')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Acknowledge alert about Sam' }));
    expect(await within(item).findByText('Acknowledged')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alerts' })).toBeInTheDocument();

    first.unmount();
    renderClass(owner, klass.id);
    await user.click(await screen.findByRole('tab', { name: 'Alerts' }));
    const reloaded = await screen.findByRole('listitem', { name: 'Profanity: Sam' });
    expect(within(reloaded).getByText('Acknowledged')).toBeInTheDocument();
    expect(within(reloaded).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    const [stored] = await owner.client.classes.alerts(klass.id);
    expect(stored).toMatchObject({ id: alertId, acknowledged_at: expect.any(String) as unknown });
  });

  it('another teacher and the student can neither read nor acknowledge the alert', async () => {
    const { owner, klass, student } = await classWithStudent('Sam');
    const { alertId } = await made.flaggedRun(backend(), owner.id, klass.id, student.id);
    const other = await teacher('other teacher');
    await expect(other.client.classes.acknowledgeAlert(alertId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(student.client.classes.acknowledgeAlert(alertId)).rejects.toMatchObject({ code: 'not_found' });
    expect((await other.client.supabase.from('SafetyAlert').select('id').eq('id', alertId)).data ?? []).toEqual([]);
    expect((await student.client.supabase.from('SafetyAlert').select('id').eq('id', alertId)).data ?? []).toEqual([]);
    const [stored] = await owner.client.classes.alerts(klass.id);
    expect(stored).toMatchObject({ id: alertId, acknowledged_at: null });
  });
});
