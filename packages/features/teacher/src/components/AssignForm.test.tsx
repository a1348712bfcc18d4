// Issue 26, on the real backend: a teacher who tries to give the class another creator's paid app
// sees the database's words for it (the Assignment trigger's PT402), the form keeps the choice so
// they can pick another item, and nothing is assigned until they do.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deployedApp, renderTeacher, teacher } from '../../test/render';

const backend = setupAppforgeBackend();

const REFUSAL = 'Tax quiz is paid and not yours: buy it first to give it to your class, or pick a free app.';

describe('AssignForm', () => {
  it('shows why another creator’s paid app cannot be assigned, as the database words it, and assigns a free one', async () => {
    const user = userEvent.setup();
    const owner = await teacher(backend());
    const klass = await owner.client.classes.create({ name: 'Biology 7B' });
    const own = await deployedApp(backend(), owner.id, 'Cell quiz');
    const creator = await backend().signedInUser('creator');
    const paid = await deployedApp(backend(), creator.id, 'Tax quiz');
    const listed = await backend()
      .admin.from('App')
      .update({ visibility: 'public', price: { kind: 'one_time', amount_cents: 500, currency: 'EUR' } })
      .eq('id', paid);
    if (listed.error) throw new Error(listed.error.message);

    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Assignments' }));
    const form = await screen.findByRole('form', { name: 'Assign an app or bundle' });
    await user.click(within(form).getByRole('combobox', { name: /App or bundle/ }));
    await user.click(await screen.findByRole('option', { name: 'App: Tax quiz (public)' }));
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(REFUSAL);
    // The choice stays, so the teacher sees what was refused and can pick another.
    expect(within(form).getByRole('combobox', { name: /App or bundle/ })).toHaveTextContent('App: Tax quiz (public)');
    expect(await owner.client.classes.assignments(klass.id)).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Assigned (0)' })).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /App or bundle/ }));
    await user.click(await screen.findByRole('option', { name: 'App: Cell quiz' }));
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('heading', { name: 'Assigned (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unassign Cell quiz' })).toBeInTheDocument();
    expect((await owner.client.classes.assignments(klass.id)).map((row) => row.app_id)).toEqual([own]);
  });
});
