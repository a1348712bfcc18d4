// On the real backend (@appforge/test-backend): the test console's call goes through the real
// server function and its outbound guard to an outside API on loopback.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApis, setupOutsideApi } from '../test-render';

const outside = setupOutsideApi();
const backend = setupAppforgeBackend(() => ({ outboundLoopbackPorts: [outside().port] }));

const weather = {
  name: 'Current weather',
  method: 'GET' as const,
  path: '/weather/{city}',
  parameters: [
    { name: 'city', in: 'path' as const, type: 'string' as const, required: true },
    { name: 'units', in: 'query' as const, type: 'string' as const, required: false },
  ],
};

/** A JSON body of exactly `bytes` bytes whose `current.temperature` is 21. */
function weatherBody(bytes: number): string {
  const head = '{"current":{"temperature":21},"pad":"';
  return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
}

describe('/view-api/:apiId', () => {
  it('shows the connection with the secret as “set · last 4”, the endpoints and where the API is used', async () => {
    const { client, id: ownerId } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Weather', base_url: 'https://api.example.com/v1', auth_kind: 'bearer', endpoints: [weather] });
    await client.apis.setSecret(api.id, 'tok-0000-9f3a');
    const { admin } = backend();
    const app = await admin.from('App').insert({ owner_id: ownerId, name: 'Trip planner' }).select('id').single();
    if (app.error) throw app.error;
    const spec = {
      entryStepId: 'w',
      steps: [{ id: 'w', kind: 'api', title: 'Look up the weather', next: { type: 'end' }, config: { apiId: api.id, endpointId: api.endpoints[0]?.id, params: {}, outputVariable: 'w' } }],
    };
    const version = await admin.from('AppVersion').insert({ app_id: app.data.id, spec, created_by: ownerId }).select('id').single();
    if (version.error) throw version.error;
    const drafted = await admin.from('App').update({ draft_version_id: version.data.id }).eq('id', app.data.id);
    if (drafted.error) throw drafted.error;
    renderApis(client, `/view-api/${api.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Weather' })).toBeInTheDocument();
    expect(screen.getAllByText('Set · ends in 9f3a')[0]).toBeInTheDocument();
    expect(screen.getByText('GET /weather/{city}')).toBeInTheDocument();
    const used = screen.getByRole('region', { name: 'Where it is used' });
    expect(await within(used).findByRole('link', { name: 'Trip planner' })).toHaveAttribute('href', `/create-app/${app.data.id}`);
    expect(within(used).getByText(/Look up the weather/)).toBeInTheDocument();
  });

  it('the test console sends the parameters and shows status, timing, size, the pretty body and a masked curl', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Weather', base_url: `${outside().url}/v1`, auth_kind: 'header', auth_name: 'x-key', endpoints: [weather] });
    await client.apis.setSecret(api.id, 'key-weather-4242');
    outside().answer('/v1/weather/Lyon', { status: 200, body: weatherBody(2048) });
    renderApis(client, `/view-api/${api.id}`);
    const console = await screen.findByRole('region', { name: 'Test console' });
    await user.type(within(console).getByRole('textbox', { name: 'city (required)' }), 'Lyon');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    const answer = await within(console).findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Status 200')).toBeInTheDocument();
    expect(within(answer).getByText(/^\d+ ms$/)).toBeInTheDocument();
    expect(within(answer).getByText('2.0 KB')).toBeInTheDocument();
    expect(answer).toHaveTextContent('"temperature": 21');
    expect(answer).toHaveTextContent("-H 'x-key: ••••'");
    expect(answer).not.toHaveTextContent('key-weather-4242');
    // The outside API got the call with the parameter in its path and the secret in its header.
    expect(outside().requests).toEqual([expect.objectContaining({ method: 'GET', url: '/v1/weather/Lyon' })]);
    expect(outside().requests[0]?.headers['x-key']).toBe('key-weather-4242');
  });

  it('Send with required parameters empty says which ones are missing and calls nothing', async () => {
    const user = userEvent.setup();
    const trip = {
      name: 'Trip',
      method: 'GET' as const,
      path: '/trips/{from}/{to}',
      parameters: [
        { name: 'from', in: 'path' as const, type: 'string' as const, required: true },
        { name: 'to', in: 'path' as const, type: 'string' as const, required: true },
        { name: 'units', in: 'query' as const, type: 'string' as const, required: false },
      ],
    };
    const { client } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Trips', base_url: outside().url, endpoints: [trip] });
    outside().answer('/trips/Lyon/Nice', { status: 200, body: '{"km":470}' });
    renderApis(client, `/view-api/${api.id}`);
    const console = await screen.findByRole('region', { name: 'Test console' });
    await user.type(within(console).getByRole('textbox', { name: 'to (required)' }), '   ');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    expect(await within(console).findByRole('alert')).toHaveTextContent('Fill in from and to before sending: they are required.');
    expect(within(console).getByRole('textbox', { name: 'from (required)' })).toHaveAccessibleDescription(/from is required/);
    expect(outside().requests).toEqual([]);
    await user.type(within(console).getByRole('textbox', { name: 'from (required)' }), 'Lyon');
    await user.clear(within(console).getByRole('textbox', { name: 'to (required)' }));
    await user.type(within(console).getByRole('textbox', { name: 'to (required)' }), 'Nice');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    expect(await within(console).findByRole('region', { name: 'Answer' })).toHaveTextContent('Status 200');
    expect(outside().requests.map((request) => request.url)).toEqual(['/trips/Lyon/Nice']);
    expect(within(console).queryByText(/before sending/)).not.toBeInTheDocument();
  });

  it('a refused call is shown in words (e.g. a private address)', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Internal', base_url: 'https://internal.example.com', endpoints: [weather] });
    // Saved before the guard refused such hosts, or pointed there since by the server: the call is refused anyway.
    const moved = await backend().admin.from('Api').update({ base_url: 'http://10.0.0.1' }).eq('id', api.id);
    expect(moved.error).toBeNull();
    renderApis(client, `/view-api/${api.id}`);
    const console = await screen.findByRole('region', { name: 'Test console' });
    await user.type(within(console).getByRole('textbox', { name: 'city (required)' }), 'Lyon');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    expect(await within(console).findByRole('alert')).toHaveTextContent('only public internet addresses can be called');
  });

  it('deletes the API after confirming and returns to the list', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const api = await client.apis.create({ name: 'Old API', base_url: 'https://old.example.com' });
    const { router } = renderApis(client, `/view-api/${api.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete API' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-apis'));
    await expect(client.apis.get(api.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await client.apis.listMine()).toEqual([]);
  });
});
