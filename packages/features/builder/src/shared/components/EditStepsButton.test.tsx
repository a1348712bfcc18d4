// "The first hour": editing a deployed app took three screens to reach an editable draft. On the
// real backend (@appforge/test-backend): one click from wherever the deployed app shows.
import type { AppforgeClient } from '@appforge/sdk';
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../create/routes';
import { lessonSpec } from '../../create/lib/spec-fixtures';
import { editorRoutes } from '../../editor/routes';
import { homeRoutes } from '../../home/routes';
import { settingsRoutes } from '../../settings/routes';

const backend = setupAppforgeBackend();

const LIVE_STEPS = ['About the lesson', 'Write the plan', 'Your lesson plan'];

/** A signed-in owner with a deployed app whose only version is the live one. */
async function ownerWithDeployedApp() {
  const owner = await backend().signedInUser('ada');
  const made = await owner.client.apps.createFromDescription({ description: 'Plans lessons for a topic and a level' });
  const live = await owner.client.versions.createDraft({ appId: made.app_id, spec: lessonSpec });
  await owner.client.apps.deploy(made.app_id, live.id);
  // As after deploying a draft: the draft pointer is the (now frozen) live version.
  await owner.client.apps.update(made.app_id, { name: 'Lesson planner', draft_version_id: live.id });
  return { owner, appId: made.app_id, live };
}

function render(client: AppforgeClient, path: string) {
  // Lazy pages render nothing until their code has loaded (as in the shell).
  const routes = [
    {
      HydrateFallback: () => null,
      children: [...homeRoutes, ...createRoutes, ...editorRoutes, ...settingsRoutes, standIn('/deployed-app/:appId', 'Deployed app')],
    },
  ];
  return renderWithAppforge({ client, routes, path });
}

const stepTitles = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('link', { name: /^(?!Next step|Delete)/ })
    .map((link) => link.textContent);

/** The editor is open on an editable draft: a draft badge, saving on, no "deployed" notice. */
async function expectEditableDraft(router: ReturnType<typeof render>['router'], appId: string) {
  await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^/create-app/${appId}/[0-9a-f-]{36}$`)));
  await screen.findByRole('list', { name: 'Steps' });
  expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  expect(screen.queryByText(/This version is deployed, so it cannot change/)).not.toBeInTheDocument();
  expect(stepTitles()).toEqual(LIVE_STEPS);
  return router.state.location.pathname.split('/').at(-1) ?? '';
}

describe('editing a deployed app takes one click', { timeout: 120_000 }, () => {
  it('from Home’s card, "Edit steps" opens an editable copy of the live steps; a second click opens the same draft', async () => {
    const user = userEvent.setup();
    const { owner, appId, live } = await ownerWithDeployedApp();
    const { router } = render(owner.client, '/');
    await user.click(await screen.findByRole('button', { name: 'Edit steps of Lesson planner' }));
    const draftId = await expectEditableDraft(router, appId);
    expect(draftId).not.toBe(live.id);

    const app = await owner.client.apps.get(appId);
    expect(app).toMatchObject({ draft_version_id: draftId, deployed_version_id: live.id });
    expect((await owner.client.versions.get(draftId)).parent_version_id).toBe(live.id);

    await router.navigate('/');
    await user.click(await screen.findByRole('button', { name: 'Edit steps of Lesson planner' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${appId}/${draftId}`));
    await screen.findByRole('list', { name: 'Steps' });
    expect(await owner.client.versions.list(appId)).toHaveLength(3);
  });

  it('the read-only deployed version offers "Make changes", which opens the draft in one click', async () => {
    const user = userEvent.setup();
    const { owner, appId, live } = await ownerWithDeployedApp();
    // An app with no draft pointer at all (e.g. its draft was deleted).
    const cleared = await backend().admin.from('App').update({ draft_version_id: null }).eq('id', appId);
    expect(cleared.error).toBeNull();
    const { router } = render(owner.client, `/create-app/${appId}/${live.id}`);
    expect(await screen.findByText(/This version is deployed, so it cannot change/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make changes' }));
    const draftId = await expectEditableDraft(router, appId);
    expect(draftId).not.toBe(live.id);

    // Back on the live version, the notice names the draft and the button opens it again.
    await router.navigate(`/create-app/${appId}/${live.id}`);
    expect(await screen.findByText(/Your changes go into your draft, version \d+/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${appId}/${draftId}`));
    expect((await owner.client.apps.get(appId)).draft_version_id).toBe(draftId);
    expect(await owner.client.versions.list(appId)).toHaveLength(3);
  });

  it('the app overview and the app settings open the same draft in one click', async () => {
    const user = userEvent.setup();
    const { owner, appId } = await ownerWithDeployedApp();
    const { router, unmount } = render(owner.client, `/create-app/${appId}`);
    await screen.findByRole('heading', { level: 1, name: 'Lesson planner' });
    await user.click(within(screen.getByRole('navigation', { name: 'Work on Lesson planner' })).getByRole('button', { name: 'Edit steps' }));
    const draftId = await expectEditableDraft(router, appId);
    unmount();

    const settings = render(owner.client, `/app-settings/${appId}`);
    await user.click(await screen.findByRole('button', { name: 'Edit steps' }));
    await waitFor(() => expect(settings.router.state.location.pathname).toBe(`/create-app/${appId}/${draftId}`));
    expect(await owner.client.versions.list(appId)).toHaveLength(3);
  });

  it('deleting a step of the live version points to "Make changes", which opens the draft where it can be deleted', async () => {
    const user = userEvent.setup();
    const { owner, appId, live } = await ownerWithDeployedApp();
    const { router } = render(owner.client, `/create-app/${appId}/${live.id}/ask/delete`);
    expect(await screen.findByRole('heading', { name: 'Steps of a deployed version cannot be deleted' })).toBeInTheDocument();
    // The button it names is the one the deployed version's notice shows above.
    expect(screen.getByText('Make an editable draft first: use “Make changes” above.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make changes' }));
    const draftId = await expectEditableDraft(router, appId);
    expect(draftId).not.toBe(live.id);
    // The live version is untouched.
    expect((await owner.client.versions.get(live.id)).spec.steps.map((step) => step.id)).toEqual(lessonSpec.steps.map((step) => step.id));
  });

  it('another user cannot make or open a draft of someone else’s app, and nothing changes', async () => {
    const { owner, appId, live } = await ownerWithDeployedApp();
    const mallory = await backend().signedInUser('mallory');
    // The app is public once deployed: mallory can read it, but not edit it.
    await expect(mallory.client.versions.openDraft(appId)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(mallory.client.versions.openDraft('not-an-id')).rejects.toMatchObject({ code: 'not_found' });
    const anonymous = backend().client();
    await expect(anonymous.versions.openDraft(appId)).rejects.toMatchObject({ status: 401 });
    expect(await owner.client.versions.list(appId)).toHaveLength(2);
    expect((await owner.client.apps.get(appId)).draft_version_id).toBe(live.id);
  });
});
