// On the real backend (@appforge/test-backend): a seller's sales (issue "The first hour": a seller
// had no view of buyers, revenue, purchases or refunds). Purchases are rows only the server writes,
// so they are set up with the service role, as the payment webhook would leave them.
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../index';

const backend = setupAppforgeBackend();

function render(client: TestUser['client'], path: string) {
  return renderWithAppforge({ client, routes: [...routes, standIn('/deployed-app/:appId', 'Deployed app')], path });
}

async function ownBundle(user: TestUser, name: string): Promise<string> {
  const made = await backend().admin.from('Bundle').insert({ owner_id: user.id, name }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return made.data.id;
}

async function ownApp(user: TestUser, name: string): Promise<string> {
  const made = await backend().admin.from('App').insert({ owner_id: user.id, name }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return made.data.id;
}

const DAY = 86_400_000;

async function sell(
  buyer: TestUser,
  item: { bundle_id: string } | { app_id: string },
  sale: { amount_cents: number; currency: string; status?: 'active' | 'refunded'; provider?: 'stripe' | 'test'; daysAgo?: number },
): Promise<void> {
  const created = new Date(Date.now() - (sale.daysAgo ?? 0) * DAY).toISOString();
  const made = await backend().admin.from('Purchase').insert({
    buyer_id: buyer.id,
    item_kind: 'bundle_id' in item ? 'bundle' : 'app',
    ...item,
    provider: sale.provider ?? 'stripe',
    provider_reference: `cs_test_${crypto.randomUUID()}`,
    mode: 'one_time',
    amount_cents: sale.amount_cents,
    currency: sale.currency,
    status: sale.status ?? 'active',
    last_event_at: created,
    created_at: created,
  });
  if (made.error) throw new Error(made.error.message);
}

/** The value shown under a figure's label ("Revenue, all time" → "€5.00, $9.00"). */
function figure(section: HTMLElement, label: string): string {
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('a seller’s sales', () => {
  let ada: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let mallory: TestUser;
  let kit: string;
  let quiz: string;
  let malloryKit: string;

  beforeAll(async () => {
    ada = await backend().signedInUser('ada');
    bob = await backend().signedInUser('bob');
    carol = await backend().signedInUser('carol');
    mallory = await backend().signedInUser('mallory');
    kit = await ownBundle(ada, 'Study kit');
    quiz = await ownApp(ada, 'Recipe quiz');
    malloryKit = await ownBundle(mallory, 'Mallory’s kit');
    await sell(carol, { app_id: quiz }, { amount_cents: 500, currency: 'eur', daysAgo: 40 });
    await sell(bob, { bundle_id: kit }, { amount_cents: 900, currency: 'usd', daysAgo: 2 });
    await sell(carol, { bundle_id: kit }, { amount_cents: 900, currency: 'usd', status: 'refunded', daysAgo: 1 });
    await sell(bob, { app_id: quiz }, { amount_cents: 700, currency: 'USD', provider: 'test' });
    await sell(bob, { bundle_id: malloryKit }, { amount_cents: 4200, currency: 'usd' });
  });

  // The test setup clears localStorage, and with it the sessions, after every test.
  beforeEach(async () => {
    for (const user of [ada, bob, carol, mallory]) {
      const { error } = await user.client.supabase.auth.signInWithPassword({ email: user.email, password: user.password });
      if (error) throw error;
    }
  });

  it('/bundles shows revenue net of refunds per currency, sales, refunds and the latest sales, test sales labelled and left out', async () => {
    render(ada.client, '/bundles');
    const section = await screen.findByRole('region', { name: 'Sales' });
    await within(section).findByText('Revenue, all time');
    expect(figure(section, 'Revenue, last 30 days')).toBe('$9.00');
    expect(figure(section, 'Revenue, all time')).toBe('€5.00, $9.00');
    expect(figure(section, 'Sales')).toBe('3 (2 in the last 30 days)');
    expect(figure(section, 'Refunds')).toBe('1 ($9.00)');
    expect(figure(section, 'Buyers with access')).toBe('2');

    const rows = within(section).getAllByRole('row').slice(1);
    // Mallory's sale is not Ada's: four rows, newest first.
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('test sale, no money');
    expect(rows[0]).toHaveTextContent('$7.00 once');
    expect(rows[1]).toHaveTextContent('refunded');
    expect(await within(rows[1] as HTMLElement).findByRole('link', { name: 'Study kit' })).toHaveAttribute('href', `/bundle/${kit}/settings`);
    expect(rows[2]).toHaveTextContent('$9.00 once');
    expect(rows[2]).toHaveTextContent('paid');
    expect(await within(rows[3] as HTMLElement).findByRole('link', { name: 'Recipe quiz' })).toHaveAttribute('href', `/deployed-app/${quiz}`);
    // Buyers are numbers in the order they first bought: Carol (40 days ago) is Buyer 1, Bob is Buyer 2 in each of his rows.
    expect(rows[3]).toHaveTextContent('Buyer 1');
    expect(rows[1]).toHaveTextContent('Buyer 1');
    expect(rows[0]).toHaveTextContent('Buyer 2');
    expect(rows[2]).toHaveTextContent('Buyer 2');
    // Nothing names a buyer.
    expect(section).not.toHaveTextContent(bob.email);
    expect(section).not.toHaveTextContent(carol.email);
    expect(section).not.toHaveTextContent('$42.00');
  });

  it('a bundle’s settings show that bundle’s sales only', async () => {
    render(ada.client, `/bundle/${kit}/settings`);
    const section = await screen.findByRole('region', { name: 'Sales of this bundle' });
    await within(section).findByText('Revenue, all time');
    expect(figure(section, 'Revenue, all time')).toBe('$9.00');
    expect(figure(section, 'Refunds')).toBe('1 ($9.00)');
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(section).not.toHaveTextContent('Recipe quiz');
    expect(section).not.toHaveTextContent('€');
  });

  it('/user-plan sums up the sales and links to the full list', async () => {
    render(ada.client, '/user-plan');
    const card = (await screen.findByRole('heading', { name: 'Your sales' })).closest('section');
    if (!card) throw new Error('the Your sales card is missing');
    await within(card).findByText('Revenue, all time');
    expect(figure(card, 'Revenue, all time')).toBe('€5.00, $9.00');
    expect(figure(card, 'Refunds')).toBe('1 ($9.00)');
    expect(within(card).getByRole('link', { name: 'See all your sales' })).toHaveAttribute('href', '/bundles#sales');
  });

  it('says so plainly when there are no sales yet, on /bundles, a bundle’s settings and /user-plan', async () => {
    const newcomer = await backend().signedInUser('newcomer');
    const empty = await ownBundle(newcomer, 'Fresh kit');
    const first = render(newcomer.client, '/bundles');
    const section = await screen.findByRole('region', { name: 'Sales' });
    expect(await within(section).findByRole('heading', { name: 'No sales yet' })).toBeInTheDocument();
    expect(within(section).getByText('When someone buys one of your bundles or apps, it shows here.')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).toBeNull();
    first.unmount();

    const second = render(newcomer.client, `/bundle/${empty}/settings`);
    const bundleSection = await screen.findByRole('region', { name: 'Sales of this bundle' });
    expect(await within(bundleSection).findByText('When someone buys this bundle, it shows here.')).toBeInTheDocument();
    second.unmount();

    render(newcomer.client, '/user-plan');
    expect(await screen.findByText('No sales yet. When someone buys one of your bundles or apps, it shows here.')).toBeInTheDocument();
  });

  it('billing.mySales gives another seller and a buyer none of Ada’s sales, and refuses bad input', async () => {
    const theirs = await mallory.client.billing.mySales();
    expect(theirs.sales).toHaveLength(1);
    expect(theirs.revenue).toEqual([{ currency: 'USD', net_cents: 4200, last_30_days_cents: 4200, refunded_cents: 0 }]);
    expect((await mallory.client.billing.mySales({ bundleId: kit })).sales).toEqual([]);
    const asBuyer = await bob.client.billing.mySales();
    expect(asBuyer).toMatchObject({ sales: [], revenue: [], sale_count: 0, refund_count: 0, active_buyers: 0 });
    await expect(ada.client.billing.mySales({ bundleId: 'not-a-bundle' })).rejects.toMatchObject({ code: 'invalid_input', message: 'The bundle is not a valid id.' });
    await expect(ada.client.billing.mySales({ limit: 0 })).rejects.toMatchObject({ code: 'invalid_input', message: 'Ask for between 1 and 200 sales.' });
    expect((await ada.client.billing.mySales({ limit: 1 })).sales).toHaveLength(1);
  });
});
