// On the real backend (@appforge/test-backend): the app is made and priced through the SDK, its
// bundle made and filled through the SDK, and what the page saved (price, caps, allowed people) is
// read back with the service role.
import type { AppPrice } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnAppOptions } from '../../shared/test/backend';
import { ownApp, watchedServer } from '../../shared/test/backend';
import { renderSettings } from '../test/render';

const backend = setupAppforgeBackend();

/** Ada's app "Recipe Finder" (deployed when asked), at `price`; her client may watch its requests. */
async function signedInWithApp(options: { price?: AppPrice; app?: OwnAppOptions; fetch?: typeof fetch } = {}) {
  const owner = await backend().signedInUser('ada', options.fetch ? { fetch: options.fetch } : {});
  const { appId } = await ownApp(owner, { name: 'Recipe Finder', description: 'Finds recipes from what is in the fridge.', ...options.app });
  if (options.price) await owner.client.apps.update(appId, { price: options.price });
  return { owner, client: owner.client, appId };
}

async function appPrice(appId: string) {
  const { data, error } = await backend().admin.from('App').select('price').eq('id', appId).single();
  if (error) throw new Error(error.message);
  return data.price;
}

async function capsOf(appId: string) {
  const { data, error } = await backend().admin.from('UsageCap').select('scope, period, max_runs').eq('app_id', appId);
  if (error) throw new Error(error.message);
  return data;
}

describe('/app-price/:appId', () => {
  it('sets a monthly price, shows what visitors will see, and says people pay at checkout', async () => {
    const { client, appId } = await signedInWithApp({ price: { kind: 'free', amount_cents: 0, currency: 'EUR' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${appId}` });
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeChecked();
    expect(screen.getByText(/People pay at checkout/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Amount/ })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Monthly subscription' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '4,99');
    expect(screen.getByText(/Visitors will see:/)).toHaveTextContent('€4.99 a month');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(await appPrice(appId)).toEqual({ kind: 'monthly', amount_cents: 499, currency: 'EUR' });
  });

  it('says a free app is sold in a paid bundle, naming the bundle and who can run it (issue 27)', async () => {
    const { client, appId } = await signedInWithApp({ price: { kind: 'free', amount_cents: 0, currency: 'EUR' }, app: { deployed: true } });
    await client.apps.update(appId, { visibility: 'public' });
    const bundle = await client.bundles.create({ name: 'Exam kit' });
    await client.bundles.update(bundle.id, { price: { kind: 'one_time', amount_cents: 900, currency: 'EUR' } });
    await client.bundles.setApps(bundle.id, [appId]);
    renderSettings({ client, path: `/app-price/${appId}` });
    const note = await screen.findByRole('note', { name: 'Sold in a paid bundle' });
    expect(note).toHaveTextContent('Exam kit (€9.00 once)');
    expect(note).toHaveTextContent('Although its price here is Free, only people who bought the bundle (and the people you let in) can run Recipe Finder.');
    expect(screen.getByRole('link', { name: 'Exam kit' })).toHaveAttribute('href', `/bundle/${bundle.id}/edit-apps`);
  });

  it('shows no bundle note for an app in no paid bundle', async () => {
    const { client, appId } = await signedInWithApp({ app: { deployed: true } });
    renderSettings({ client, path: `/app-price/${appId}` });
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Sold in a paid bundle' })).toBeNull();
  });

  it('refuses amounts that are not prices, in words, and sends nothing', async () => {
    const server = watchedServer();
    const { client, appId } = await signedInWithApp({ price: { kind: 'one_time', amount_cents: 500, currency: 'JPY' }, fetch: server.fetch });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${appId}` });
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('500');
    const save = screen.getByRole('button', { name: 'Save price' });
    server.requests.length = 0;
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
    expect(server.requests.filter((url) => url.includes('/rest/v1/App?'))).toEqual([]);
    expect(await appPrice(appId)).toEqual({ kind: 'one_time', amount_cents: 500, currency: 'JPY' });
  });

  it('makes the app free again', async () => {
    const { client, appId } = await signedInWithApp({ price: { kind: 'one_time', amount_cents: 1999, currency: 'USD' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${appId}` });
    await user.click(await screen.findByRole('radio', { name: 'Free' }));
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(await appPrice(appId)).toEqual({ kind: 'free', amount_cents: 0, currency: 'USD' });
  });

  it('sets and removes a run limit for each person, refusing numbers that are not a count of runs', async () => {
    const server = watchedServer();
    const { client, appId } = await signedInWithApp({ fetch: server.fetch });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${appId}` });
    expect(await screen.findByText('No limits: people run the app as often as your plan allows.')).toBeInTheDocument();
    const runs = screen.getByRole('textbox', { name: /Runs/ });
    server.requests.length = 0;
    for (const typed of ['0', '2.5', '1000001', 'ten']) {
      await user.clear(runs);
      await user.type(runs, typed);
      await user.click(screen.getByRole('button', { name: 'Set limit' }));
      expect(runs).toHaveAccessibleDescription(/Enter a whole number of runs from 1 to 1,000,000\./);
    }
    expect(server.requests.filter((url) => url.includes('/rest/v1/UsageCap'))).toEqual([]);
    await user.clear(runs);
    await user.type(runs, '3');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    const limits = await screen.findByRole('list', { name: 'Run limits of this app' });
    expect(limits).toHaveTextContent('Each person may run it 3 times a day');
    expect(await capsOf(appId)).toEqual([{ scope: 'each_person', period: 'day', max_runs: 3 }]);
    await user.click(screen.getByRole('button', { name: 'Remove the limit: Each person may run it 3 times a day' }));
    expect(await screen.findByText('No limits: people run the app as often as your plan allows.')).toBeInTheDocument();
    expect(await capsOf(appId)).toEqual([]);
  });

  it('lets listed people and domains in free: reports bad lines and duplicates, invites, removes', async () => {
    const { client, appId } = await signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${appId}` });
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
    const allowed = await backend().admin.from('AllowedUser').select('entry').eq('app_id', appId);
    expect(allowed.data?.map((row) => row.entry)).toEqual(['ada@example.org']);
  });
});
