// On the real backend (@appforge/test-backend): the app, its live version and its next draft are
// made through the SDK (a draft opened from the live version, as "Make changes" does), deployed
// through the real deploy-app, and what the server kept is read back with the service role.
import type { AppSpec } from '@appforge/engine';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownApp, spec as parsedSpec, watchedServer } from '../../shared/test/backend';
import { renderRoutes } from '../test-render';

const backend = setupAppforgeBackend();

const TOPIC_SPEC: AppSpec = parsedSpec({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Your topic', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Write three sentences about {{topic}}.', outputVariable: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
});

/** Ada's app "Essay helper" with `spec` as its draft (version 1), or deployed; her requests can fail. */
async function seedApp(options: { spec?: AppSpec; deployed?: boolean; owner?: TestUser } = {}) {
  const server = watchedServer();
  const owner = options.owner ?? (await backend().signedInUser('ada', { fetch: server.fetch }));
  const { appId, versionId } = await ownApp(owner, { name: 'Essay helper', spec: options.spec ?? TOPIC_SPEC, deployed: options.deployed ?? false });
  const version = await owner.client.versions.get(versionId);
  return { owner, client: owner.client, appId, version, server };
}

/** The next draft of a deployed app, opened from its live version and given `spec`. */
async function nextDraft(owner: TestUser, appId: string, spec: AppSpec) {
  const draft = await owner.client.versions.openDraft(appId);
  return owner.client.versions.updateSpec(draft.id, spec);
}

async function deployedVersionOf(appId: string): Promise<string | null> {
  const { data, error } = await backend().admin.from('App').select('deployed_version_id').eq('id', appId).single();
  if (error) throw new Error(error.message);
  return data.deployed_version_id;
}

describe('/create-app-deploy/:appId/:versionId', () => {
  it('deploys a valid first version and shows its public links', async () => {
    const user = userEvent.setup();
    const { client, appId, version } = await seedApp();
    renderRoutes(client, `/create-app-deploy/${appId}/${version.id}`);
    expect(await screen.findByText(/Nothing is deployed yet/)).toBeInTheDocument();
    expect(screen.getByText(/No problems: ready to deploy\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deploy version 1' }));
    expect(await screen.findByRole('heading', { name: 'Version 1 is live' })).toBeInTheDocument();
    expect(await deployedVersionOf(appId)).toBe(version.id);
    expect(screen.getByRole('link', { name: `${window.location.origin}/deployed-app/${appId}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the landing page link' })).toBeInTheDocument();
    expect(screen.getByText(/Anyone can find and open it./)).toBeInTheDocument();
  });

  it('says what changes for visitors compared with the deployed version', async () => {
    const { owner, client, appId, version: live } = await seedApp({ deployed: true });
    const spec: AppSpec = structuredClone(live.spec);
    const write = spec.steps[1];
    if (write?.kind === 'ai') write.config.prompt = 'Write a poem about {{topic}}.';
    spec.steps.push({ id: 'thanks', kind: 'output', title: 'Thanks', next: { type: 'step' }, config: { template: 'Thank you!' } });
    const draft = await nextDraft(owner, appId, spec);
    expect(draft.number).toBe(2);
    renderRoutes(client, `/create-app-deploy/${appId}/${draft.id}`);
    const changes = await screen.findByRole('list', { name: 'Changes since version 1' });
    expect(within(changes).getByText(/“Thanks”/)).toBeInTheDocument();
    expect(within(changes).getByText(/“Write”: the prompt/)).toBeInTheDocument();
  });

  it('describes a renamed step as one changed step, as Compare does, not as one removed and one added', async () => {
    const { owner, client, appId, version: live } = await seedApp({ deployed: true });
    const spec: AppSpec = structuredClone(live.spec);
    const first = spec.steps[0];
    if (first === undefined) throw new Error('the seeded app has no steps');
    const oldId = first.id;
    first.id = 'questions';
    if (spec.entryStepId === oldId) spec.entryStepId = 'questions';
    const draft = await nextDraft(owner, appId, spec);
    renderRoutes(client, `/create-app-deploy/${appId}/${draft.id}`);
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
    const { client, appId, version } = await seedApp({ spec });
    renderRoutes(client, `/create-app-deploy/${appId}/${version.id}`);
    expect(await screen.findByRole('button', { name: 'Deploy version 1' })).toBeDisabled();
    expect(screen.getByText(/no earlier step asks for missing/)).toBeInTheDocument();
    expect(screen.getByText(/Fix the errors first/)).toBeInTheDocument();
  });

  it('will not deploy an api step with an unmapped required parameter or no endpoint, and names both', async () => {
    const owner = await backend().signedInUser('ada');
    const weather = await owner.client.apis.create({
      name: 'Weather',
      base_url: 'https://weather.example.com',
      endpoints: [{ name: 'Current weather', method: 'GET', path: '/weather/{city}', parameters: [{ name: 'city', in: 'path', type: 'string', required: true }] }],
    });
    const spec = parsedSpec({
      entryStepId: 'now',
      steps: [
        { id: 'now', kind: 'api', title: 'Weather now', config: { apiId: weather.id, endpointId: weather.endpoints[0]?.id ?? '', params: {}, outputVariable: 'now' } },
        { id: 'later', kind: 'api', title: 'Weather later', config: { apiId: weather.id, endpointId: '-', params: {}, outputVariable: 'later' } },
        { id: 'show', kind: 'output', title: 'Result', config: { template: '{{now}} {{later}}' } },
      ],
    });
    const { client, appId, version } = await seedApp({ spec, owner });
    renderRoutes(client, `/create-app-deploy/${appId}/${version.id}`);
    const checks = await screen.findByRole('region', { name: 'Checks' });
    expect(await within(checks).findByText('Step “Weather now” must say what goes into “city”, which “Current weather” requires.')).toBeInTheDocument();
    expect(within(checks).getByText('Step “Weather later” does not say which endpoint of “Weather” it calls: pick one.')).toBeInTheDocument();
    expect(checks).not.toHaveTextContent('No problems: ready to deploy.');
    expect(screen.getByRole('button', { name: 'Deploy version 1' })).toBeDisabled();
  });

  it('a refused deploy shows the server’s words and changes nothing', async () => {
    const user = userEvent.setup();
    const { client, appId, version, server } = await seedApp();
    // The deploy never reaches the server (the connection drops).
    server.offline.match = /\/functions\/v1\/deploy-app/;
    renderRoutes(client, `/create-app-deploy/${appId}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Deploy version 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Not deployed: Could not reach the server/);
    expect(await deployedVersionOf(appId)).toBeNull();
  });
});
