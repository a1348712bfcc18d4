// On the real backend (@appforge/test-backend): bundles, their apps, prices, allowed people and
// run limits are written through the real SDK, grants and row-level security.
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBundles } from '../../test/render';

const backend = setupAppforgeBackend();

const spec = {
  entryStepId: 'show',
  steps: [{ id: 'show', kind: 'output', title: 'Result', config: { template: 'Hello' } }],
};

/** An app of the user, deployed unless told, made with the service role as the server would. */
async function ownApp(user: TestUser, name: string, deployed = true): Promise<{ id: string }> {
  const { admin } = backend();
  const made = await admin.from('App').insert({ owner_id: user.id, name, visibility: 'public' }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  if (!deployed) return { id: made.data.id };
  const version = await admin.from('AppVersion').insert({ app_id: made.data.id, spec, frozen: true, created_by: user.id }).select('id').single();
  if (version.error) throw new Error(version.error.message);
  const done = await admin.from('App').update({ draft_version_id: version.data.id, deployed_version_id: version.data.id }).eq('id', made.data.id);
  if (done.error) throw new Error(done.error.message);
  return { id: made.data.id };
}

async function owner() {
  const user = await backend().signedInUser('ada');
  return { client: user.client, user, deployed: (name: string) => ownApp(user, name) };
}

/** A bundle of the user with this price, as the owner's price page saves it. */
async function ownBundle(user: TestUser, name: string, price?: { kind: 'one_time' | 'monthly' | 'free'; amount_cents: number; currency: string }) {
  const bundle = await user.client.bundles.create({ name });
  if (price) {
    const priced = await backend().admin.from('Bundle').update({ price }).eq('id', bundle.id);
    if (priced.error) throw new Error(priced.error.message);
  }
  return bundle;
}

describe('/bundles', () => {
  it('says what to do first, then creates a bundle and opens its apps page', async () => {
    const { client } = await owner();
    const user = userEvent.setup();
    renderBundles('/bundles', client);
    expect(await screen.findByRole('heading', { name: 'No bundles yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first bundle' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Study kit');
    await user.click(screen.getByRole('button', { name: 'Create bundle' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect((await client.bundles.listMine()).map((bundle) => bundle.name)).toEqual(['Study kit']);
  });

  it('refuses an empty name in words and creates nothing', async () => {
    const { client } = await owner();
    const user = userEvent.setup();
    renderBundles('/bundles', client);
    await user.click(await screen.findByRole('button', { name: 'New bundle' }));
    await user.click(screen.getByRole('button', { name: 'Create bundle' }));
    expect(await screen.findByText('Give the bundle a name.')).toBeInTheDocument();
    expect(await client.bundles.listMine()).toEqual([]);
  });
});

describe('/bundle/:bundleId/edit-apps', () => {
  it('adds deployed apps, reorders them with the keyboard-reachable arrows, removes one, and saves the order', async () => {
    const { client, user: ada, deployed } = await owner();
    const a = await deployed('Alpha');
    const b = await deployed('Beta');
    const c = await deployed('Gamma');
    await ownApp(ada, 'Draft only', false);
    const bundle = await ownBundle(ada, 'Kit');
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/edit-apps`, client);
    await user.click(await screen.findByRole('button', { name: 'Add Alpha' }));
    await user.click(screen.getByRole('button', { name: 'Add Beta' }));
    await user.click(screen.getByRole('button', { name: 'Add Gamma' }));
    expect(screen.queryByRole('button', { name: 'Add Draft only' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Move Gamma up' }));
    await user.click(screen.getByRole('button', { name: 'Remove Alpha' }));
    const order = screen.getByRole('list', { name: 'Apps in this bundle, in order' });
    expect(within(order).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('1. Gamma'), expect.stringContaining('2. Beta')]);
    await user.click(screen.getByRole('button', { name: 'Save apps' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect((await client.bundles.get(bundle.id)).apps.map((app) => app.id)).toEqual([c.id, b.id]);
    expect(a.id).not.toBe(c.id);
  });

  it('warns before free apps go behind a paid bundle’s price, and not for a free bundle (issue 27)', async () => {
    const { client, user: ada, deployed } = await owner();
    await deployed('Flashcards');
    const paid = await ownBundle(ada, 'Exam kit', { kind: 'one_time', amount_cents: 900, currency: 'EUR' });
    const user = userEvent.setup();
    const view = renderBundles(`/bundle/${paid.id}/edit-apps`, client);
    await user.click(await screen.findByRole('button', { name: 'Add Flashcards' }));
    const warning = screen.getByRole('note', { name: 'Sold only in this bundle' });
    expect(warning).toHaveTextContent('Flashcards');
    expect(warning).toHaveTextContent('people who have not bought “Exam kit” can no longer run them on their own, even if an app’s price is Free');
    view.unmount();

    const free = await ownBundle(ada, 'Free kit');
    renderBundles(`/bundle/${free.id}/edit-apps`, client);
    await user.click(await screen.findByRole('button', { name: 'Add Flashcards' }));
    expect(screen.queryByRole('note', { name: 'Sold only in this bundle' })).toBeNull();
  });

  it('another user’s bundle is "not found" on every manage page', async () => {
    const { client } = await owner();
    const mallory = await backend().signedInUser('mallory');
    const theirs = await ownBundle(mallory, 'Theirs');
    for (const page of ['settings', 'edit-apps', 'edit-price', 'allowed-users']) {
      const view = renderBundles(`/bundle/${theirs.id}/${page}`, client);
      expect(await screen.findByRole('heading', { name: 'This bundle was not found' })).toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('/bundle/:bundleId/edit-price', () => {
  it('refuses -1, NaN and 10^12 in words and saves a monthly EUR price', async () => {
    const { client, user: ada } = await owner();
    const bundle = await ownBundle(ada, 'Kit', { kind: 'free', amount_cents: 0, currency: 'EUR' });
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/edit-price`, client);
    await user.click(await screen.findByRole('radio', { name: /Monthly subscription/ }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    for (const [typed, message] of [
      ['-1', 'Enter a number with at most 2 decimals, for example 4.99.'],
      ['NaN', 'Enter a number with at most 2 decimals, for example 4.99.'],
      ['1000000000000', 'The price is at most'],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(screen.getByRole('button', { name: 'Save price' }));
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(message) as string);
    }
    expect((await client.bundles.get(bundle.id)).price.kind).toBe('free');
    await user.clear(amount);
    await user.type(amount, '9');
    expect(screen.getByText(/Visitors will see/)).toHaveTextContent('€9.00 a month');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect((await client.bundles.get(bundle.id)).price).toEqual({ kind: 'monthly', amount_cents: 900, currency: 'EUR' });
  });
});

describe('/bundle/:bundleId/allowed-users', () => {
  it('adds a pasted list, reports invalid lines and duplicates, lists who is in, and removes one', async () => {
    const { client, user: ada } = await owner();
    const bundle = await ownBundle(ada, 'Kit');
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/allowed-users`, client);
    const box = await screen.findByRole('textbox', { name: /E-mail addresses or @domains/ });
    await user.click(box);
    await user.paste('ada@example.org\nnot an address@\n@school.example\nADA@example.org\n');
    await user.click(screen.getByRole('button', { name: 'Add people' }));
    expect(await screen.findByText(/Added 2 · already listed 0 · invitations sent 1/)).toBeInTheDocument();
    expect(screen.getByText('1 line is not an address (not added)')).toBeInTheDocument();
    expect(screen.getByText('Line 2: not an address@')).toBeInTheDocument();
    expect(screen.getByText('1 duplicate was skipped.')).toBeInTheDocument();
    const list = await screen.findByRole('heading', { name: 'People allowed in (2)' });
    expect(list).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove ada@example.org' }));
    expect(await screen.findByRole('heading', { name: 'People allowed in (1)' })).toBeInTheDocument();
    expect((await client.bundles.allowedUsers({ kind: 'bundle', id: bundle.id })).map((row) => row.entry)).toEqual(['@school.example']);
  });

  it('refuses more than 10,000 lines before sending anything', async () => {
    const { client, user: ada } = await owner();
    const bundle = await ownBundle(ada, 'Kit');
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/allowed-users`, client);
    const box = await screen.findByRole('textbox', { name: /E-mail addresses or @domains/ });
    await user.click(box);
    await user.paste(Array.from({ length: 10_001 }, (_, i) => `p${i}@example.org`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Add people' }));
    expect(await screen.findByText('At most 10,000 addresses at once: split the list.')).toBeInTheDocument();
    expect(await client.bundles.allowedUsers({ kind: 'bundle', id: bundle.id })).toEqual([]);
  });
});

describe('run limits on /bundle/:bundleId/edit-price', () => {
  it('sets "each person 20 times a day", refuses 0 in words, and removes the limit', async () => {
    const { client, user: ada } = await owner();
    const bundle = await ownBundle(ada, 'Kit');
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/edit-price`, client);
    const runs = await screen.findByRole('textbox', { name: 'Runs' });
    await user.clear(runs);
    await user.type(runs, '0');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(runs).toHaveAccessibleDescription('Enter a whole number of runs from 1 to 1,000,000.');
    expect(await client.bundles.caps({ kind: 'bundle', id: bundle.id })).toEqual([]);
    await user.clear(runs);
    await user.type(runs, '20');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Each person may run its apps 20 times a day')).toBeInTheDocument();
    expect(await client.bundles.caps({ kind: 'bundle', id: bundle.id })).toEqual([expect.objectContaining({ scope: 'each_person', period: 'day', max_runs: 20 })]);
    await user.click(screen.getByRole('button', { name: /Remove the limit/ }));
    expect(await screen.findByText(/No limits/)).toBeInTheDocument();
  });
});

describe('/bundles: sales to check', () => {
  it('lists a sale whose payment disagreed with the price, with what was paid and what the price was', async () => {
    const { client, user: ada, deployed } = await owner();
    const app = await deployed('Essay helper');
    const bundle = await ownBundle(ada, 'Study kit');
    const buyer = await backend().signedInUser('buyer');
    // Purchases are rows only the payment webhook writes, with the server's verdict on the price.
    const sale = (over: Record<string, unknown>) => ({
      buyer_id: buyer.id,
      item_kind: 'app' as const,
      app_id: app.id,
      provider: 'stripe' as const,
      provider_reference: `cs_test_${crypto.randomUUID()}`,
      mode: 'one_time' as const,
      amount_cents: 1500,
      currency: 'usd',
      status: 'active' as const,
      last_event_at: '2026-11-20T10:00:00Z',
      created_at: '2026-11-20T10:00:00Z',
      ...over,
    });
    const sold = await backend().admin.from('Purchase').insert([
      sale({ price_mismatch: true, expected_amount_cents: 2500, expected_currency: 'USD' }),
      sale({ item_kind: 'bundle', app_id: null, bundle_id: bundle.id, amount_cents: 99, currency: 'JPY', mode: 'monthly', price_mismatch: true, expected_amount_cents: null, expected_currency: null }),
      sale({ amount_cents: 2500, price_mismatch: false, expected_amount_cents: 2500, expected_currency: 'USD' }),
    ] as never);
    if (sold.error) throw new Error(sold.error.message);
    renderBundles('/bundles', client);
    const section = await screen.findByRole('region', { name: /Sales to check/ });
    const [, first, second, ...more] = within(section).getAllByRole('row');
    expect(more).toEqual([]);
    if (!first || !second) throw new Error('two flagged sales expected');
    const rows = [first, second];
    expect(rows[0]).toHaveTextContent('$15.00 once');
    expect(rows[0]).toHaveTextContent('$25.00');
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/deployed-app/${app.id}`);
    expect(rows[1]).toHaveTextContent('¥99 a month');
    expect(rows[1]).toHaveTextContent('no paid price at the time');
  });

  it('shows no such section when every sale matched its price', async () => {
    const { client } = await owner();
    renderBundles('/bundles', client);
    expect(await screen.findByRole('heading', { name: 'No bundles yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Sales to check/ })).toBeNull();
  });
});
