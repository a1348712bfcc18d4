// On the real backend (@appforge/test-backend): the app is made from a description through
// create-app-from-description (the offline model, so its first version is a template's), given its
// steps through the SDK, deployed through deploy-app, and previewed through run-app. What the
// server stored is read back with the service role.
import type { AppSpec } from '@appforge/engine';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownApp, spec, watchedServer } from '../../shared/test/backend';
import { lessonSpec, specWithProblems } from '../lib/spec-fixtures';
import { renderRoute } from '../test/render';

const backend = setupAppforgeBackend();

/** A new owner's app "Lesson planner" with `appSpec` as its draft. */
async function ownerWithApp(appSpec: AppSpec = lessonSpec, owner?: TestUser) {
  const who = owner ?? (await backend().signedInUser('ada'));
  const { appId, versionId } = await ownApp(who, { name: 'Lesson planner', description: 'Plans lessons.', spec: appSpec });
  return { owner: who, client: who.client, appId, versionId };
}

/** The app's row as the server stored it. */
async function appRow(appId: string) {
  const { data, error } = await backend().admin.from('App').select('deployed_version_id, draft_version_id').eq('id', appId).single();
  if (error) throw new Error(error.message);
  return data;
}

describe('/create-app/:appId', () => {
  it('shows a skeleton, then the app’s name and its steps in order', async () => {
    const { client, appId } = await ownerWithApp();
    renderRoute(`/create-app/${appId}`, { client });
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
    const owner = await backend().signedInUser('ada');
    const { appId } = await ownApp(owner, { name: 'Lesson planner', spec: lessonSpec, deployed: true });
    renderRoute(`/create-app/${appId}`, { client: owner.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
    expect(await screen.findByText('No problems found: this version is live.')).toBeInTheDocument();
    expect(screen.queryByText(/ready to deploy/)).toBeNull();
  });

  it('says when the first version came from a template because no AI model is set up (issue 27)', async () => {
    // The offline model picks a template by the description's words: "quiz" picks the quiz maker.
    const owner = await backend().signedInUser('ada');
    const made = await owner.client.apps.createFromDescription({ description: 'A quiz about the planets for my class' });
    const version = await owner.client.versions.get(made.version_id ?? '');
    expect(version.source).toBe('template');
    renderRoute(`/create-app/${made.app_id}`, { client: owner.client });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('No AI model is set up here, so this app was started from a ready-made template instead of being written from your description.');
    expect(note).toHaveTextContent(version.change_summary ?? 'a change summary');
    expect(note).toHaveTextContent(/“.+” template/);
  });

  it('leads to the step editor, the AI builder, the settings and the runs of this app', async () => {
    const { client, appId, versionId } = await ownerWithApp();
    renderRoute(`/create-app/${appId}`, { client });
    const nav = await screen.findByRole('navigation', { name: 'Work on Lesson planner' });
    expect(within(nav).getByRole('link', { name: 'Edit steps' })).toHaveAttribute('href', `/create-app/${appId}/${versionId}`);
    expect(within(nav).getByRole('link', { name: 'Change with AI' })).toHaveAttribute('href', `/ai-builder/${appId}/${versionId}`);
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', `/app-settings/${appId}`);
    expect(within(nav).getByRole('link', { name: 'Runs' })).toHaveAttribute('href', `/app-data/${appId}`);
  });

  it('previews the draft: asks the inputs, streams the offline model’s answer, offers the choice', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId } = await ownerWithApp();
    renderRoute(`/create-app/${appId}`, { client });
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

    // The preview ran the draft (not a deployed version) through run-app.
    const runs = await backend().admin.from('AppRun').select('version_id, status, inputs').eq('app_id', appId);
    expect(runs.data).toEqual([{ version_id: versionId, status: 'done', inputs: expect.objectContaining({ topic: 'Volcanoes', level: 'beginner' }) }]);
  });

  it('deploys the draft and shows the public links', async () => {
    const user = userEvent.setup();
    const { client, appId, versionId } = await ownerWithApp();
    renderRoute(`/create-app/${appId}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Deploy version 1' }));

    const links = await screen.findByRole('list', { name: 'Public links' });
    expect(within(links).getByRole('link', { name: `${window.location.origin}/deployed-app/${appId}` })).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: `${window.location.origin}/landing-page/${appId}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deployed' })).toBeDisabled();
    expect((await appRow(appId)).deployed_version_id).toBe(versionId);
    const version = await backend().admin.from('AppVersion').select('frozen').eq('id', versionId).single();
    expect(version.data?.frozen).toBe(true);
  });

  it('lists the validator’s problems live, and a refused deploy shows each problem under its step', async () => {
    const user = userEvent.setup();
    const { client, appId } = await ownerWithApp(specWithProblems());
    renderRoute(`/create-app/${appId}`, { client });
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
    expect((await appRow(appId)).deployed_version_id).toBeNull();
  });

  it('shows another user’s app as not found, revealing nothing of it', async () => {
    const me = await backend().signedInUser('ada');
    const them = await backend().signedInUser('grace');
    const theirs = await ownApp(them, { name: 'Secret app' });
    renderRoute(`/create-app/${theirs.appId}`, { client: me.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
    expect(screen.queryByText('Secret app')).toBeNull();
    expect(await appRow(theirs.appId)).toEqual({ deployed_version_id: null, draft_version_id: theirs.versionId });
  });

  it('shows an address that is not an app id as not found without asking the server', async () => {
    const server = watchedServer();
    const { client } = await backend().signedInUser('ada', { fetch: server.fetch });
    server.requests.length = 0;
    renderRoute('/create-app/not-an-id', { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
    expect(server.requests.filter((url) => url.includes('/rest/v1/App'))).toEqual([]);
  });

  it('says when the app could not be loaded and retries', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = watchedServer();
    const owner = await backend().signedInUser('ada', { fetch: server.fetch });
    const { client, appId } = await ownerWithApp(lessonSpec, owner);
    server.failing.match = /\/rest\/v1\/App\?/;
    renderRoute(`/create-app/${appId}`, { client });
    expect(await screen.findByRole('heading', { name: 'Your app could not be loaded.' })).toBeInTheDocument();
    server.failing.match = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
  });

  it('checks the api steps against the creator’s APIs and never calls such a version ready (issue 27)', async () => {
    const owner = await backend().signedInUser('ada');
    const weather = await owner.client.apis.create({
      name: 'Weather',
      base_url: 'https://weather.example.com',
      endpoints: [{ name: 'Current weather', method: 'GET', path: '/weather/{city}', parameters: [{ name: 'city', in: 'path', type: 'string', required: true }] }],
    });
    const appSpec = spec({
      entryStepId: 'now',
      steps: [
        { id: 'now', kind: 'api', title: 'Weather now', config: { apiId: weather.id, endpointId: weather.endpoints[0]?.id ?? '', params: {}, outputVariable: 'now' } },
        { id: 'show', kind: 'output', title: 'Result', config: { template: '{{now}}' } },
      ],
    });
    const { appId } = await ownApp(owner, { name: 'Weather today', spec: appSpec });
    renderRoute(`/create-app/${appId}`, { client: owner.client });
    expect(await screen.findByText('Step “Weather now” must say what goes into “city”, which “Current weather” requires.')).toBeInTheDocument();
    expect(screen.getByText(/problems? to fix before deploying/)).toBeInTheDocument();
    expect(screen.queryByText(/No problems found/)).not.toBeInTheDocument();
  });
});
