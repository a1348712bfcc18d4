import { createFakeAppforgeClient, makeApp, makeBundle } from '@appforge/sdk/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBundles } from '../../test/render';

function owner() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const ownerId = session.user.id;
  const deployed = (name: string) => {
    const app = makeApp({ owner_id: ownerId, name, deployed_version_id: crypto.randomUUID() });
    client.fake.data.apps[app.id] = app;
    return app;
  };
  return { client, ownerId, deployed };
}

describe('/bundles', () => {
  it('says what to do first, then creates a bundle and opens its apps page', async () => {
    const { client } = owner();
    const user = userEvent.setup();
    renderBundles('/bundles', client);
    expect(await screen.findByRole('heading', { name: 'No bundles yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first bundle' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Study kit');
    await user.click(screen.getByRole('button', { name: 'Create bundle' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(Object.values(client.fake.data.bundles).map((bundle) => bundle.name)).toEqual(['Study kit']);
  });

  it('refuses an empty name in words and creates nothing', async () => {
    const { client } = owner();
    const user = userEvent.setup();
    renderBundles('/bundles', client);
    await user.click(await screen.findByRole('button', { name: 'New bundle' }));
    await user.click(screen.getByRole('button', { name: 'Create bundle' }));
    expect(await screen.findByText('Give the bundle a name.')).toBeInTheDocument();
    expect(client.fake.data.bundles).toEqual({});
  });
});

describe('/bundle/:bundleId/edit-apps', () => {
  it('adds deployed apps, reorders them with the keyboard-reachable arrows, removes one, and saves the order', async () => {
    const { client, ownerId, deployed } = owner();
    const a = deployed('Alpha');
    const b = deployed('Beta');
    const c = deployed('Gamma');
    const draft = makeApp({ owner_id: ownerId, name: 'Draft only' });
    client.fake.data.apps[draft.id] = draft;
    const bundle = makeBundle({ owner_id: ownerId, name: 'Kit' });
    client.fake.data.bundles[bundle.id] = bundle;
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
    expect(client.fake.data.bundles[bundle.id]?.apps.map((app) => app.id)).toEqual([c.id, b.id]);
    expect(a.id).not.toBe(c.id);
  });

  it('warns before free apps go behind a paid bundle’s price, and not for a free bundle (issue 27)', async () => {
    const { client, ownerId, deployed } = owner();
    deployed('Flashcards');
    const paid = makeBundle({ owner_id: ownerId, name: 'Exam kit', price: { kind: 'one_time', amount_cents: 900, currency: 'EUR' } });
    client.fake.data.bundles[paid.id] = paid;
    const user = userEvent.setup();
    const view = renderBundles(`/bundle/${paid.id}/edit-apps`, client);
    await user.click(await screen.findByRole('button', { name: 'Add Flashcards' }));
    const warning = screen.getByRole('note', { name: 'Sold only in this bundle' });
    expect(warning).toHaveTextContent('Flashcards');
    expect(warning).toHaveTextContent('people who have not bought “Exam kit” can no longer run them on their own, even if an app’s price is Free');
    view.unmount();

    const free = makeBundle({ owner_id: ownerId, name: 'Free kit' });
    client.fake.data.bundles[free.id] = free;
    renderBundles(`/bundle/${free.id}/edit-apps`, client);
    await user.click(await screen.findByRole('button', { name: 'Add Flashcards' }));
    expect(screen.queryByRole('note', { name: 'Sold only in this bundle' })).toBeNull();
  });

  it('another user’s bundle is "not found" on every manage page', async () => {
    const { client } = owner();
    const theirs = makeBundle({ owner_id: crypto.randomUUID(), name: 'Theirs' });
    client.fake.data.bundles[theirs.id] = theirs;
    for (const page of ['settings', 'edit-apps', 'edit-price', 'allowed-users']) {
      const view = renderBundles(`/bundle/${theirs.id}/${page}`, client);
      expect(await screen.findByRole('heading', { name: 'This bundle was not found' })).toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('/bundle/:bundleId/edit-price', () => {
  it('refuses -1, NaN and 10^12 in words and saves a monthly EUR price', async () => {
    const { client, ownerId } = owner();
    const bundle = makeBundle({ owner_id: ownerId, name: 'Kit', price: { kind: 'free', amount_cents: 0, currency: 'EUR' } });
    client.fake.data.bundles[bundle.id] = bundle;
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
    expect(client.fake.data.bundles[bundle.id]?.price.kind).toBe('free');
    await user.clear(amount);
    await user.type(amount, '9');
    expect(screen.getByText(/Visitors will see/)).toHaveTextContent('€9.00 a month');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.bundles[bundle.id]?.price).toEqual({ kind: 'monthly', amount_cents: 900, currency: 'EUR' });
  });
});

describe('/bundle/:bundleId/allowed-users', () => {
  it('adds a pasted list, reports invalid lines and duplicates, lists who is in, and removes one', async () => {
    const { client, ownerId } = owner();
    const bundle = makeBundle({ owner_id: ownerId, name: 'Kit' });
    client.fake.data.bundles[bundle.id] = bundle;
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
    expect(client.fake.data.allowedUsers[bundle.id]?.map((row) => row.entry)).toEqual(['@school.example']);
  });

  it('refuses more than 10,000 lines before sending anything', async () => {
    const { client, ownerId } = owner();
    const bundle = makeBundle({ owner_id: ownerId, name: 'Kit' });
    client.fake.data.bundles[bundle.id] = bundle;
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/allowed-users`, client);
    const box = await screen.findByRole('textbox', { name: /E-mail addresses or @domains/ });
    await user.click(box);
    await user.paste(Array.from({ length: 10_001 }, (_, i) => `p${i}@example.org`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Add people' }));
    expect(await screen.findByText('At most 10,000 addresses at once: split the list.')).toBeInTheDocument();
    expect(client.fake.calls('bundles.addAllowedUsers')).toHaveLength(0);
  });
});

describe('run limits on /bundle/:bundleId/edit-price', () => {
  it('sets "each person 20 times a day", refuses 0 in words, and removes the limit', async () => {
    const { client, ownerId } = owner();
    const bundle = makeBundle({ owner_id: ownerId, name: 'Kit' });
    client.fake.data.bundles[bundle.id] = bundle;
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}/edit-price`, client);
    const runs = await screen.findByRole('textbox', { name: 'Runs' });
    await user.clear(runs);
    await user.type(runs, '0');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(runs).toHaveAccessibleDescription('Enter a whole number of runs from 1 to 1,000,000.');
    expect(client.fake.data.caps[bundle.id] ?? []).toEqual([]);
    await user.clear(runs);
    await user.type(runs, '20');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Each person may run its apps 20 times a day')).toBeInTheDocument();
    expect(client.fake.data.caps[bundle.id]).toEqual([{ id: expect.any(String) as string, scope: 'each_person', period: 'day', max_runs: 20 }]);
    await user.click(screen.getByRole('button', { name: /Remove the limit/ }));
    expect(await screen.findByText(/No limits/)).toBeInTheDocument();
  });
});

describe('/bundles: sales to check', () => {
  it('lists a sale whose payment disagreed with the price, with what was paid and what the price was', async () => {
    const { client, ownerId, deployed } = owner();
    const app = deployed('Essay helper');
    const bundle = makeBundle({ owner_id: ownerId, name: 'Study kit' });
    client.fake.data.bundles[bundle.id] = bundle;
    const sale = (over: Partial<(typeof client.fake.data.purchases)[number]>) => ({
      id: crypto.randomUUID(),
      item_kind: 'app' as const,
      app_id: app.id,
      bundle_id: null,
      plan_id: null,
      provider: 'stripe' as const,
      mode: 'one_time' as const,
      amount_cents: 1500,
      currency: 'usd',
      status: 'active' as const,
      cancel_at_period_end: false,
      period_start: null,
      period_end: null,
      created_at: '2026-11-20T10:00:00Z',
      buyer_id: crypto.randomUUID(),
      ...over,
    });
    client.fake.data.purchases.push(
      sale({ price_mismatch: true, expected_amount_cents: 2500, expected_currency: 'USD' }),
      sale({ item_kind: 'bundle', app_id: null, bundle_id: bundle.id, amount_cents: 99, currency: 'JPY', mode: 'monthly', price_mismatch: true, expected_amount_cents: null, expected_currency: null }),
      sale({ amount_cents: 2500, price_mismatch: false, expected_amount_cents: 2500, expected_currency: 'USD' }),
    );
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
    const { client } = owner();
    renderBundles('/bundles', client);
    expect(await screen.findByRole('heading', { name: 'No bundles yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Sales to check/ })).toBeNull();
  });
});
