// The Tests page on the real backend (@appforge/test-backend): cases are written and run through
// client.appTests, the run-app-tests function runs them on the app's real versions (a template
// output step: no model involved, so every result is reproducible).
import type { AppSpecInput } from '@appforge/engine';
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../index';

const backend = setupAppforgeBackend();

const planets: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template: 'You chose {{planet}}.' } },
  ],
};

function render(client: TestUser['client'], appId: string) {
  return renderWithAppforge({
    client,
    routes: [...routes, standIn('/', 'Your apps'), standIn('/app-settings/:appId', 'App settings')],
    path: `/app-tests/${appId}`,
  });
}

/** An app of the user's with a draft built from `spec`. */
async function appWithDraft(user: TestUser, name: string, spec: AppSpecInput = planets): Promise<string> {
  const appId = crypto.randomUUID();
  const made = await backend().admin.from('App').insert({ id: appId, owner_id: user.id, name });
  if (made.error) throw new Error(made.error.message);
  const draft = await user.client.versions.createDraft({ appId, spec });
  const linked = await backend().admin.from('App').update({ draft_version_id: draft.id }).eq('id', appId);
  if (linked.error) throw new Error(linked.error.message);
  return appId;
}

describe('/app-tests/:appId', () => {
  it('says what tests are for, refuses a case with a broken pattern in the engine’s words, and lists the case once fixed', async () => {
    const ada = await backend().signedInUser('ada');
    const appId = await appWithDraft(ada, 'Planets');
    const user = userEvent.setup();
    render(ada.client, appId);

    expect(await screen.findByRole('heading', { name: 'No test cases yet' })).toBeInTheDocument();
    expect(screen.getByText(/checks its answer, so you learn that an edit broke something/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tests · Planets · Appforge'));

    await user.click(screen.getByRole('button', { name: 'Add a test case' }));
    const form = screen.getByRole('form', { name: 'New test case' });
    await user.type(within(form).getByLabelText(/^Name/), 'Answers about Mars');
    // The input is the app's own control: a required text field named "Planet".
    await user.type(within(form).getByLabelText(/^Planet/), 'Mars');
    await user.selectOptions(within(form).getByLabelText('What to check'), 'Matches a pattern');
    await user.type(within(form).getByLabelText(/^Pattern/), '(Mars');
    await user.click(within(form).getByRole('button', { name: 'Save test case' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Check 1: The pattern cannot be used: A group opened with ( is never closed.');
    expect(await ada.client.appTests.listCases(appId)).toEqual([]);

    await user.type(within(form).getByLabelText(/^Pattern/), ')');
    await user.click(within(form).getByRole('button', { name: 'Save test case' }));

    const list = await screen.findByRole('list', { name: 'Test cases' });
    const item = within(list).getByRole('listitem', { name: 'Answers about Mars' });
    expect(item).toHaveTextContent('Checks: matches /(Mars)/.');
    expect(within(item).getByText('Must pass')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New test case' })).not.toBeInTheDocument();
    expect(await ada.client.appTests.listCases(appId)).toMatchObject([{ name: 'Answers about Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'matches', pattern: '(Mars)' }] }]);
  });

  it('saves "n of m runs pass" on a case, and refuses more runs that must pass than runs in plain words', async () => {
    const ada = await backend().signedInUser('ada');
    const appId = await appWithDraft(ada, 'Planets');
    const user = userEvent.setup();
    render(ada.client, appId);
    await user.click(await screen.findByRole('button', { name: 'Add a test case' }));
    const form = screen.getByRole('form', { name: 'New test case' });
    await user.type(within(form).getByLabelText(/^Name/), 'Mostly Mars');
    await user.type(within(form).getByLabelText(/^Planet/), 'Mars');
    await user.type(within(form).getByLabelText(/^The output contains/), 'Mars');
    const passes = within(form).getByLabelText(/^Runs that must pass/);
    const runs = within(form).getByLabelText(/^Runs$/);
    await user.clear(passes);
    await user.type(passes, '4');
    await user.clear(runs);
    await user.type(runs, '3');
    await user.click(within(form).getByRole('button', { name: 'Save test case' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The runs that must pass cannot be more than the runs: choose n of m with n at most m.');
    expect(await ada.client.appTests.listCases(appId)).toEqual([]);

    await user.clear(passes);
    await user.type(passes, '2');
    await user.click(within(form).getByRole('button', { name: 'Save test case' }));
    await screen.findByRole('list', { name: 'Test cases' });
    expect(await ada.client.appTests.listCases(appId)).toMatchObject([{ name: 'Mostly Mars', runs: 3, passes_needed: 2 }]);
  });

  it('refuses inputs the app would refuse, beside the field, and saves nothing', async () => {
    const ada = await backend().signedInUser('ada-inputs');
    const appId = await appWithDraft(ada, 'Planets');
    const user = userEvent.setup();
    render(ada.client, appId);

    await user.click(await screen.findByRole('button', { name: 'Add a test case' }));
    const form = screen.getByRole('form', { name: 'New test case' });
    await user.type(within(form).getByLabelText(/^Name/), 'No planet');
    await user.type(within(form).getByLabelText('The output contains'), 'You chose');
    await user.click(within(form).getByRole('button', { name: 'Save test case' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Some inputs are not what the app accepts');
    expect(within(form).getByLabelText(/^Planet/)).toHaveAccessibleDescription(/Planet/);
    expect(await ada.client.appTests.listCases(appId)).toEqual([]);
  });

  it('calls the version live, not a draft, right after it was deployed', async () => {
    const ada = await backend().signedInUser('ada-live');
    const appId = await appWithDraft(ada, 'Planets');
    const app = await backend().admin.from('App').select('draft_version_id').eq('id', appId).single();
    if (app.error) throw new Error(app.error.message);
    await ada.client.apps.deploy(appId, app.data.draft_version_id ?? '');
    render(ada.client, appId);

    await waitFor(() => expect(screen.getByLabelText('Version')).toHaveDisplayValue('Live (version 1)'));
    expect(screen.queryByRole('option', { name: /Draft/ })).toBeNull();
  });

  it('runs the cases on the draft and shows which passed and which failed, with the reason and the output, then keeps the run', async () => {
    const ada = await backend().signedInUser('ada-run');
    const appId = await appWithDraft(ada, 'Planets');
    await ada.client.appTests.createCase({ appId, name: 'Names Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'You chose Mars' }] });
    await ada.client.appTests.createCase({ appId, name: 'Says Venus', inputs: { planet: 'Earth' }, expectations: [{ kind: 'contains', text: 'Venus' }] });
    const user = userEvent.setup();
    render(ada.client, appId);

    expect(await screen.findByText('No test run yet. Runs you start here are kept, with each case\'s result.')).toBeInTheDocument();
    expect(screen.getByLabelText('Version')).toHaveDisplayValue('Draft (version 1)');
    await user.click(screen.getByRole('button', { name: 'Run tests' }));

    expect(await screen.findByText('Finished on version 1: 1 of 2 passed; 1 failed.', {}, { timeout: 60_000 })).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Results of this test run' });
    const passed = within(results).getByRole('listitem', { name: 'Names Mars' });
    expect(within(passed).getByText('Passed')).toBeInTheDocument();
    const failed = within(results).getByRole('listitem', { name: 'Says Venus' });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(failed).toHaveTextContent('The output does not contain “Venus”.');
    expect(failed).toHaveTextContent('You chose Earth.');

    const history = await screen.findByRole('list', { name: 'Previous test runs' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('1 of 2 passed'));
    const row = within(history).getAllByRole('listitem')[0];
    if (!row) throw new Error('the run is listed');
    expect(row).toHaveTextContent(/^You · .* · version 1/);
    await user.click(within(row).getByRole('button', { name: 'Show results' }));
    const earlier = await within(row).findByRole('list', { name: 'Results of the earlier test run' });
    expect(within(earlier).getByRole('listitem', { name: 'Says Venus' })).toHaveTextContent('The output does not contain “Venus”.');
  });

  it('says how many of a case’s runs passed ("n of m runs pass"), as the run goes and in the kept run', async () => {
    const ada = await backend().signedInUser('ada-runs');
    const appId = await appWithDraft(ada, 'Planets');
    await ada.client.appTests.createCase({ appId, name: 'Mostly Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'Mars' }], runs: 3, passesNeeded: 2 });
    await ada.client.appTests.createCase({ appId, name: 'Once Venus', inputs: { planet: 'Earth' }, expectations: [{ kind: 'contains', text: 'Venus' }], runs: 2, passesNeeded: 1 });
    await ada.client.appTests.createCase({ appId, name: 'Single Mars', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'Mars' }] });
    const user = userEvent.setup();
    render(ada.client, appId);

    await user.click(await screen.findByRole('button', { name: 'Run tests' }));
    expect(await screen.findByText('Finished on version 1: 2 of 3 passed; 1 failed.', {}, { timeout: 60_000 })).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Results of this test run' });
    expect(within(results).getByRole('listitem', { name: 'Mostly Mars' })).toHaveTextContent('3 of 3 runs passed (2 needed)');
    expect(within(results).getByRole('listitem', { name: 'Once Venus' })).toHaveTextContent('0 of 2 runs passed (1 needed)');
    // A case that runs once says nothing about runs.
    expect(within(results).getByRole('listitem', { name: 'Single Mars' })).not.toHaveTextContent(/runs passed/);

    const history = await screen.findByRole('list', { name: 'Previous test runs' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('2 of 3 passed'));
    const row = within(history).getAllByRole('listitem')[0];
    if (!row) throw new Error('the run is listed');
    await user.click(within(row).getByRole('button', { name: 'Show results' }));
    const earlier = await within(row).findByRole('list', { name: 'Results of the earlier test run' });
    expect(within(earlier).getByRole('listitem', { name: 'Mostly Mars' })).toHaveTextContent('3 of 3 runs passed (2 needed)');
    expect(within(earlier).getByRole('listitem', { name: 'Once Venus' })).toHaveTextContent('0 of 2 runs passed (1 needed)');
  });

  it('marks a case whose inputs no longer fit the app as needing an update, and says why', async () => {
    const ada = await backend().signedInUser('ada-update');
    const appId = await appWithDraft(ada, 'Planets');
    // Written for an earlier version that asked for a "moon".
    await ada.client.appTests.createCase({ appId, name: 'Old moon case', inputs: { moon: 'Phobos' }, expectations: [{ kind: 'contains', text: 'Phobos' }] });
    await ada.client.appTests.createCase({ appId, name: 'Fits the app', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'Mars' }] });
    render(ada.client, appId);

    const list = await screen.findByRole('list', { name: 'Test cases' });
    const stale = within(list).getByRole('listitem', { name: 'Old moon case' });
    expect(within(stale).getByText('Needs update')).toBeInTheDocument();
    expect(within(stale).getByRole('list', { name: 'Why “Old moon case” needs an update' })).toHaveTextContent('The app no longer has a field named moon.');
    expect(within(within(list).getByRole('listitem', { name: 'Fits the app' })).queryByText('Needs update')).not.toBeInTheDocument();
  });

  it('shows someone else’s app as not found, with none of its cases', async () => {
    const ada = await backend().signedInUser('ada-owner');
    const mallory = await backend().signedInUser('mallory');
    const appId = await appWithDraft(ada, 'Planets');
    await ada.client.appTests.createCase({ appId, name: 'Secret case', inputs: { planet: 'Mars' }, expectations: [{ kind: 'contains', text: 'Mars' }] });
    render(mallory.client, appId);

    expect(await screen.findByRole('alert')).toHaveTextContent('This app does not exist, or it is not yours.');
    expect(screen.queryByText('Secret case')).not.toBeInTheDocument();
  });
});
