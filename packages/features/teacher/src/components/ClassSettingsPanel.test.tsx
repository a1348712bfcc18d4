// Every class setting in the Settings tab, on the real backend: each one saved alone and read back
// after a reload of the page (a fresh render with a fresh query cache), the others left as they
// were; and a save that is refused (the class was deleted in another tab) or does not reach the
// server shows why and keeps the form as the teacher left it. Through labels and roles only.
import type { ClassRow } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderTeacher, switchableNetwork, teacher } from '../../test/render';

const backend = setupAppforgeBackend();

const CHECKS = [
  ['Profanity', 'profanity'],
  ['Self-harm', 'self_harm'],
  ['Violence', 'violence'],
  ['Personal data', 'personal_data'],
  ['Moderation service', 'moderation_api'],
] as const;

async function openSettings(owner: TestUser, classId: string) {
  const page = renderTeacher(owner.client, `/teacher-portal/class/${classId}`);
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  const form = await screen.findByRole('form', { name: 'Limits and safety' });
  return { page, form, limit: within(form).getByRole('spinbutton', { name: /Runs per student per day/ }) };
}

/** What the form shows, as a teacher reads it. */
function shown(form: HTMLElement) {
  return {
    limit: within(form).getByRole<HTMLInputElement>('spinbutton', { name: /Runs per student per day/ }).value,
    checks: Object.fromEntries(CHECKS.map(([label]) => [label, within(form).getByRole('switch', { name: label }).getAttribute('aria-checked')])),
    email: within(form).getByRole('switch', { name: 'E-mail me when an alert is raised' }).getAttribute('aria-checked'),
  };
}

const DEFAULTS = {
  limit: '50',
  checks: Object.fromEntries(CHECKS.map(([label]) => [label, 'true'])),
  email: 'false',
};

async function newClass(options: Parameters<typeof teacher>[2] = {}): Promise<{ owner: TestUser; klass: ClassRow }> {
  const owner = await teacher(backend(), 'teacher', options);
  return { owner, klass: await owner.client.classes.create({ name: 'Biology 7B' }) };
}

async function saveAndReload(owner: TestUser, classId: string, form: HTMLElement, page: { unmount: () => void }) {
  await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
  expect(await within(form).findByText('Settings saved.')).toBeInTheDocument();
  page.unmount();
  return (await openSettings(owner, classId)).form;
}

describe('class settings, each saved alone and read back after a reload', () => {
  it('the runs per student per day', async () => {
    const { owner, klass } = await newClass();
    const { page, form, limit } = await openSettings(owner, klass.id);
    expect(shown(form)).toEqual(DEFAULTS);
    await userEvent.clear(limit);
    await userEvent.type(limit, '12');
    const reloaded = await saveAndReload(owner, klass.id, form, page);
    expect(shown(reloaded)).toEqual({ ...DEFAULTS, limit: '12' });
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ runs_per_student_per_day: 12, alert_email: false });
  });

  it.each(CHECKS)('the content check “%s”', async (label, key) => {
    const { owner, klass } = await newClass();
    const { page, form } = await openSettings(owner, klass.id);
    await userEvent.click(within(form).getByRole('switch', { name: label }));
    const reloaded = await saveAndReload(owner, klass.id, form, page);
    expect(shown(reloaded)).toEqual({ ...DEFAULTS, checks: { ...DEFAULTS.checks, [label]: 'false' } });
    const saved = await owner.client.classes.get(klass.id);
    expect(Object.entries(saved.checks).filter(([, on]) => !on).map(([name]) => name)).toEqual([key]);

    // And back on: saved too.
    await userEvent.click(within(reloaded).getByRole('switch', { name: label }));
    await userEvent.click(within(reloaded).getByRole('button', { name: 'Save settings' }));
    expect(await within(reloaded).findByText('Settings saved.')).toBeInTheDocument();
    expect(Object.values((await owner.client.classes.get(klass.id)).checks).every(Boolean)).toBe(true);
  });

  it('the e-mail when an alert is raised', async () => {
    const { owner, klass } = await newClass();
    const { page, form } = await openSettings(owner, klass.id);
    await userEvent.click(within(form).getByRole('switch', { name: 'E-mail me when an alert is raised' }));
    const reloaded = await saveAndReload(owner, klass.id, form, page);
    expect(shown(reloaded)).toEqual({ ...DEFAULTS, email: 'true' });
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ alert_email: true, runs_per_student_per_day: 50 });
  });
});

describe('a save that fails', () => {
  it('a refused save (the class was deleted in another tab) shows the server’s words and keeps the form', async () => {
    const { owner, klass } = await newClass();
    const { form, limit } = await openSettings(owner, klass.id);
    await userEvent.clear(limit);
    await userEvent.type(limit, '7');
    await userEvent.click(within(form).getByRole('switch', { name: 'Violence' }));
    await userEvent.click(within(form).getByRole('switch', { name: 'E-mail me when an alert is raised' }));
    const before = shown(form);
    expect(before).toEqual({ limit: '7', checks: { ...DEFAULTS.checks, Violence: 'false' }, email: 'true' });

    await owner.client.classes.remove(klass.id);
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('This class was not found.')).toBeInTheDocument();
    expect(within(form).queryByText('Settings saved.')).not.toBeInTheDocument();
    expect(shown(form)).toEqual(before);
    await expect(owner.client.classes.get(klass.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a save that does not reach the server says so, keeps the form, and the next try saves', async () => {
    const network = switchableNetwork();
    const { owner, klass } = await newClass({ fetch: network.fetch });
    const { page, form, limit } = await openSettings(owner, klass.id);
    await userEvent.clear(limit);
    await userEvent.type(limit, '3');
    await userEvent.click(within(form).getByRole('switch', { name: 'Personal data' }));
    const before = shown(form);

    network.offline = true;
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/could not reach the server/i);
    expect(within(form).queryByText('Settings saved.')).not.toBeInTheDocument();
    expect(shown(form)).toEqual(before);
    network.offline = false;
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ runs_per_student_per_day: 50, checks: { personal_data: true } });

    const reloaded = await saveAndReload(owner, klass.id, form, page);
    expect(shown(reloaded)).toEqual(before);
  });
});
