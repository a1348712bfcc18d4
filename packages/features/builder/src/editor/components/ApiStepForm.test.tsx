// On the real backend (@appforge/test-backend): the creator's APIs are made through the SDK, the
// app's draft holds the api step, what the form saves is read back with the service role, and
// "Try it" goes through the real api-test-call function and its outbound guard to an outside API
// on loopback.
import type { ApiStep, AppSpec } from '@appforge/engine';
import type { ApiInput } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownApp, spec } from '../../shared/test/backend';
import { setupOutsideApi } from '../../shared/test/outside-api';
import { renderRoutes } from '../test-render';

const outside = setupOutsideApi();
const backend = setupAppforgeBackend(() => ({ outboundLoopbackPorts: [outside().port] }));

const current = {
  name: 'Current weather',
  method: 'GET' as const,
  path: '/weather/{city}',
  response_path: '$.current',
  parameters: [
    { name: 'city', in: 'path' as const, type: 'string' as const, required: true },
    { name: 'units', in: 'query' as const, type: 'string' as const, required: false },
  ],
};
const forecast = { name: 'Forecast', method: 'GET' as const, path: '/forecast', parameters: [{ name: 'days', in: 'query' as const, type: 'integer' as const, required: true }] };

async function createApi(owner: TestUser, input: ApiInput) {
  return owner.client.apis.create(input);
}

/** Ada's app whose draft asks for a city and calls her "Weather" API's first endpoint. */
async function appWithApiStep() {
  const owner = await backend().signedInUser('ada');
  const api = await createApi(owner, { name: 'Weather', base_url: outside().url, endpoints: [current, forecast] });
  const endpointId = api.endpoints[0]?.id ?? '';
  const appSpec = spec({
    entryStepId: 'ask',
    steps: [
      { id: 'ask', kind: 'input', title: 'Where', config: { fields: [{ name: 'city', label: 'City', type: 'text', required: true }] } },
      { id: 'call', kind: 'api', title: 'Weather', config: { apiId: api.id, endpointId, params: {}, outputVariable: 'weather' } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '{{weather}}' } },
    ],
  });
  const { appId, versionId } = await ownApp(owner, { name: 'Essay helper', spec: appSpec });
  return { owner, client: owner.client, appId, versionId, api, endpointId };
}

/** The api step as the server keeps it in the version. */
async function savedStep(versionId: string): Promise<ApiStep | undefined> {
  const { data, error } = await backend().admin.from('AppVersion').select('spec').eq('id', versionId).single();
  if (error) throw new Error(error.message);
  const step = (data.spec as unknown as AppSpec).steps[1];
  return step?.kind === 'api' ? step : undefined;
}

