// Test results in the version history (issue 30), on the real backend (@appforge/test-backend):
// each version shows its latest test run and, when it was deployed anyway, the owner's reason.
import type { AppSpecInput } from '@appforge/engine';
import { useApp } from '@appforge/sdk/react';
import { renderWithAppforge, setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useParams } from 'react-router';
import { VersionsPanel } from './VersionsPanel';

const backend = setupAppforgeBackend();

const planets = (template: string): AppSpecInput => ({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template } },
  ],
});

function Panel() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  return app.data ? <VersionsPanel app={app.data} currentVersionId={versionId} /> : null;
}

describe('The version history with test results', () => {
  it('shows each version’s last test run, and the reason a version was deployed anyway', async () => {
    const ada = await backend().signedInUser('ada');
    const appId = crypto.randomUUID();
    const made = await backend().admin.from('App').insert({ id: appId, owner_id: ada.id, name: 'Planets' });
    if (made.error) throw new Error(made.error.message);
    const first = await ada.client.versions.createDraft({ appId, spec: planets('You chose {{planet}}.') });
    await ada.client.appTests.createCase({ appId, name: 'Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'You chose Mars.' }] });
    await ada.client.apps.deploy(appId, first.id);
    const second = await ada.client.versions.createDraft({ appId, spec: planets('Planet: {{planet}}') });
    await expect(ada.client.apps.deploy(appId, second.id)).rejects.toMatchObject({ code: 'tests_failed' });
    await ada.client.apps.deploy(appId, second.id, { overrideReason: 'The wording changed on purpose.' });

    renderWithAppforge({
      client: ada.client,
      routes: [{ HydrateFallback: () => null, children: [{ path: '/versions/:appId/:versionId', Component: Panel }] }],
      path: `/versions/${appId}/${second.id}`,
    });
    const list = await screen.findByRole('list', { name: 'Versions' });
    const items = within(list).getAllByRole('listitem');
    const byTitle = (title: string) => items.find((item) => within(item).queryByRole('heading', { name: title }) !== null);
    const v1 = byTitle('Version 1');
    const v2 = byTitle('Version 2');
    if (!v1 || !v2) throw new Error('both versions should be listed');
    expect(await within(v1).findByText('Last test run: 1 passed, 0 failed.')).toBeInTheDocument();
    expect(within(v1).getByText('Tests pass')).toBeInTheDocument();
    expect(within(v1).queryByText(/Deployed anyway/)).not.toBeInTheDocument();
    expect(within(v2).getByText('Last test run: 0 passed, 1 failed.')).toBeInTheDocument();
    expect(within(v2).getByText('Tests fail')).toBeInTheDocument();
    expect(within(v2).getByText('Deployed anyway: “The wording changed on purpose.”')).toBeInTheDocument();
  });
});
