// "Save as test" (issue 30) on the real backend (@appforge/test-backend): a finished run of the
// owner's app becomes a test case with its inputs and its output as the reference.
import type { AppSpecInput } from '@appforge/engine';
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { settingsRoutes } from '../routes';

const backend = setupAppforgeBackend();

const planets: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template: 'You chose {{planet}}.' } },
  ],
};

describe('Save as test, in the run history', () => {
  it('keeps a finished run as a test case of the app and links to the app’s tests', async () => {
    const ada = await backend().signedInUser('ada');
    const appId = crypto.randomUUID();
    const made = await backend().admin.from('App').insert({ id: appId, owner_id: ada.id, name: 'Planets' });
    if (made.error) throw new Error(made.error.message);
    const draft = await ada.client.versions.createDraft({ appId, spec: planets });
    let runId = '';
    for await (const event of ada.client.runs.start({ appId, versionId: draft.id, inputs: { planet: 'Mars' } })) {
      if (event.type === 'run') runId = event.run_id;
    }

    const user = userEvent.setup();
    const view = renderWithAppforge({
      client: ada.client,
      routes: [{ HydrateFallback: () => null, children: [...settingsRoutes, standIn('/app-tests/:appId', 'Tests')] }],
      path: `/app-data/${appId}?run=${runId}`,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Run details' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save as test' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved as the test case “Saved run: Mars”.');
    expect(await ada.client.appTests.listCases(appId)).toMatchObject([
      { name: 'Saved run: Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'You chose Mars.' }], source_run_id: runId },
    ]);
    await user.click(within(dialog).getByRole('link', { name: 'Open the app’s tests' }));
    expect(view.router.state.location.pathname).toBe(`/app-tests/${appId}`);
  });
});
