import { createFakeAppforgeClient, makeApp, makeExternalApi, makeExternalApiEndpoint, makeSpec, makeVersion } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lessonSpec, specWithProblems } from '../lib/spec-fixtures';
import { renderRoute } from '../test/render';

function ownerWithApp(spec = lessonSpec) {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const app = makeApp({ owner_id: session.user.id, name: 'Lesson planner', description: 'Plans lessons.' });
  const version = makeVersion({ app_id: app.id, spec });
  client.fake.data.apps[app.id] = { ...app, draft_version_id: version.id };
  client.fake.data.versions[version.id] = version;
  return { client, app, version };
}

describe('/create-app/:appId', () => {
  it('shows a skeleton, then the app’s name and its steps in order', async () => {
    const { client, app } = ownerWithApp();
    renderRoute(`/create-app/${app.id}`, { client });
    expect(await screen.findByText('Loading your app…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
    const steps = await screen.findByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '1. About the lesson',
      '2. Write the plan',
      '3. Your lesson plan',
    ]);
    expect(screen.getByText('No problems found: this version is ready to deploy.')).toBeInTheDocument();
    expect(screen.getByText('Not deployed yet')).toBeInTheDocument();
  });

  it('once the version is deployed, says it is live instead of "ready to deploy" (issue 27)', async () => {
    const { client, app, version } = ownerWithApp();
    client.fake.data.apps[app.id] = { ...app, draft_version_id: null, deployed_version_id: version.id };
    client.fake.data.versions[version.id] = { ...version, frozen: true };
    renderRoute(`/create-app/${app.id}`, { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
    expect(await screen.findByText('No problems found: this version is live.')).toBeInTheDocument();
    expect(screen.queryByText(/ready to deploy/)).toBeNull();
  });

  it('says when the first version came from a template because no AI model is set up (issue 27)', async () => {
    const { client, app, version } = ownerWithApp();
    const summary = 'Built by the offline model from the “Quiz maker” template (it matched: quiz).';
    client.fake.data.versions[version.id] = { ...version, source: 'template', change_summary: summary };
    renderRoute(`/create-app/${app.id}`, { client });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('No AI model is set up here, so this app was started from a ready-made template instead of being written from your description.');
    expect(note).toHaveTextContent('“Quiz maker” template');
  });

  it('says nothing of templates when a model wrote the app', async () => {
    const { client, app, version } = ownerWithApp();
    client.fake.data.versions[version.id] = { ...version, source: 'ai' };
    renderRoute(`/create-app/${app.id}`, { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Steps' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('leads to the step editor, the AI builder, the settings and the runs of this app', async () => {
    const { client, app, version } = ownerWithApp();
    renderRoute(`/create-app/${app.id}`, { client });
    const nav = await screen.findByRole('navigation', { name: 'Work on Lesson planner' });
    expect(within(nav).getByRole('link', { name: 'Edit steps' })).toHaveAttribute('href', `/create-app/${app.id}/${version.id}`);
    expect(within(nav).getByRole('link', { name: 'Change with AI' })).toHaveAttribute('href', `/ai-builder/${app.id}/${version.id}`);
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', `/app-settings/${app.id}`);
    expect(within(nav).getByRole('link', { name: 'Runs' })).toHaveAttribute('href', `/app-data/${app.id}`);
  });

  it('previews the draft: asks the inputs, streams the offline model’s answer, offers the choice', async () => {
    const user = userEvent.setup();
    const { client, app, version } = ownerWithApp();
    renderRoute(`/create-app/${app.id}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Run preview' }));

    const form = await screen.findByRole('form', { name: 'About the lesson' });
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('“Topic” is required.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Topic/ }), 'Volcanoes');
    await user.click(screen.getByRole('radio', { name: 'beginner' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const output = screen.getByRole('region', { name: 'Output' });
    await waitFor(() => expect(output).toHaveTextContent(/Offline model/));
    expect(await screen.findByRole('group', { name: 'What now?' })).toBeInTheDocument();
    expect(screen.getByTitle(/offline model answered/)).toHaveTextContent('Offline model');
    expect(output).toHaveTextContent('Volcanoes');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Finished')).toBeInTheDocument();

    const [call] = client.fake.calls('runs.start');
    expect(call?.[0]).toMatchObject({ appId: app.id, versionId: version.id });
  });

  it('deploys the draft and shows the public links', async () => {
    const user = userEvent.setup();
    const { client, app, version } = ownerWithApp();
    renderRoute(`/create-app/${app.id}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Deploy version 1' }));

    const links = await screen.findByRole('list', { name: 'Public links' });
    expect(within(links).getByRole('link', { name: `${window.location.origin}/deployed-app/${app.id}` })).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: `${window.location.origin}/landing-page/${app.id}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deployed' })).toBeDisabled();
    expect(client.fake.data.apps[app.id]?.deployed_version_id).toBe(version.id);
    expect(client.fake.data.versions[version.id]?.frozen).toBe(true);
  });

  it('lists the validator’s problems live, and a refused deploy shows each problem under its step', async () => {
    const user = userEvent.setup();
    const { client, app } = ownerWithApp(specWithProblems());
    renderRoute(`/create-app/${app.id}`, { client });
    const live = await screen.findByRole('region', { name: /problems to fix before deploying/ });
    expect(within(live).getByRole('heading', { name: '2. Write' })).toBeInTheDocument();
    expect(within(live).getByText(/\(config\.prompt\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deploy version 1' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('This version cannot be deployed yet.');
    const write = within(refusal).getByRole('heading', { name: '2. Write' }).parentElement as HTMLElement;
    expect(write).toHaveTextContent('(config.prompt)');
    expect(write).toHaveTextContent('(next.stepId)');
    expect(within(refusal).getByRole('heading', { name: '3. Show' })).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.deployed_version_id).toBeNull();
  });

  it('shows another user’s app as not found, revealing nothing of it', async () => {
    const { client } = ownerWithApp();
    const theirs = makeApp({ name: 'Secret app' });
    const version = makeVersion({ app_id: theirs.id });
    client.fake.data.apps[theirs.id] = { ...theirs, draft_version_id: version.id };
    client.fake.data.versions[version.id] = version;
    renderRoute(`/create-app/${theirs.id}`, { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
    expect(screen.queryByText('Secret app')).toBeNull();
    expect(client.fake.calls('apps.deploy')).toEqual([]);
  });

  it('shows an address that is not an app id as not found without asking the server', async () => {
    const { client } = ownerWithApp();
    renderRoute('/create-app/not-an-id', { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
    expect(client.fake.calls('apps.get')).toEqual([]);
  });

  it('says when the app could not be loaded and retries', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, app } = ownerWithApp();
    client.fake.fail('apps.get');
    renderRoute(`/create-app/${app.id}`, { client });
    expect(await screen.findByRole('heading', { name: 'Your app could not be loaded.' })).toBeInTheDocument();
    client.fake.heal('apps.get');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
  });

  it('checks the api steps against the creator’s APIs and never calls such a version ready (issue 27)', async () => {
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
        { id: 'show', kind: 'output', title: 'Result', config: { template: '{{now}}' } },
      ],
    });
    const app = makeApp({ owner_id: session.user.id, name: 'Weather today' });
    const version = makeVersion({ app_id: app.id, spec });
    client.fake.data.apps[app.id] = { ...app, draft_version_id: version.id };
    client.fake.data.versions[version.id] = version;
    renderRoute(`/create-app/${app.id}`, { client });
    expect(await screen.findByText('Step “Weather now” must say what goes into “city”, which “Current weather” requires.')).toBeInTheDocument();
    expect(screen.getByText(/problems? to fix before deploying/)).toBeInTheDocument();
    expect(screen.queryByText(/No problems found/)).not.toBeInTheDocument();
  });
});
