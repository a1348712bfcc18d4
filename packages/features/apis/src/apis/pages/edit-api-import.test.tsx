// On the real backend (@appforge/test-backend): the import's server function fetches the document
// through its outbound guard from an outside server on loopback.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApis, setupOutsideApi } from '../test-render';

const outside = setupOutsideApi();
const backend = setupAppforgeBackend(() => ({ outboundLoopbackPorts: [outside().port] }));

const gradebook = {
  openapi: '3.0.3',
  info: { title: 'Gradebook', description: 'Grades', version: '1.0.0' },
  servers: [{ url: 'https://grades.school.test/v1' }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/pupils/{id}/grades': {
      get: {
        summary: 'Grades of a pupil',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The grades' } },
      },
    },
    '/pupils': { options: { summary: 'Options', responses: { '204': { description: 'Allowed methods' } } } },
  },
};

describe('/edit-api, importing an OpenAPI document', () => {
  it('imports an OpenAPI document by URL: previews it, then fills the form only when asked', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    outside().answer('/openapi.json', { status: 200, body: JSON.stringify(gradebook) });
    const { router } = renderApis(client, '/edit-api?import=openapi');
    await user.type(await screen.findByRole('textbox', { name: 'Document URL' }), `${outside().url}/openapi.json`);
    await user.click(screen.getByRole('button', { name: 'Read document' }));
    const preview = await screen.findByRole('region', { name: 'What will be imported' });
    expect(preview).toHaveTextContent('GET /pupils/{id}/grades — Grades of a pupil');
    expect(preview).toHaveTextContent(/Left out: OPTIONS \/pupils/);
    expect(outside().requests.map((request) => request.url)).toEqual(['/openapi.json']);
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Use this' }));
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveValue('Gradebook');
    expect(screen.getByRole('textbox', { name: 'Header name' })).toHaveValue('X-API-Key');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/view-api\//));
    const [created] = await client.apis.listMine();
    if (!created) throw new Error('no API was created');
    expect((await client.apis.get(created.id)).endpoints.map((e) => e.path)).toEqual(['/pupils/{id}/grades']);
  });

  it('a refused import says why and fills nothing', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    outside().answer('/openapi.json', { status: 200, body: '{"hello":"world"}' });
    renderApis(client, '/edit-api');
    await user.type(await screen.findByRole('textbox', { name: 'Document URL' }), `${outside().url}/openapi.json`);
    await user.click(screen.getByRole('button', { name: 'Read document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a valid OpenAPI 3 or Swagger 2 document');
    expect(screen.queryByRole('button', { name: 'Use this' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveValue('');
    expect(await client.apis.listMine()).toEqual([]);
  });
});
