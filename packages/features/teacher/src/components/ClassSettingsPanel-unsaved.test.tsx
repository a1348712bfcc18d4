// On the real backend (@appforge/test-backend): the class settings form asks before an in-app link
// drops what was changed (issue 29), and what "Leave" drops is really not saved.
import { renderWithAppforge, setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../index';

const backend = setupAppforgeBackend();

async function settingsOfClass() {
  const owner: TestUser = await backend().signedInUser('teacher');
  const listed = await backend().admin.from('SchoolTeacher').insert({ email: owner.email.toLowerCase() });
  if (listed.error) throw new Error(listed.error.message);
  const klass = await owner.client.classes.create({ name: 'Biology 7B' });
  const rendered = renderWithAppforge({
    client: owner.client,
    routes: routes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
    path: `/teacher-portal/class/${klass.id}`,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Settings' }));
  const form = await screen.findByRole('form', { name: 'Limits and safety' });
  return { owner, klass, user, form, ...rendered };
}

describe('class settings: unsaved edits', () => {
  it('asks before a link drops a changed limit: "Stay" keeps it, "Leave" opens the portal and saves nothing', async () => {
    const { owner, klass, user, form, router } = await settingsOfClass();
    const limit = within(form).getByRole('spinbutton', { name: /Runs per student per day/ });
    await user.clear(limit);
    await user.type(limit, '7');

    await user.click(screen.getByRole('link', { name: 'Teacher portal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/teacher-portal/class/${klass.id}`);
    expect(within(form).getByRole('spinbutton', { name: /Runs per student per day/ })).toHaveValue(7);

    await user.click(screen.getByRole('link', { name: 'Teacher portal' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-portal'));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Limits and safety' })).not.toBeInTheDocument());
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ runs_per_student_per_day: 50 });
  });

  it('asks for a switched check too, and not once the settings are saved', async () => {
    const { owner, klass, user, form, router } = await settingsOfClass();
    await user.click(within(form).getByRole('switch', { name: 'Profanity' }));
    await user.click(screen.getByRole('link', { name: 'Teacher portal' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(form).getByRole('switch', { name: 'Profanity' })).not.toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Settings saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Teacher portal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-portal'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect((await owner.client.classes.get(klass.id)).checks.profanity).toBe(false);
  });

  it('asks before another tab drops a changed limit: "Stay" keeps it, "Leave" opens the tab and drops it', async () => {
    const { owner, klass, user, form } = await settingsOfClass();
    const limit = within(form).getByRole('spinbutton', { name: /Runs per student per day/ });
    await user.clear(limit);
    await user.type(limit, '7');

    await user.click(screen.getByRole('tab', { name: 'Roster' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByRole('spinbutton', { name: /Runs per student per day/ })).toHaveValue(7);

    await user.click(screen.getByRole('tab', { name: 'Roster' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Roster' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('form', { name: 'Limits and safety' })).not.toBeInTheDocument();
    // Back on Settings, the saved limit shows again: what was typed is gone, and nothing was saved.
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const fresh = await screen.findByRole('form', { name: 'Limits and safety' });
    expect(within(fresh).getByRole('spinbutton', { name: /Runs per student per day/ })).toHaveValue(50);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await owner.client.classes.get(klass.id)).toMatchObject({ runs_per_student_per_day: 50 });
  });

  it('switches tabs without asking when nothing was changed', async () => {
    const { user } = await settingsOfClass();
    await user.click(screen.getByRole('tab', { name: 'Roster' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Roster' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