describe('the api step form', () => {
  it('maps a parameter to a variable, keeps a part of the answer, and previews a test call with a sample value', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId, api, endpointId } = await appWithApiStep();
    outside().answer('/weather/Lyon', { current: { temperature: 12 } });
    renderRoutes(client, `/create-app/${appId}/${versionId}/call`);
    expect(await screen.findByRole('combobox', { name: 'API' })).toHaveValue(api.id);
    expect(await screen.findByRole('combobox', { name: 'Endpoint' })).toHaveValue(endpointId);
    await user.type(screen.getByRole('textbox', { name: 'city (required)' }), '{{{{city}}');
    await user.type(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }), '$.temperature');
    await waitFor(async () => expect((await savedStep(versionId))?.config).toMatchObject({ params: { city: '{{city}}' }, outputPath: '$.temperature' }));
    await user.type(screen.getByRole('textbox', { name: 'Sample value of city' }), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Try it' }));
    expect(await screen.findByText(/Status 200/)).toBeInTheDocument();
    // The outside API was called with the sample value, through the server.
    expect(outside().requests).toEqual(['/weather/Lyon']);
  });

  it('switching the endpoint drops parameters it does not have', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId, api } = await appWithApiStep();
    renderRoutes(client, `/create-app/${appId}/${versionId}/call`);
    await user.type(await screen.findByRole('textbox', { name: 'city (required)' }), 'Paris');
    await waitFor(async () => expect((await savedStep(versionId))?.config.params).toEqual({ city: 'Paris' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Endpoint' }), api.endpoints[1]?.id ?? '');
    expect(await screen.findByRole('textbox', { name: 'days (required)' })).toHaveValue('');
    await waitFor(async () => expect((await savedStep(versionId))?.config.params).toEqual({}));
  });

  it('switching the API drops the old JSON path and parameters and chooses a lone endpoint at once, with its response path', async () => {
    const user = userEvent.setup();
    const { owner, client, appId, versionId } = await appWithApiStep();
    const geo = await createApi(owner, {
      name: 'Geocoder',
      base_url: 'https://geo.example.com',
      endpoints: [{ name: 'Look up a city', method: 'GET', path: '/cities', response_path: '$.results[0]', parameters: [{ name: 'q', in: 'query', type: 'string', required: true }] }],
    });
    renderRoutes(client, `/create-app/${appId}/${versionId}/call`);
    await user.type(await screen.findByRole('textbox', { name: 'city (required)' }), 'Paris');
    await user.type(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }), '$.temperature');
    await waitFor(async () => expect((await savedStep(versionId))?.config.outputPath).toBe('$.temperature'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'API' }), geo.id);
    const endpointId = geo.endpoints[0]?.id ?? '';
    expect(await screen.findByRole('combobox', { name: 'Endpoint' })).toHaveValue(endpointId);
    expect(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' })).toHaveValue('$.results[0]');
    expect(screen.getByRole('textbox', { name: 'q (required)' })).toHaveValue('');
    await waitFor(async () => expect((await savedStep(versionId))?.config).toMatchObject({ apiId: geo.id, endpointId, params: {}, outputPath: '$.results[0]' }));
  });

  it('switching to an API with several endpoints asks which one, and the old JSON path is gone', async () => {
    const user = userEvent.setup();
    const { owner, client, appId, versionId } = await appWithApiStep();
    const other = await createApi(owner, {
      name: 'Air quality',
      base_url: 'https://air.example.com',
      endpoints: [
        { name: 'Now', method: 'GET', path: '/now' },
        { name: 'Tomorrow', method: 'GET', path: '/tomorrow' },
      ],
    });
    renderRoutes(client, `/create-app/${appId}/${versionId}/call`);
    await user.type(await screen.findByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }), '$.temperature');
    await user.selectOptions(screen.getByRole('combobox', { name: 'API' }), other.id);
    expect(await screen.findByRole('combobox', { name: 'Endpoint' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' })).toHaveValue('');
    const checks = screen.getByRole('region', { name: 'This step' });
    expect(await within(checks).findByText('Step “Weather” does not say which endpoint of “Air quality” it calls: pick one.')).toBeInTheDocument();
    expect(checks).not.toHaveTextContent('No problems in this step.');
  });

  it('an unmapped required parameter is an error on the step page, not “No problems in this step”', async () => {
    const { client, appId, versionId } = await appWithApiStep();
    renderRoutes(client, `/create-app/${appId}/${versionId}/call`);
    const checks = await screen.findByRole('region', { name: 'This step' });
    expect(await within(checks).findByText('Step “Weather” must say what goes into “city”, which “Current weather” requires.')).toBeInTheDocument();
    expect(checks).toHaveTextContent('1 error');
    expect(await screen.findByRole('textbox', { name: 'city (required)' })).toHaveAccessibleDescription(/must say what goes into “city”/);
  });

  it('while the APIs are still loading, the step page does not claim there are no problems', async () => {
    const { client, appId, versionId } = await appWithApiStep();
    // The API's details never arrive: the check of the step against it cannot run.
    vi.spyOn(client.apis, 'get').mockReturnValue(new Promise(() => undefined));
    renderRoutes(client, `/create-app/${appId}/${versionId}/call`);
    const checks = await screen.findByRole('region', { name: 'This step' });
    expect(checks).toHaveTextContent('Checking the API steps against your APIs…');
    expect(checks).not.toHaveTextContent('No problems in this step.');
  });

  it('without any API, offers to connect one', async () => {
    const owner = await backend().signedInUser('ada');
    const appSpec = spec({
      entryStepId: 'call',
      steps: [{ id: 'call', kind: 'api', title: 'Weather', config: { apiId: 'gone', endpointId: 'gone', params: {}, outputVariable: 'weather' } }],
    });
    const { appId, versionId } = await ownApp(owner, { name: 'Essay helper', spec: appSpec });
    renderRoutes(owner.client, `/create-app/${appId}/${versionId}/call`);
    expect(await screen.findByRole('link', { name: 'Connect an API' })).toHaveAttribute('href', '/edit-api');
  });
});
