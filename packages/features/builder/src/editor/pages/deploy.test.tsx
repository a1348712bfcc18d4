import type { AppSpec } from '@appforge/engine';
import { createFakeAppforgeClient, makeExternalApi, makeExternalApiEndpoint, makeSpec, makeVersion } from '@appforge/sdk/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

describe('/create-app-deploy/:appId/:versionId', () => {
  it('deploys a valid first version and shows its public links', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app-deploy/${app.id}/${version.id}`);
    expect(await screen.findByText(/Nothing is deployed yet/)).toBeInTheDocument();
    expect(screen.getByText(/No problems: ready to deploy\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deploy version 1' }));
    expect(await screen.findByRole('heading', { name: 'Version 1 is live' })).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.deployed_version_id).toBe(version.id);
    expect(screen.getByRole('link', { name: `${window.location.origin}/deployed-app/${app.id}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the landing page link' })).toBeInTheDocument();
    expect(screen.getByText(/Anyone can find and open it./)).toBeInTheDocument();
  });

  it('says what changes for visitors compared with the deployed version', async () => {
    const { client, app, version: live } = seedApp({ deployed: true });
    const spec: AppSpec = structuredClone(live.spec);
    const write = spec.steps[1];
    if (write?.kind === 'ai') write.config.prompt = 'Write a poem about {{topic}}.';
    spec.steps.push({ id: 'thanks', kind: 'output', title: 'Thanks', next: { type: 'step' }, config: { template: 'Thank you!' } });
    const draft = makeVersion({ app_id: app.id, number: 2, parent_version_id: live.id, spec });
    client.fake.data.versions[draft.id] = draft;
    renderRoutes(client, `/create-app-deploy/${app.id}/${draft.id}`);
    const changes = await screen.findByRole('list', { name: 'Changes since version 1' });
    expect(within(changes).getByText(/“Thanks”/)).toBeInTheDocument();
    expect(within(changes).getByText(/“Write”: the prompt/)).toBeInTheDocument();
  });

  it('describes a renamed step as one changed step, as Compare does, not as one removed and one added', async () => {
    const { client, app, version: live } = seedApp({ deployed: true });
    const spec: AppSpec = structuredClone(live.spec);
    const first = spec.steps[0];
    if (first === undefined) throw new Error('the seeded app has no steps');
    const oldId = first.id;
    first.id = 'questions';
    if (spec.entryStepId === oldId) spec.entryStepId = 'questions';
    const draft = makeVersion({ app_id: app.id, number: 2, parent_version_id: live.id, spec });
    client.fake.data.versions[draft.id] = draft;
    renderRoutes(client, `/create-app-deploy/${app.id}/${draft.id}`);
    const changes = await screen.findByRole('list', { name: 'Changes since version 1' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(1);
    expect(within(changes).getByText(new RegExp(`its id \\(was “${oldId}”\\)`))).toBeInTheDocument();
    expect(within(changes).queryByText('New')).not.toBeInTheDocument();
    expect(within(changes).queryByText('Removed')).not.toBeInTheDocument();
    expect(screen.getByText('1 step changed.')).toBeInTheDocument();
  });

  it('will not deploy a version with errors and names them', async () => {
    const spec: AppSpec = {
      entryStepId: 'show',
      steps: [{ id: 'show', kind: 'output', title: 'Result', next: { type: 'step' }, config: { template: '{{missing}}' } }],
    };
    const { client, app, version } = seedApp({ spec });
    renderRoutes(client, `/create-app-deploy/${app.id}/${version.id}`);
    expect(await screen.findByRole('button', { name: 'Deploy version 1' })).toBeDisabled();
    expect(screen.getByText(/no earlier step asks for missing/)).toBeInTheDocument();
    expect(screen.getByText(/Fix the errors first/)).toBeInTheDocument();
  });

  it('will not deploy an api step with an unmapped required parameter or no endpoint, and names both', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'ada@example.org' });
    const weather = makeExternalApi({
      owner_id: session.user.id,
      name: 'Weather',
      endpoints: [makeExternalApiEndpoint({ name: 'Current weather', path: '/weather/{city}', parameters: [{ name: 'city', in: 'path', type: 'string', required: true }] })],
    });
    client.fake.data.externalApis[weather.id] = weather;
    const spec = makeSpec({
      steps: [
        { id: 'now', kind: 'api', title: 'Weather now', config: { apiId: weather.id, endpointId: weather.endpoints[0]?.id ?? '', params: {}, outputVariable: 'now' } },
        { id: 'later', kind: 'api', title: 'Weather later', config: { apiId: weather.id, endpointId: '-', params: {}, outputVariable: 'later' } },
        { id: 'show', kind: 'output', title: 'Result', config: { template: '{{now}} {{later}}' } },
      ],
    });
    const { app, version } = seedApp({ client, spec });
    renderRoutes(client, `/create-app-deploy/${app.id}/${version.id}`);
    const checks = await screen.findByRole('region', { name: 'Checks' });
    expect(await within(checks).findByText('Step “Weather now” must say what goes into “city”, which “Current weather” requires.')).toBeInTheDocument();
    expect(within(checks).getByText('Step “Weather later” does not say which endpoint of “Weather” it calls: pick one.')).toBeInTheDocument();
    expect(checks).not.toHaveTextContent('No problems: ready to deploy.');
    expect(screen.getByRole('button', { name: 'Deploy version 1' })).toBeDisabled();
  });

  it('a refused deploy shows the server’s words and changes nothing', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    client.fake.fail('apps.deploy');
    renderRoutes(client, `/create-app-deploy/${app.id}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Deploy version 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Not deployed: Could not reach the server/);
    expect(client.fake.data.apps[app.id]?.deployed_version_id).toBeNull();
  });
});
