import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeBundle } from '@appforge/sdk/testing';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

describe('/app-price/:appId', () => {
  it('sets a monthly price, shows what visitors will see, and says people pay at checkout', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'free', amount_cents: 0, currency: 'EUR' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeChecked();
    expect(screen.getByText(/People pay at checkout/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Amount/ })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Monthly subscription' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '4,99');
    expect(screen.getByText(/Visitors will see:/)).toHaveTextContent('€4.99 a month');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.price).toEqual({ kind: 'monthly', amount_cents: 499, currency: 'EUR' });
  });

  it('says a free app is sold in a paid bundle, naming the bundle and who can run it (issue 27)', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'free', amount_cents: 0, currency: 'EUR' }, visibility: 'public', deployed_version_id: crypto.randomUUID() });
    const bundle = makeBundle({
      owner_id: app.owner_id,
      name: 'Exam kit',
      price: { kind: 'one_time', amount_cents: 900, currency: 'EUR' },
      apps: [{ id: app.id, name: app.name, description: app.description, icon_path: null, deployed: true, price: app.price }],
    });
    client.fake.data.bundles[bundle.id] = bundle;
    renderSettings({ client, path: `/app-price/${app.id}` });
    const note = await screen.findByRole('note', { name: 'Sold in a paid bundle' });
    expect(note).toHaveTextContent('Exam kit (€9.00 once)');
    expect(note).toHaveTextContent('Although its price here is Free, only people who bought the bundle (and the people you let in) can run Recipe Finder.');
    expect(screen.getByRole('link', { name: 'Exam kit' })).toHaveAttribute('href', `/bundle/${bundle.id}/edit-apps`);
  });

  it('shows no bundle note for an app in no paid bundle', async () => {
    const { client, app } = signedInWithApp({ deployed_version_id: crypto.randomUUID() });
    renderSettings({ client, path: `/app-price/${app.id}` });
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Sold in a paid bundle' })).toBeNull();
  });

  it('refuses amounts that are not prices, in words, and sends nothing', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'one_time', amount_cents: 500, currency: 'JPY' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('500');
    const save = screen.getByRole('button', { name: 'Save price' });
    for (const [typed, message] of [
      ['9.50', 'Enter a whole number of JPY, without decimals.'],
      ['0', 'A paid item costs more than 0. Choose Free to give it away.'],
      ['', 'Enter the price, for example 4.99.'],
      ['-3', 'Enter a whole number of JPY, without decimals.'],
    ] as const) {
      await user.clear(amount);
      if (typed !== '') await user.type(amount, typed);
      await user.click(save);
      expect(amount).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    expect(client.fake.calls('apps.update')).toHaveLength(0);
  });

  it('makes the app free again', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'one_time', amount_cents: 1999, currency: 'USD' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    await user.click(await screen.findByRole('radio', { name: 'Free' }));
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.price).toEqual({ kind: 'free', amount_cents: 0, currency: 'USD' });
  });
  it('sets and removes a run limit for each person, refusing numbers that are not a count of runs', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    expect(await screen.findByText('No limits: people run the app as often as your plan allows.')).toBeInTheDocument();
    const runs = screen.getByRole('textbox', { name: /Runs/ });
    for (const typed of ['0', '2.5', '1000001', 'ten']) {
      await user.clear(runs);
      await user.type(runs, typed);
      await user.click(screen.getByRole('button', { name: 'Set limit' }));
      expect(runs).toHaveAccessibleDescription(/Enter a whole number of runs from 1 to 1,000,000\./);
    }
    expect(client.fake.calls('bundles.setCap')).toHaveLength(0);
    await user.clear(runs);
    await user.type(runs, '3');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    const limits = await screen.findByRole('list', { name: 'Run limits of this app' });
    expect(limits).toHaveTextContent('Each person may run it 3 times a day');
    expect(client.fake.data.caps[app.id]).toMatchObject([{ scope: 'each_person', period: 'day', max_runs: 3 }]);
    await user.click(screen.getByRole('button', { name: 'Remove the limit: Each person may run it 3 times a day' }));
    expect(await screen.findByText('No limits: people run the app as often as your plan allows.')).toBeInTheDocument();
    expect(client.fake.data.caps[app.id]).toEqual([]);
  });

  it('lets listed people and domains in free: reports bad lines and duplicates, invites, removes', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    const box = await screen.findByRole('textbox', { name: /E-mail addresses or @domains/ });
    await user.click(screen.getByRole('button', { name: 'Add people' }));
    expect(box).toHaveAccessibleDescription(/Paste at least one e-mail address or @domain\./);
    await user.type(box, 'Ada@Example.org{enter}@school.example{enter}nope@{enter}ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Add people' }));
    expect(await screen.findByText('Added 2 · already listed 0 · invitations sent 1')).toBeInTheDocument();
    expect(screen.getByText(/Not added, not an address: line 3 \(nope@\)/)).toBeInTheDocument();
    expect(screen.getByText('1 duplicate was skipped.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'People who get in free' });
    expect(list).toHaveTextContent('ada@example.orginvited');
    expect(list).toHaveTextContent('@school.examplewhole domain');
    expect(screen.getByRole('heading', { name: 'People who get in free (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove @school.example' }));
    expect(await screen.findByRole('heading', { name: 'People who get in free (1)' })).toBeInTheDocument();
    expect(client.fake.data.allowedUsers[app.id]?.map((row) => row.entry)).toEqual(['ada@example.org']);
  });
});
