// Renaming a student from the roster (RosterPanel's RenameMemberDialog), on the real backend: the
// new name is what the teacher sees; a name longer than the class allows (80 characters) is
// refused in words, by the form and by the database; a rename that fails keeps the dialog open
// with what was typed; another teacher cannot rename the student (the server refuses).
import { setupAppforgeBackend } from '@appforge/test-backend';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { classWithStudent, renderTeacher, switchableNetwork, teacher } from '../../test/render';

const backend = setupAppforgeBackend();

async function openRename(name: string) {
  const roster = await screen.findByRole('table', { name: 'Students in this class' });
  await userEvent.click(within(roster).getByRole('button', { name: `Rename ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Rename ${name}` });
  return { roster, dialog, field: within(dialog).getByRole('textbox', { name: /Name in this class/ }) };
}

describe('renaming a student', () => {
  it('takes at most 80 characters, refuses a longer name in words, and shows the new name on the roster', async () => {
    const { owner, klass, student } = await classWithStudent(backend(), 'Sam');
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    const { roster, dialog, field } = await openRename('Sam');

    // A name set past the field's limit (pasted by a script, an old browser) is refused, not cut.
    fireEvent.change(field, { target: { value: 'S'.repeat(81) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('A name has at most 80 characters.')).toBeInTheDocument();
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam');

    // Typing stops at 80 characters; the name of 80 is saved and shown.
    const longest = `Samantha ${'Q'.repeat(71)}`;
    await userEvent.clear(field);
    await userEvent.type(field, `${longest}XYZ`);
    expect(field).toHaveValue(longest);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(roster).findByRole('rowheader', { name: longest })).toBeInTheDocument();
    expect(within(roster).queryByRole('rowheader', { name: 'Sam' })).not.toBeInTheDocument();
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe(longest);
    // The class shows the name; the student's account keeps its own (their My classes says it).
    expect((await student.client.classes.myClasses())[0]).toMatchObject({ display_name: longest });
  });

  it('the database refuses a name of 81 characters or a blank one sent around the SDK', async () => {
    const { owner, klass, member } = await classWithStudent(backend(), 'Sam');
    for (const name of ['S'.repeat(81), '   ']) {
      const direct = await owner.client.supabase.from('ClassMember').update({ display_name: name }).eq('id', member.id).select('id');
      expect(direct.error).toMatchObject({ code: '23514' });
    }
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam');
  });

  it('a rename that does not reach the server shows why, keeps the dialog and what was typed; the next try saves', async () => {
    const network = switchableNetwork();
    const { owner, klass } = await classWithStudent(backend(), 'Sam', 'Biology 7B', { fetch: network.fetch });
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    const { roster, dialog, field } = await openRename('Sam');
    await userEvent.clear(field);
    await userEvent.type(field, 'Sam Patel');
    network.offline = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText(/connection|network|reach/i)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Rename Sam' })).toBeInTheDocument();
    expect(field).toHaveValue('Sam Patel');
    // Behind the dialog (hidden from assistive technology while it is open) the roster is unchanged.
    expect(within(roster).getByRole('rowheader', { name: 'Sam', hidden: true })).toBeInTheDocument();

    network.offline = false;
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(roster).findByRole('rowheader', { name: 'Sam Patel' })).toBeInTheDocument();
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam Patel');
  });

  it('another teacher’s student cannot be renamed: the server refuses, and their page names nobody', async () => {
    const { owner, klass, member } = await classWithStudent(backend(), 'Sam');
    const other = await teacher(backend(), 'other teacher');
    await expect(other.client.classes.renameMember(member.id, 'Mallory')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    renderTeacher(other.client, `/teacher-portal/class/${klass.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Sam')).not.toBeInTheDocument();
    expect((await owner.client.classes.members(klass.id))[0]?.display_name).toBe('Sam');
  });
});
