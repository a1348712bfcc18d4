import type { ApiStep } from '@appforge/engine';
import { createFakeAppforgeClient, makeExternalApi, makeExternalApiEndpoint, makeSpec } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

const current = makeExternalApiEndpoint({
  name: 'Current weather',
  path: '/weather/{city}',
  response_path: '$.current',
  parameters: [
    { name: 'city', in: 'path', type: 'string', required: true },
    { name: 'units', in: 'query', type: 'string', required: false },
  ],
});
const forecast = makeExternalApiEndpoint({ name: 'Forecast', path: '/forecast', parameters: [{ name: 'days', in: 'query', type: 'integer', required: true }] });

function appWithApiStep() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const api = makeExternalApi({ owner_id: session.user.id, name: 'Weather', endpoints: [current, forecast] });
  client.fake.data.externalApis[api.id] = api;
  const endpointId = api.endpoints[0]?.id ?? '';
  const spec = makeSpec({
    steps: [
      { id: 'ask', kind: 'input', title: 'Where', config: { fields: [{ name: 'city', label: 'City', type: 'text', required: true }] } },
      { id: 'call', kind: 'api', title: 'Weather', config: { apiId: api.id, endpointId, params: {}, outputVariable: 'weather' } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '{{weather}}' } },
    ],
  });
  return { ...seedApp({ client, spec }), api, endpointId };
}

function savedStep(client: ReturnType<typeof appWithApiStep>['client'], versionId: string): ApiStep | undefined {
  const step = client.fake.data.versions[versionId]?.spec.steps[1];
  return step?.kind === 'api' ? step : undefined;
}

describe('the api step form', () => {
  it('maps a parameter to a variable, keeps a part of the answer, and previews a test call with a sample value', async () => {
    const user = userEvent.setup();
    const { client, app, version, api, endpointId } = appWithApiStep();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    expect(await screen.findByRole('combobox', { name: 'API' })).toHaveValue(api.id);
    expect(await screen.findByRole('combobox', { name: 'Endpoint' })).toHaveValue(endpointId);
    await user.type(screen.getByRole('textbox', { name: 'city (required)' }), '{{{{city}}');
    await user.type(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }), '$.temperature');
    await waitFor(() => expect(savedStep(client, version.id)?.config).toMatchObject({ params: { city: '{{city}}' }, outputPath: '$.temperature' }));
    await user.type(screen.getByRole('textbox', { name: 'Sample value of city' }), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Try it' }));
    expect(await screen.findByText(/Status 200/)).toBeInTheDocument();
    expect(client.fake.calls('apis.testCall').at(-1)).toEqual([{ apiId: api.id, endpointId, params: { city: 'Lyon' } }]);
  });

  it('switching the endpoint drops parameters it does not have', async () => {
    const user = userEvent.setup();
    const { client, app, version, api } = appWithApiStep();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    await user.type(await screen.findByRole('textbox', { name: 'city (required)' }), 'Paris');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Endpoint' }), api.endpoints[1]?.id ?? '');
    expect(await screen.findByRole('textbox', { name: 'days (required)' })).toHaveValue('');
    await waitFor(() => expect(savedStep(client, version.id)?.config.params).toEqual({}));
  });

  it('switching the API drops the old JSON path and parameters and chooses a lone endpoint at once, with its response path', async () => {
    const user = userEvent.setup();
    const { client, app, version, api } = appWithApiStep();
    const lookup = makeExternalApiEndpoint({ name: 'Look up a city', path: '/cities', response_path: '$.results[0]', parameters: [{ name: 'q', in: 'query', type: 'string', required: true }] });
    const geo = makeExternalApi({ owner_id: api.owner_id, name: 'Geocoder', endpoints: [lookup] });
    client.fake.data.externalApis[geo.id] = geo;
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    await user.type(await screen.findByRole('textbox', { name: 'city (required)' }), 'Paris');
    await user.type(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }), '$.temperature');
    await waitFor(() => expect(savedStep(client, version.id)?.config.outputPath).toBe('$.temperature'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'API' }), geo.id);
    const endpointId = geo.endpoints[0]?.id ?? '';
    expect(await screen.findByRole('combobox', { name: 'Endpoint' })).toHaveValue(endpointId);
    expect(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' })).toHaveValue('$.results[0]');
    expect(screen.getByRole('textbox', { name: 'q (required)' })).toHaveValue('');
    await waitFor(() => expect(savedStep(client, version.id)?.config).toMatchObject({ apiId: geo.id, endpointId, params: {}, outputPath: '$.results[0]' }));
  });

  it('switching to an API with several endpoints asks which one, and the old JSON path is gone', async () => {
    const user = userEvent.setup();
    const { client, app, version, api } = appWithApiStep();
    const other = makeExternalApi({
      owner_id: api.owner_id,
      name: 'Air quality',
      endpoints: [makeExternalApiEndpoint({ name: 'Now', path: '/now' }), makeExternalApiEndpoint({ name: 'Tomorrow', path: '/tomorrow' })],
    });
    client.fake.data.externalApis[other.id] = other;
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    await user.type(await screen.findByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }), '$.temperature');
    await user.selectOptions(screen.getByRole('combobox', { name: 'API' }), other.id);
    expect(await screen.findByRole('combobox', { name: 'Endpoint' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' })).toHaveValue('');
    const checks = screen.getByRole('region', { name: 'This step' });
    expect(await within(checks).findByText('Step “Weather” does not say which endpoint of “Air quality” it calls: pick one.')).toBeInTheDocument();
    expect(checks).not.toHaveTextContent('No problems in this step.');
  });

  it('an unmapped required parameter is an error on the step page, not “No problems in this step”', async () => {
    const { client, app, version } = appWithApiStep();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    const checks = await screen.findByRole('region', { name: 'This step' });
    expect(await within(checks).findByText('Step “Weather” must say what goes into “city”, which “Current weather” requires.')).toBeInTheDocument();
    expect(checks).toHaveTextContent('1 error');
    expect(await screen.findByRole('textbox', { name: 'city (required)' })).toHaveAccessibleDescription(/must say what goes into “city”/);
  });

  it('while the APIs are still loading, the step page does not claim there are no problems', async () => {
    const { client, app, version } = appWithApiStep();
    // The API's details never arrive: the check of the step against it cannot run.
    vi.spyOn(client.apis, 'get').mockReturnValue(new Promise(() => undefined));
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    const checks = await screen.findByRole('region', { name: 'This step' });
    expect(checks).toHaveTextContent('Checking the API steps against your APIs…');
    expect(checks).not.toHaveTextContent('No problems in this step.');
  });

  it('without any API, offers to connect one', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'ada@example.org' });
    const spec = makeSpec({
      steps: [{ id: 'call', kind: 'api', title: 'Weather', config: { apiId: 'gone', endpointId: 'gone', params: {}, outputVariable: 'weather' } }],
    });
    const { app, version } = seedApp({ client, spec });
    renderRoutes(client, `/create-app/${app.id}/${version.id}/call`);
    expect(await screen.findByRole('link', { name: 'Connect an API' })).toHaveAttribute('href', '/edit-api');
  });
});
