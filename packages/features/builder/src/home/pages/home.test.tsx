// On the real backend (@appforge/test-backend): apps made from a description and renamed through
// the SDK, deployed through deploy-app, a run through run-app on the offline model.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../editor/test-render';
import { ESSAY_SPEC, ownApp, runApp, watchedServer } from '../../shared/test/backend';

const backend = setupAppforgeBackend();

const cardNames = () => within(screen.getByRole('list', { name: 'Your apps' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/ — the home screen', () => {
  it('teaches the first step when there are no apps yet', async () => {
    const { client } = await backend().signedInUser('ada');
    renderRoutes(client, '/');
    expect(await screen.findByRole('heading', { name: 'Create your first app' })).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Create app' });
    expect(create[0]).toHaveAttribute('href', '/create-new-app');
    expect(screen.queryByLabelText('Search your apps')).not.toBeInTheDocument();
    expect(await screen.findByText(/No runs yet/)).toBeInTheDocument();
  });

  it('shows each app as a card with its status, last change and runs this week, and links into the builder', async () => {
    const owner = await backend().signedInUser('ada');
    const live = await ownApp(owner, { name: 'Quiz maker', spec: ESSAY_SPEC, deployed: true, draftAfterDeploy: true });
    await ownApp(owner, { name: 'Draft idea' });
    await runApp(owner.client, live.appId, { essay: 'A short essay.' });
    const changed = await backend().admin.from('App').select('updated_at').eq('id', live.appId).single();
    if (changed.error) throw new Error(changed.error.message);
    renderRoutes(owner.client, '/');
    const card = (await screen.findByRole('heading', { name: 'Quiz maker' })).closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Deployed')).toBeInTheDocument();
    expect(within(card).getByText('Unpublished changes')).toBeInTheDocument();
    // The last change is the app row's own, as the server stamped it.
    const lastChange = within(card).getByText('Last change').nextElementSibling?.querySelector('time');
    expect(lastChange).toHaveAttribute('datetime', new Date(changed.data.updated_at).toISOString());
    expect(lastChange?.textContent).toMatch(/ago|now/);
    expect(within(card).getByText('Runs in the last 7 days').nextElementSibling).toHaveTextContent('1');
    expect(within(card).getByRole('link', { name: 'Quiz maker' })).toHaveAttribute('href', `/create-app/${live.appId}`);
    // A deployed app's steps open in its draft (made on the click when there is none).
    expect(within(card).getByRole('button', { name: 'Edit steps of Quiz maker' })).toBeInTheDocument();
    const draft = screen.getByRole('heading', { name: 'Draft idea' }).closest('article');
    expect(draft && within(draft).getByText('Draft')).toBeInTheDocument();
    const runs = screen.getByRole('complementary', { name: 'Recent runs' });
    expect(await within(runs).findByRole('link', { name: 'Quiz maker' })).toHaveAttribute('href', `/app-data/${live.appId}`);
  });

  it('searches and sorts the apps', async () => {
    const user = userEvent.setup();
    const owner = await backend().signedInUser('ada');
    // Changed last comes first: Alpha, then Beta.
    await ownApp(owner, { name: 'Alpha quiz' });
    await ownApp(owner, { name: 'Beta poems' });
    const { router } = renderRoutes(owner.client, '/');
    await screen.findByRole('list', { name: 'Your apps' });
    expect(cardNames()).toEqual(['Beta poems', 'Alpha quiz']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await waitFor(() => expect(cardNames()).toEqual(['Alpha quiz', 'Beta poems']));
    expect(router.state.location.search).toContain('sort=name');
    await user.type(screen.getByLabelText('Search your apps'), 'poem');
    await waitFor(() => expect(cardNames()).toEqual(['Beta poems']));
    await user.clear(screen.getByLabelText('Search your apps'));
    await user.type(screen.getByLabelText('Search your apps'), 'zzz');
    expect(await screen.findByText('No app matches “zzz”.')).toBeInTheDocument();
  });

  it('a failed load says so in words and a retry recovers', async () => {
    const user = userEvent.setup();
    const server = watchedServer();
    const owner = await backend().signedInUser('ada', { fetch: server.fetch });
    await ownApp(owner, { name: 'Quiz maker' });
    // The server fails the list of apps; the rest of the page loads.
    server.failing.match = /\/rest\/v1\/App\?/;
    renderRoutes(owner.client, '/');
    // Recent runs are read by app too, so they fail beside it: the apps' own alert is the one to retry.
    const alert = (await screen.findAllByRole('alert')).find((shown) => shown.textContent?.includes('Your apps could not be loaded'));
    if (!alert) throw new Error('no alert for the apps');
    server.failing.match = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Quiz maker' })).toBeInTheDocument();
  });
});
