import { AppforgeError } from '@appforge/sdk';
import { makeApp, makeExternalApiEndpoint, makeVersion } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeOwner as owner, renderApis } from '../test-render';

const weather = makeExternalApiEndpoint({
  name: 'Current weather',
  path: '/weather/{city}',
  parameters: [
    { name: 'city', in: 'path', type: 'string', required: true },
    { name: 'units', in: 'query', type: 'string', required: false },
  ],
});

describe('/view-api/:apiId', () => {
  it('shows the connection with the secret as “set · last 4”, the endpoints and where the API is used', async () => {
    const { client, session, api } = owner({ name: 'Weather', auth_kind: 'bearer', secret_set: true, secret_last4: '9f3a', endpoints: [weather] });
    if (!api) throw new Error('no api');
    const app = makeApp({ owner_id: session.user.id, name: 'Trip planner' });
    const version = makeVersion({
      app_id: app.id,
      spec: { entryStepId: 'w', steps: [{ id: 'w', kind: 'api', title: 'Look up the weather', next: { type: 'end' }, config: { apiId: api.id, endpointId: 'x', params: {}, outputVariable: 'w' } }] },
    });
    client.fake.data.apps[app.id] = { ...app, draft_version_id: version.id };
    client.fake.data.versions[version.id] = version;
    renderApis(client, `/view-api/${api.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Weather' })).toBeInTheDocument();
    expect(screen.getAllByText('Set · ends in 9f3a')[0]).toBeInTheDocument();
    expect(screen.getByText('GET /weather/{city}')).toBeInTheDocument();
    const used = screen.getByRole('region', { name: 'Where it is used' });
    expect(await within(used).findByRole('link', { name: 'Trip planner' })).toHaveAttribute('href', `/create-app/${app.id}`);
    expect(within(used).getByText(/Look up the weather/)).toBeInTheDocument();
  });

  it('the test console sends the parameters and shows status, timing, size, the pretty body and a masked curl', async () => {
    const user = userEvent.setup();
    const { client, api } = owner({ name: 'Weather', auth_kind: 'header', auth_name: 'x-key', secret_set: true, endpoints: [weather] });
    if (!api) throw new Error('no api');
    const endpointId = api.endpoints[0]?.id ?? '';
    client.fake.data.apiTestAnswers[endpointId] = {
      status: 200,
      ok: true,
      headers: { 'content-type': 'application/json' },
      duration_ms: 84.4,
      size_bytes: 2048,
      body: '{"current":{"temperature":21}}',
      truncated: false,
      output: { temperature: 21 },
      request: { method: 'GET', url: 'https://api.example.com/v1/weather/Lyon', curl: "curl -X GET 'https://api.example.com/v1/weather/Lyon' \\\n  -H 'x-key: ••••'" },
    };
    renderApis(client, `/view-api/${api.id}`);
    const console = await screen.findByRole('region', { name: 'Test console' });
    await user.type(within(console).getByRole('textbox', { name: 'city (required)' }), 'Lyon');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    const answer = await within(console).findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Status 200')).toBeInTheDocument();
    expect(within(answer).getByText('84 ms')).toBeInTheDocument();
    expect(within(answer).getByText('2.0 KB')).toBeInTheDocument();
    expect(answer).toHaveTextContent('"temperature": 21');
    expect(answer).toHaveTextContent("-H 'x-key: ••••'");
    expect(client.fake.calls('apis.testCall')[0]).toEqual([{ apiId: api.id, endpointId, params: { city: 'Lyon' } }]);
  });

  it('Send with required parameters empty says which ones are missing and calls nothing', async () => {
    const user = userEvent.setup();
    const trip = makeExternalApiEndpoint({
      name: 'Trip',
      path: '/trips/{from}/{to}',
      parameters: [
        { name: 'from', in: 'path', type: 'string', required: true },
        { name: 'to', in: 'path', type: 'string', required: true },
        { name: 'units', in: 'query', type: 'string', required: false },
      ],
    });
    const { client, api } = owner({ name: 'Trips', endpoints: [trip] });
    if (!api) throw new Error('no api');
    renderApis(client, `/view-api/${api.id}`);
    const console = await screen.findByRole('region', { name: 'Test console' });
    await user.type(within(console).getByRole('textbox', { name: 'to (required)' }), '   ');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    expect(await within(console).findByRole('alert')).toHaveTextContent('Fill in from and to before sending: they are required.');
    expect(within(console).getByRole('textbox', { name: 'from (required)' })).toHaveAccessibleDescription(/from is required/);
    expect(client.fake.calls('apis.testCall')).toEqual([]);
    await user.type(within(console).getByRole('textbox', { name: 'from (required)' }), 'Lyon');
    await user.clear(within(console).getByRole('textbox', { name: 'to (required)' }));
    await user.type(within(console).getByRole('textbox', { name: 'to (required)' }), 'Nice');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(client.fake.calls('apis.testCall')).toHaveLength(1));
    expect(within(console).queryByText(/before sending/)).not.toBeInTheDocument();
  });

  it('a refused call is shown in words (e.g. a private address)', async () => {
    const user = userEvent.setup();
    const { client, api } = owner({ name: 'Internal', endpoints: [weather] });
    if (!api) throw new Error('no api');
    client.fake.data.apiTestAnswers[api.endpoints[0]?.id ?? ''] = new AppforgeError({
      code: 'blocked_address',
      message: '10.0.0.1 is a private network address; only public internet addresses can be called.',
      status: 422,
    });
    renderApis(client, `/view-api/${api.id}`);
    const console = await screen.findByRole('region', { name: 'Test console' });
    await user.type(within(console).getByRole('textbox', { name: 'city (required)' }), 'Lyon');
    await user.click(within(console).getByRole('button', { name: 'Send' }));
    expect(await within(console).findByRole('alert')).toHaveTextContent('only public internet addresses can be called');
  });

  it('deletes the API after confirming and returns to the list', async () => {
    const user = userEvent.setup();
    const { client, api } = owner({ name: 'Old API' });
    if (!api) throw new Error('no api');
    const { router } = renderApis(client, `/view-api/${api.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete API' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-apis'));
    expect(client.fake.data.externalApis[api.id]).toBeUndefined();
  });
});
