import type { AppSpec } from '@appforge/engine';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

describe('/create-app/:appId/:versionId/:stepId/delete', () => {
  it('names the steps that lead to it and the steps that use its variable, then deletes and joins the flow', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    const { router } = renderRoutes(client, `/create-app/${app.id}/${version.id}/write/delete`);
    expect(await screen.findByRole('heading', { name: 'Delete “Write”?' })).toHaveFocus();
    expect(screen.getByText(/This step leads here: “Your topic”\. They will go to “Result” instead\./)).toBeInTheDocument();
    expect(screen.getByText(/It sets \{\{text\}\}, used by “Result”\. Those steps will show an error until you change them\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete step' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${app.id}/${version.id}`));
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec.steps.map((step) => step.id)).toEqual(['ask', 'show']));
    // The result step now uses a variable nobody sets: the list says so.
    expect(await screen.findByRole('region', { name: 'Checks' })).toHaveTextContent(/1 error/);
  });

  it('warns that the app starts with it, and that branches to a branching step need a new target', async () => {
    const spec: AppSpec = {
      entryStepId: 'pick',
      steps: [
        { id: 'pick', kind: 'output', title: 'Pick', config: { template: 'Pick one' }, next: { type: 'choices', buttons: [{ label: 'A', goto: 'a' }, { label: 'Stop', goto: 'end' }] } },
        { id: 'a', kind: 'output', title: 'Path A', config: { template: 'A' }, next: { type: 'step', stepId: 'pick' } },
      ],
    };
    const { client, app, version } = seedApp({ spec });
    renderRoutes(client, `/create-app/${app.id}/${version.id}/pick/delete`);
    expect(await screen.findByText(/The app starts with this step\. It will start with “Path A” instead\./)).toBeInTheDocument();
    expect(screen.getByText(/This step branches, so you will choose a new next step for them/)).toBeInTheDocument();
  });

  it('Cancel goes back to the step and changes nothing', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    const { router } = renderRoutes(client, `/create-app/${app.id}/${version.id}/show/delete`);
    expect(await screen.findByText(/This step leads here: “Write”\. They will go to the end of the app instead\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${app.id}/${version.id}/show`));
    expect(client.fake.calls('versions.updateSpec')).toHaveLength(0);
  });
});
