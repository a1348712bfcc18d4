// On the real backend (@appforge/test-backend): the real migrations, grants and row-level security
// decide what an edit may change, not a second implementation of them.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApis } from '../test-render';

const backend = setupAppforgeBackend();

const getItem = { name: 'Get item', method: 'GET' as const, path: '/items/{id}', parameters: [{ name: 'id', in: 'path' as const, type: 'string' as const, required: true }] };

function apiIdOf(pathname: string): string {
  const id = /^\/view-api\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
  if (!id) throw new Error(`not on an API's page: ${pathname}`);
  return id;
}

describe('/edit-api', () => {
  it('creates an API with a header secret and an endpoint, then opens its page; the secret is kept apart', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const { router } = renderApis(client, '/edit-api');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Gradebook');
    await user.clear(screen.getByRole('textbox', { name: 'Base URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://grades.school.test/api');
    await user.selectOptions(screen.getByLabelText('How the API knows it is you'), 'header');
    await user.type(screen.getByLabelText('Header name'), 'X-API-Key');
    await user.type(screen.getByLabelText('Secret (API key or token)'), 'sk-grades-000011112222');
    await user.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    const names = screen.getAllByRole('textbox', { name: 'Name' });
    await user.type(names[1] as HTMLElement, 'Grades of a pupil');
    const path = screen.getByLabelText('Path');
    await user.clear(path);
    await user.type(path, '/pupils/{{pupil}/grades');
    await user.click(screen.getByRole('button', { name: 'Add a parameter to Grades of a pupil' }));
    await user.type(screen.getByLabelText('Parameter 1 name'), 'pupil');
    await user.selectOptions(screen.getByLabelText('Parameter 1 goes into'), 'path');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/view-api\//));
    const api = await client.apis.get(apiIdOf(router.state.location.pathname));
    expect(api).toMatchObject({ name: 'Gradebook', auth_kind: 'header', auth_name: 'X-API-Key', secret_set: true, secret_last4: '2222' });
    expect(api.endpoints[0]).toMatchObject({ name: 'Grades of a pupil', path: '/pupils/{pupil}/grades', parameters: [{ name: 'pupil', in: 'path' }] });
    // The secret itself never comes back to the browser, not even to its owner.
    expect(JSON.stringify(api)).not.toContain('sk-grades');
    const { data: rows } = await client.supabase.from('Api').select('*').eq('id', api.id);
    expect(JSON.stringify(rows)).not.toContain('sk-grades');
  });

  it('refuses a base URL that is not http(s) and a path placeholder without its parameter, storing nothing', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    renderApis(client, '/edit-api');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Files');
    await user.clear(screen.getByRole('textbox', { name: 'Base URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'ftp://files.test');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The base URL starts with http:// or https://');
    await user.clear(screen.getByRole('textbox', { name: 'Base URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://files.test');
    await user.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Name' })[1] as HTMLElement, 'File');
    await user.clear(screen.getByLabelText('Path'));
    await user.type(screen.getByLabelText('Path'), '/files/{{id}');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    expect(await screen.findByText('File: the path uses {id}, which is not a path parameter.')).toBeInTheDocument();
    expect(await client.apis.listMine()).toEqual([]);
  });

  it('refuses a loopback or cloud-metadata base URL when saving, beside the Base URL field, storing nothing', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    renderApis(client, '/edit-api');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Local admin');
    const baseUrl = screen.getByRole('textbox', { name: 'Base URL' });
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://127.0.0.1:8080/admin');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    await waitFor(() => expect(baseUrl).toHaveAccessibleDescription(/127\.0\.0\.1 is this server itself \(loopback\); only public internet addresses can be called\./));
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: this base URL cannot be called (see above).');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://169.254.169.254/latest');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    await waitFor(() => expect(baseUrl).toHaveAccessibleDescription(/169\.254\.169\.254 is a link-local address/));
    expect(await client.apis.listMine()).toEqual([]);
  });

  it('starts from an example', async () => {
    const { client } = await backend().signedInUser('ada');
    renderApis(client, '/edit-api?example=weather');
    expect((await screen.findAllByRole('textbox', { name: 'Name' }))[0]).toHaveValue('Open-Meteo weather');
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://api.open-meteo.com/v1');
    expect(screen.getByRole('group', { name: 'Current weather' })).toBeInTheDocument();
  });

  it('edits an API and replaces its endpoints', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Gradebook', base_url: 'https://grades.school.test', endpoints: [getItem] });
    const { router } = renderApis(client, `/edit-api/${api.id}`);
    const name = await screen.findByDisplayValue('Gradebook');
    await user.clear(name);
    await user.type(name, 'School gradebook');
    await user.click(screen.getByRole('button', { name: /^Remove Get item$/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-api/${api.id}`));
    expect(await client.apis.get(api.id)).toMatchObject({ name: 'School gradebook', endpoints: [] });
  });

  // The bug the in-memory fake client hid (issue 33): saving an API whose endpoint is kept updates
  // the endpoint row with a column its grant does not allow, and the backend answers "permission
  // denied for table ApiEndpoint"; the fake allowed the update.
  it('editing an existing API with an endpoint saves it (no “permission denied for table ApiEndpoint”)', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Gradebook', base_url: 'https://grades.school.test', endpoints: [getItem] });
    const { router } = renderApis(client, `/edit-api/${api.id}`);
    const name = await screen.findByDisplayValue('Gradebook');
    await user.clear(name);
    await user.type(name, 'School gradebook');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Either the page moves on, or it shows why it could not save: the failure then names the reason.
    await waitFor(() => expect(router.state.location.pathname !== `/edit-api/${api.id}` || screen.queryByRole('alert') !== null).toBe(true));
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    expect(router.state.location.pathname).toBe(`/view-api/${api.id}`);
    expect(await client.apis.get(api.id)).toMatchObject({ name: 'School gradebook', endpoints: [{ name: 'Get item', path: '/items/{id}' }] });
  });

  it('someone else’s API cannot be opened for editing', async () => {
    const { client } = await backend().signedInUser('ada');
    const mallory = await backend().signedInUser('mallory');
    const theirs = await mallory.client.apis.create({ name: 'Not mine', base_url: 'https://mallory.test' });
    renderApis(client, `/edit-api/${theirs.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('It does not exist, or it belongs to someone else.');
    expect(screen.queryByDisplayValue('Not mine')).not.toBeInTheDocument();
  });
});
