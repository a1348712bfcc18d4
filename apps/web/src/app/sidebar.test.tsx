// On the real backend (@appforge/test-backend): a person signed in through the real auth, their
// account made by add-user as the access gate makes it, school roles as the product gives them (an
// operator lists a teacher's e-mail; a student joins a class with its code).
import type { SchoolInfo } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HostLocation } from './access-gate/AccessGate';
import { renderAppAt } from '../../test/render-app';

const SCHOOLS: HostLocation = { hostname: 'schools.localhost', host: 'schools.localhost:4173' };

const backend = setupAppforgeBackend();

async function listAsTeacher(user: TestUser): Promise<void> {
  const listed = await backend().admin.from('SchoolTeacher').insert({ email: user.email.toLowerCase() });
  if (listed.error) throw new Error(listed.error.message);
}

/** Ada (signed in), with the school roles asked for and, if given, a display name. */
async function person(schoolInfo: SchoolInfo = { isTeacher: false, isStudent: false }, displayName: string | null = null): Promise<TestUser> {
  const ada = await backend().signedInUser('ada');
  await ada.client.users.ensure();
  if (displayName !== null) await ada.client.users.updateDisplayName(displayName);
  if (schoolInfo.isTeacher) await listAsTeacher(ada);
  if (schoolInfo.isStudent) {
    const teacher = await backend().signedInUser('teacher');
    await listAsTeacher(teacher);
    const klass = await teacher.client.classes.create({ name: 'Biology 7B' });
    await ada.client.classes.join({ code: klass.join_code, displayName: 'Ada' });
  }
  return ada;
}

async function sidebarLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  // The role-dependent entries appear once the school roles have loaded.
  await within(nav).findByRole('link', { name: 'Settings' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
    .filter((label) => label !== 'Appforge');
}

describe('the sidebar footer (issue 27: nothing showed who is signed in or offered "Sign out")', () => {
  it('shows the signed-in person’s e-mail with an avatar initial', async () => {
    const ada = await person();
    renderAppAt('/system-status', { client: ada.client });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText(ada.email)).toBeInTheDocument();
    expect(within(nav).getByRole('img', { name: ada.email })).toHaveTextContent('A');
  });

  it('shows the display name when the person has one, and the e-mail beneath it', async () => {
    const ada = await person(undefined, 'Grace Hopper');
    renderAppAt('/system-status', { client: ada.client });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(nav).getByText(ada.email)).toBeInTheDocument();
    expect(within(nav).getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
  });

  it('shows a hostile display name as text, never as markup', async () => {
    renderAppAt('/system-status', { client: (await person(undefined, '<img src=x onerror=alert(1)>')).client });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(nav.querySelector('img[src="x"]')).toBeNull();
  });

  it('"Sign out" ends the session and lands on the sign-in screen', async () => {
    const user = userEvent.setup();
    const ada = await person();
    const refreshToken = (await ada.client.supabase.auth.getSession()).data.session?.refresh_token ?? '';
    const { router } = renderAppAt('/system-status', { client: ada.client });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(await ada.client.auth.getSession()).toBeNull();
    // The session is over on the server too: its refresh token no longer renews it.
    expect((await backend().client().supabase.auth.refreshSession({ refresh_token: refreshToken })).error).not.toBeNull();
    expect(screen.queryByText(ada.email)).toBeNull();
  });

  it('shows no account and no "Sign out" to someone signed out on a public page', async () => {
    renderAppAt('/bundle/8c5b7c1e-2a7f-4d7e-9d38-1c2f0e4b5a61', { client: backend().client() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});

describe('the sidebar by role (issue 27: students and teachers got the whole creator sidebar)', () => {
  it('gives a creator every creator entry and the shared "Classes"', async () => {
    renderAppAt('/system-status', { client: (await person()).client });
    const links = await sidebarLinks();
    expect(links).toEqual(expect.arrayContaining(['Home', 'Databases', 'Your APIs', 'Classes', 'Settings']));
    expect(links).not.toContain('Teacher portal');
  });

  it('gives someone who only studies My classes first, and no creator tools', async () => {
    renderAppAt('/system-status', { client: (await person({ isTeacher: false, isStudent: true })).client });
    await screen.findByRole('link', { name: 'My classes' });
    const links = await sidebarLinks();
    expect(links).toEqual(['My classes', 'Home', 'Settings']);
  });

  it('gives a teacher on the main host the teacher portal beside the creator tools they build assignments with', async () => {
    renderAppAt('/system-status', { client: (await person({ isTeacher: true, isStudent: false })).client });
    await screen.findByRole('link', { name: 'Teacher portal' });
    const links = await sidebarLinks();
    expect(links).toEqual(expect.arrayContaining(['Home', 'Databases', 'Your APIs', 'Teacher portal', 'Settings']));
    expect(links).not.toContain('Classes');
    expect(links).not.toContain('My classes');
  });

  it('gives a teacher on the schools host only the portal, and My classes when they also study', async () => {
    renderAppAt('/teacher-portal', { client: (await person({ isTeacher: true, isStudent: true })).client, host: SCHOOLS });
    await screen.findByRole('link', { name: 'Teacher portal' });
    expect(await sidebarLinks()).toEqual(['Teacher portal', 'My classes', 'Settings']);
  });

  it('gives a student on the schools host My classes and Settings, and marks My classes current on a join link', async () => {
    renderAppAt('/my-classes', { client: (await person({ isTeacher: false, isStudent: true })).client, host: SCHOOLS });
    expect(await sidebarLinks()).toEqual(['My classes', 'Settings']);
    expect(screen.getByRole('link', { name: 'My classes' })).toHaveAttribute('aria-current', 'page');
  });
});
