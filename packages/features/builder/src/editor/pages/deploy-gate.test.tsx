// The publish gate on the deploy page (issue 30), on the real backend (@appforge/test-backend):
// Deploy runs the app's test cases first; a failing must-pass case refuses the deploy and shows
// the case's output beside the live version's, and "Deploy anyway" needs a written reason.
import type { AppSpecInput } from '@appforge/engine';
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { editorRoutes } from '../routes';

const backend = setupAppforgeBackend();

const planets = (template: string): AppSpecInput => ({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template } },
  ],
});

async function appWithLiveVersion(label: string) {
  const ada = await backend().signedInUser(label);
  const appId = crypto.randomUUID();
  const made = await backend().admin.from('App').insert({ id: appId, owner_id: ada.id, name: 'Planets' });
  if (made.error) throw new Error(made.error.message);
  const live = await ada.client.versions.createDraft({ appId, spec: planets('You chose {{planet}}.') });
  await ada.client.apps.deploy(appId, live.id);
  return { ada, appId, live };
}

function renderDeploy(client: Parameters<typeof renderWithAppforge>[0]['client'], path: string) {
  return renderWithAppforge({
    client,
    routes: [{ HydrateFallback: () => null, children: [...editorRoutes, standIn('/app-tests/:appId', 'Tests')] }],
    path,
  });
}

describe('Deploy with test cases', () => {
  it('refuses a version that breaks a must-pass case, shows its output beside the live one, and deploys anyway only with a reason', async () => {
    const { ada, appId, live } = await appWithLiveVersion('ada');
    await ada.client.appTests.createCase({ appId, name: 'Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'You chose Mars.' }] });
    // The live version's own test run: what the diff compares with.
    for await (const event of ada.client.appTests.run({ appId, versionId: live.id })) void event;
    const draft = await ada.client.versions.createDraft({ appId, spec: planets('Planet: {{planet}}') });

    const user = userEvent.setup();
    renderDeploy(ada.client, `/create-app-deploy/${appId}/${draft.id}`);
    await user.click(await screen.findByRole('button', { name: 'Deploy version 2' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Version 2 was not deployed: a must-pass test case fails (“Mars”). Fix the app, or deploy anyway and write why.',
    );
    const failing = within(screen.getByRole('region', { name: 'Must-pass cases that fail' })).getByRole('listitem', { name: 'Mars' });
    expect(within(failing).getByText('The output does not contain “You chose Mars.”.')).toBeInTheDocument();
    expect(within(failing).getByRole('figure', { name: 'Version 2' })).toHaveTextContent('Planet: Mars');
    expect(await within(failing).findByRole('figure', { name: 'Live version 1' })).toHaveTextContent('You chose Mars.');
    expect((await ada.client.apps.get(appId)).deployed_version_id).toBe(live.id);

    // An empty reason is refused here, with what to do.
    const form = screen.getByRole('form', { name: 'Deploy anyway' });
    await user.click(within(form).getByRole('button', { name: 'Deploy anyway' }));
    expect(await within(form).findByText('Write why you deploy although tests fail.')).toBeInTheDocument();
    expect((await ada.client.apps.get(appId)).deployed_version_id).toBe(live.id);

    await user.type(within(form).getByRole('textbox', { name: /Why deploy anyway\?/ }), 'The new wording is on purpose; the case follows tomorrow.');
    await user.click(within(form).getByRole('button', { name: 'Deploy anyway' }));
    expect(await screen.findByRole('heading', { name: 'Version 2 is live' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Deployed although must-pass test cases fail.');
    expect(await ada.client.appTests.listDeploys(appId)).toMatchObject([
      { version_id: draft.id, override_reason: 'The new wording is on purpose; the case follows tomorrow.', failing: [{ name: 'Mars', status: 'failed' }] },
      { version_id: live.id, override_reason: null },
    ]);
  });

  it('deploys an app without test cases as before, with a nudge to add some', async () => {
    const { ada, appId } = await appWithLiveVersion('bea');
    const draft = await ada.client.versions.createDraft({ appId, spec: planets('Planet: {{planet}}') });
    const user = userEvent.setup();
    const view = renderDeploy(ada.client, `/create-app-deploy/${appId}/${draft.id}`);
    const nudge = await screen.findByRole('link', { name: 'Add test cases…' });
    await user.click(screen.getByRole('button', { name: 'Deploy version 2' }));
    expect(await screen.findByRole('heading', { name: 'Version 2 is live' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(nudge).toBeDefined();
    void view;
  });

  it('links the nudge to the app’s tests', async () => {
    const { ada, appId } = await appWithLiveVersion('cy');
    const draft = await ada.client.versions.createDraft({ appId, spec: planets('Planet: {{planet}}') });
    const user = userEvent.setup();
    const view = renderDeploy(ada.client, `/create-app-deploy/${appId}/${draft.id}`);
    await user.click(await screen.findByRole('link', { name: 'Add test cases…' }));
    expect(view.router.state.location.pathname).toBe(`/app-tests/${appId}`);
  });
});
