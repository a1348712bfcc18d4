import { makeExternalApi } from '@appforge/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { owner, renderApis } from '../test-render';

describe('/edit-api', () => {
  it('creates an API with a header secret and an endpoint, then opens its page; the secret is kept apart', async () => {
    const user = userEvent.setup();
    const { client } = owner();
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
    const [api] = Object.values(client.fake.data.externalApis);
    expect(api).toMatchObject({ name: 'Gradebook', auth_kind: 'header', auth_name: 'X-API-Key', secret_set: true, secret_last4: '2222' });
    expect(api?.endpoints[0]).toMatchObject({ name: 'Grades of a pupil', path: '/pupils/{pupil}/grades', parameters: [{ name: 'pupil', in: 'path' }] });
    expect(JSON.stringify(api)).not.toContain('sk-grades');
  });

  it('refuses a base URL that is not http(s) and a path placeholder without its parameter, storing nothing', async () => {
    const user = userEvent.setup();
    const { client } = owner();
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
    expect(client.fake.data.externalApis).toEqual({});
  });

  it('starts from an example', async () => {
    const { client } = owner();
    renderApis(client, '/edit-api?example=weather');
    expect((await screen.findAllByRole('textbox', { name: 'Name' }))[0]).toHaveValue('Open-Meteo weather');
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://api.open-meteo.com/v1');
    expect(screen.getByRole('group', { name: 'Current weather' })).toBeInTheDocument();
  });

  it('edits an API and replaces its endpoints', async () => {
    const user = userEvent.setup();
    const { client, api } = owner({ name: 'Gradebook' });
    if (!api) throw new Error('no api');
    const { router } = renderApis(client, `/edit-api/${api.id}`);
    const name = await screen.findByDisplayValue('Gradebook');
    await user.clear(name);
    await user.type(name, 'School gradebook');
    await user.click(screen.getByRole('button', { name: /^Remove Get item$/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-api/${api.id}`));
    expect(client.fake.data.externalApis[api.id]).toMatchObject({ name: 'School gradebook', endpoints: [] });
  });

  it('someone else’s API cannot be opened for editing', async () => {
    const { client } = owner();
    const theirs = makeExternalApi({ name: 'Not mine' });
    client.fake.data.externalApis[theirs.id] = theirs;
    renderApis(client, `/edit-api/${theirs.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('It does not exist, or it belongs to someone else.');
    expect(screen.queryByDisplayValue('Not mine')).not.toBeInTheDocument();
  });

  it('imports an OpenAPI document by URL: previews it, then fills the form only when asked', async () => {
    const user = userEvent.setup();
    const { client } = owner();
    client.fake.data.apiImports['https://grades.school.test/openapi.json'] = {
      api: { name: 'Gradebook', description: 'Grades', base_url: 'https://grades.school.test/v1', auth_kind: 'header', auth_name: 'X-API-Key' },
      endpoints: [
        { name: 'Grades of a pupil', method: 'GET', path: '/pupils/{id}/grades', description: '', parameters: [{ name: 'id', in: 'path', type: 'string', required: true }], body_template: '', response_path: '' },
      ],
      skipped: ['OPTIONS /pupils (method not supported)'],
    };
    const { router } = renderApis(client, '/edit-api?import=openapi');
    await user.type(await screen.findByRole('textbox', { name: 'Document URL' }), 'https://grades.school.test/openapi.json');
    await user.click(screen.getByRole('button', { name: 'Read document' }));
    const preview = await screen.findByRole('region', { name: 'What will be imported' });
    expect(preview).toHaveTextContent('GET /pupils/{id}/grades — Grades of a pupil');
    expect(preview).toHaveTextContent('Left out: OPTIONS /pupils (method not supported)');
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Use this' }));
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveValue('Gradebook');
    expect(screen.getByRole('textbox', { name: 'Header name' })).toHaveValue('X-API-Key');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/view-api\//));
    expect(Object.values(client.fake.data.externalApis)[0]?.endpoints.map((e) => e.path)).toEqual(['/pupils/{id}/grades']);
  });

  it('a refused import says why and fills nothing', async () => {
    const user = userEvent.setup();
    const { client } = owner();
    renderApis(client, '/edit-api');
    await user.type(await screen.findByRole('textbox', { name: 'Document URL' }), 'https://nowhere.test/openapi.json');
    await user.click(screen.getByRole('button', { name: 'Read document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a valid OpenAPI 3 or Swagger 2 document.');
    expect(screen.queryByRole('button', { name: 'Use this' })).not.toBeInTheDocument();
  });
});
