// @vitest-environment-options {"url": "http://localhost:5173/user-plan"}
// On the real backend (@appforge/test-backend): the plan page reads the person's plan, usage
// counters, receipts and notices as the server keeps them. Counters, notices, table statistics and
// purchases are rows only the server writes (run metering, the cap job, the database engine, the
// payment webhook), so they are set up with the service role. The page runs at the backend's site
// address, where the backend's test checkout sends the buyer (an in-app page there).
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBundles } from '../../test/render';

const backend = setupAppforgeBackend();

function monthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

function check(result: { error: { message: string } | null }): void {
  if (result.error) throw new Error(result.error.message);
}

async function ownApp(user: TestUser, name: string, deployed = false): Promise<string> {
  const { admin } = backend();
  const made = await admin.from('App').insert({ owner_id: user.id, name, visibility: 'public' }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  if (deployed) {
    const spec = { entryStepId: 'show', steps: [{ id: 'show', kind: 'output', title: 'Result', config: { template: 'Hello' } }] };
    const version = await admin.from('AppVersion').insert({ app_id: made.data.id, spec, frozen: true, created_by: user.id }).select('id').single();
    if (version.error) throw new Error(version.error.message);
    check(await admin.from('App').update({ draft_version_id: version.data.id, deployed_version_id: version.data.id }).eq('id', made.data.id));
  }
  return made.data.id;
}

async function ownBundle(user: TestUser, name: string): Promise<string> {
  const made = await backend().admin.from('Bundle').insert({ owner_id: user.id, name, visibility: 'public' }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return made.data.id;
}

/** This month's counter of a metered use, as run metering keeps it. */
async function counted(user: TestUser, metric: 'runs' | 'ai_tokens' | 'api_calls', used: number) {
  check(await backend().admin.from('UsageCounter').insert({ owner_id: user.id, scope_key: 'owner', metric, period: 'month', period_start: monthStart(), used }));
}

/** A database of the user's with one table of `rows` rows, as the engine's statistics count them. */
async function databaseRows(user: TestUser, rows: number) {
  const { admin } = backend();
  const database = await admin.from('Database').insert({ owner_id: user.id, name: 'Essays' }).select('id').single();
  if (database.error) throw new Error(database.error.message);
  const table = await admin.from('DatabaseTable').insert({ database_id: database.data.id, name: 'essays' }).select('id').single();
  if (table.error) throw new Error(table.error.message);
  check(await admin.from('DatabaseTableStats').upsert({ table_id: table.data.id, row_count: rows }));
}

type PurchaseInsert = Record<string, unknown>;

async function bought(buyer: TestUser, purchase: PurchaseInsert) {
  check(
    await backend().admin.from('Purchase').insert({
      buyer_id: buyer.id,
      provider_reference: `cs_test_${crypto.randomUUID()}`,
      currency: 'USD',
      last_event_at: '2026-11-01T00:00:00Z',
      created_at: '2026-11-01T00:00:00Z',
      ...purchase,
    } as never),
  );
}

describe('/user-plan', () => {
  it('shows the plan’s usage as bars, upgrades through the test checkout, and lists the test receipt', async () => {
    const ada = await backend().signedInUser('ada');
    await ada.client.users.ensure();
    await ownApp(ada, 'Essay tutor');
    await ownApp(ada, 'Quiz');
    await counted(ada, 'runs', 500);
    await databaseRows(ada, 100_000);
    check(
      await backend().admin.from('CapNotice').insert({ owner_id: ada.id, cap_key: 'runs', period_start: monthStart(), message: 'Essay tutor has reached its owner’s monthly run limit' }),
    );
    const user = userEvent.setup();
    renderBundles('/user-plan', ada.client);
    expect(await screen.findByRole('heading', { name: 'Your plan: Free' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Runs this month' })).toHaveAttribute('aria-valuetext', '500 of 500');
    expect(screen.getByRole('meter', { name: 'Apps' })).toHaveAttribute('aria-valuetext', '2 of 5');
    expect(screen.getByRole('meter', { name: 'Database rows (all databases)' })).toHaveAttribute('aria-valuetext', '100,000 of 100,000');
    expect(screen.getByText('Limit reached.')).toBeInTheDocument();
    expect(screen.getByText('Limit reached: new rows are refused until you delete some or upgrade.')).toBeInTheDocument();
    expect(screen.getByText(/2,000,000 database rows/)).toBeInTheDocument();
    expect(screen.getByText('Essay tutor has reached its owner’s monthly run limit')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await user.click(await screen.findByRole('button', { name: 'Complete test purchase' }));
    expect(await screen.findByText('Thank you — your payment was received.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your plan: Pro' })).toBeInTheDocument();
    const receipts = screen.getByRole('table');
    expect(within(receipts).getByText('test receipt, no money')).toBeInTheDocument();
    expect(within(receipts).getByText('$19.00 a month')).toBeInTheDocument();

    await user.click(within(receipts).getByRole('button', { name: 'Cancel' }));
    expect(await within(receipts).findByText(/^ends /)).toBeInTheDocument();
    const stored = await backend().admin.from('Purchase').select('cancel_at_period_end').eq('buyer_id', ada.id).single();
    expect(stored.data?.cancel_at_period_end).toBe(true);
  });

  it('agrees with what the server enforces: custom domains are not limited, and 0 of 0 is no alarm (issue 27)', async () => {
    const fresh = await backend().signedInUser('new');
    await fresh.client.users.ensure();
    const appId = await ownApp(fresh, 'Site');
    check(await backend().admin.from('CustomDomain').insert({ value: `new-${crypto.randomUUID().slice(0, 8)}.example.org`, owner_id: fresh.id, status: 'pending', app_id: appId, is_app: true }));
    // An operator sets the Free plan's API calls to none (the service role may change plan limits).
    const free = await backend().admin.from('Plan').select('limits').eq('id', 'free').single();
    if (free.error) throw new Error(free.error.message);
    check(await backend().admin.from('Plan').update({ limits: { ...(free.data.limits as Record<string, number>), api_calls: 0 } }).eq('id', 'free'));
    try {
      renderBundles('/user-plan', fresh.client);
      expect(await screen.findByRole('heading', { name: 'Your plan: Free' })).toBeInTheDocument();
      expect(screen.getByText('API calls this month').parentElement).toHaveTextContent('0 of 0');
      // Adding a domain is not refused by any plan, so the page does not count against one.
      expect(screen.getByText('Custom domains').parentElement).toHaveTextContent('1 (no limit)');
      expect(screen.queryByRole('meter', { name: 'Custom domains' })).toBeNull();
      // A limit of 0 that nothing has used is not "reached".
      expect(screen.queryByText(/Limit reached/)).toBeNull();
      expect(document.querySelector('.is-full')).toBeNull();
      expect(screen.queryByText(/custom domains\./)).toBeNull();
    } finally {
      check(await backend().admin.from('Plan').update({ limits: free.data.limits }).eq('id', 'free'));
    }
  });

  it('names what each purchase was for and links to it (issue 27)', async () => {
    const seller = await backend().signedInUser('seller');
    const bundleId = await ownBundle(seller, 'Study kit');
    const appId = await ownApp(seller, 'Essay tutor', true);
    const ada = await backend().signedInUser('ada');
    await ada.client.users.ensure();
    const base = { provider: 'test', mode: 'one_time', amount_cents: 900, status: 'active' };
    await bought(ada, { ...base, item_kind: 'bundle', bundle_id: bundleId, created_at: '2026-11-02T00:00:00Z' });
    await bought(ada, { ...base, item_kind: 'app', app_id: appId });
    renderBundles('/user-plan', ada.client);
    const receipts = await screen.findByRole('table');
    expect(await within(receipts).findByRole('link', { name: 'Study kit' })).toHaveAttribute('href', `/bundle/${bundleId}`);
    expect(await within(receipts).findByRole('link', { name: 'Essay tutor' })).toHaveAttribute('href', `/deployed-app/${appId}`);
    // The test badge reads apart from the name, not "Study kittest receipt".
    expect(within(receipts).getAllByRole('row')[1]).toHaveTextContent('Study kit test receipt, no money');
  });

  it('says in words which purchases were refunded or failed to renew, and offers no Cancel for them', async () => {
    const seller = await backend().signedInUser('seller');
    const bundleId = await ownBundle(seller, 'Maths pack');
    const appId = await ownApp(seller, 'Essay tutor', true);
    const ada = await backend().signedInUser('ada');
    await ada.client.users.ensure();
    const base = { provider: 'stripe', period_start: '2026-11-01T00:00:00Z' };
    await bought(ada, { ...base, item_kind: 'bundle', bundle_id: bundleId, mode: 'monthly', amount_cents: 900, status: 'past_due', period_end: '2026-12-01T00:00:00Z', created_at: '2026-11-02T00:00:00Z' });
    await bought(ada, { ...base, item_kind: 'app', app_id: appId, mode: 'one_time', amount_cents: 499, status: 'refunded' });
    renderBundles('/user-plan', ada.client);
    const receipts = await screen.findByRole('table');
    const rows = within(receipts).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('payment failed: access is paused until it is paid (update your card under Invoices)');
    expect(rows[1]).toHaveTextContent('refunded: access ended');
    expect(within(receipts).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(receipts).getAllByRole('button', { name: 'Invoices' })).toHaveLength(2);
  });
});
