// On the real backend (@appforge/test-backend): an API's edit form asks before an in-app link drops
// what was typed (issue 29), and what "Leave" drops is really not saved.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApis } from '../test-render';

const backend = setupAppforgeBackend();

async function editGradebook() {
  const { client } = await backend().signedInUser('ada');
  const api = await client.apis.create({ name: 'Gradebook', base_url: 'https://grades.school.test' });
  const rendered = renderApis(client, `/edit-api/${api.id}`);
  const name = await screen.findByDisplayValue('Gradebook');
  return { client, api, name, ...rendered };
}

describe('/edit-api/:apiId: unsaved edits', () => {
  it('asks before a link drops a typed name: "Stay" keeps it, "Leave" opens the page and saves nothing', async () => {
    const user = userEvent.setup();
    const { client, api, name, router } = await editGradebook();
    await user.type(name, ' 2026');
    await user.click(screen.getByRole('button', { name: 'Add an endpoint' }));

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/edit-api/${api.id}`);
    expect(screen.getByDisplayValue('Gradebook 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(2);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-api/${api.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gradebook' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('Gradebook 2026')).not.toBeInTheDocument();
    expect(await client.apis.get(api.id)).toMatchObject({ name: 'Gradebook', endpoints: [] });
  });

  it('asks before leaving a new API with a typed name, and not before leaving an untouched one', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const { router } = renderApis(client, '/edit-api');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-apis'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await router.navigate('/edit-api');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Gradebook');
    expect(name).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-api');
  });

  it('does not ask when the save moves on to the API’s page', async () => {
    const user = userEvent.setup();
    const { client, api, name, router } = await editGradebook();
    await user.type(name, ' 2026');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-api/${api.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gradebook 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect((await client.apis.get(api.id)).name).toBe('Gradebook 2026');
  });
});
