import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeOwner as owner, renderApis } from '../test-render';

// The OpenAPI import reads a document from the internet through a server function; these stay on
// the in-memory client until the test backend has a loopback document server it may call.
describe('/edit-api, importing an OpenAPI document', () => {
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
