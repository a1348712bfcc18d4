import { makeApp, makeRun } from '@appforge/sdk/testing';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../editor/test-render';

function owner() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const add = (fields: Parameters<typeof makeApp>[0]) => {
    const app = makeApp({ owner_id: session.user.id, ...fields });
    client.fake.data.apps[app.id] = app;
    return app;
  };
  return { client, add };
}

const cardNames = () => within(screen.getByRole('list', { name: 'Your apps' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/ — the home screen', () => {
  it('teaches the first step when there are no apps yet', async () => {
    const { client } = owner();
    renderRoutes(client, '/');
    expect(await screen.findByRole('heading', { name: 'Create your first app' })).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Create app' });
    expect(create[0]).toHaveAttribute('href', '/create-new-app');
    expect(screen.queryByLabelText('Search your apps')).not.toBeInTheDocument();
    expect(await screen.findByText(/No runs yet/)).toBeInTheDocument();
  });

  it('shows each app as a card with its status, last change and runs this week, and links into the builder', async () => {
    const { client, add } = owner();
    const live = add({ name: 'Quiz maker', deployed_version_id: crypto.randomUUID(), updated_at: new Date(Date.now() - 5 * 60_000).toISOString() });
    live.draft_version_id = crypto.randomUUID();
    add({ name: 'Draft idea' });
    const run = makeRun({ app_id: live.id });
    client.fake.data.runs[run.id] = { run, steps: [], state: null };
    renderRoutes(client, '/');
    const card = (await screen.findByRole('heading', { name: 'Quiz maker' })).closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Deployed')).toBeInTheDocument();
    expect(within(card).getByText('Unpublished changes')).toBeInTheDocument();
    expect(within(card).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(card).getByText('Runs in the last 7 days').nextElementSibling).toHaveTextContent('1');
    expect(within(card).getByRole('link', { name: 'Quiz maker' })).toHaveAttribute('href', `/create-app/${live.id}`);
    // A deployed app's steps open in its draft (made on the click when there is none).
    expect(within(card).getByRole('button', { name: 'Edit steps of Quiz maker' })).toBeInTheDocument();
    const draft = screen.getByRole('heading', { name: 'Draft idea' }).closest('article');
    expect(draft && within(draft).getByText('Draft')).toBeInTheDocument();
    const runs = screen.getByRole('complementary', { name: 'Recent runs' });
    expect(await within(runs).findByRole('link', { name: 'Quiz maker' })).toHaveAttribute('href', `/app-data/${live.id}`);
  });

  it('searches and sorts the apps', async () => {
    const user = userEvent.setup();
    const { client, add } = owner();
    add({ name: 'Beta poems', updated_at: '2026-11-02T00:00:00Z' });
    add({ name: 'Alpha quiz', updated_at: '2026-11-01T00:00:00Z' });
    const { router } = renderRoutes(client, '/');
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
    const { client, add } = owner();
    add({ name: 'Quiz maker' });
    client.fake.fail('apps.listMine');
    renderRoutes(client, '/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your apps could not be loaded');
    client.fake.heal('apps.listMine');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Quiz maker' })).toBeInTheDocument();
  });
});
