import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBundles } from '../../test/render';

describe('/user-plan', () => {
  it('shows the plan’s usage as bars, upgrades through the test checkout, and lists the test receipt', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'ada@example.org' });
    client.fake.data.usage = [
      { key: 'apps', used: 2, limit: 5 },
      { key: 'runs', used: 500, limit: 500 },
      { key: 'database_rows', used: 100_000, limit: 100_000 },
    ];
    client.fake.data.notices = [{ id: crypto.randomUUID(), message: 'Essay tutor has reached its owner’s monthly run limit', created_at: new Date().toISOString() }];
    const user = userEvent.setup();
    renderBundles('/user-plan', client);
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
  });
  it('agrees with what the server enforces: custom domains are not limited, and 0 of 0 is no alarm (issue 27)', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'new@example.org' });
    client.fake.data.usage = [
      { key: 'runs', used: 0, limit: 500 },
      { key: 'ai_tokens', used: 0, limit: 200_000 },
      { key: 'custom_domains', used: 1, limit: 0 },
      { key: 'api_calls', used: 0, limit: 0 },
    ];
    renderBundles('/user-plan', client);
    expect(await screen.findByRole('heading', { name: 'Your plan: Free' })).toBeInTheDocument();
    // Adding a domain is not refused by any plan, so the page does not count against one.
    expect(screen.getByText('Custom domains').parentElement).toHaveTextContent('1 (no limit)');
    expect(screen.queryByRole('meter', { name: 'Custom domains' })).toBeNull();
    // A limit of 0 that nothing has used is not "reached".
    expect(screen.queryByText(/Limit reached/)).toBeNull();
    expect(document.querySelector('.is-full')).toBeNull();
    expect(screen.queryByText(/custom domains\./)).toBeNull();
  });

  it('names what each purchase was for and links to it (issue 27)', async () => {
    const bundleId = crypto.randomUUID();
    const appId = crypto.randomUUID();
    const client = createFakeAppforgeClient({ data: { bundleNames: { [bundleId]: 'Study kit' }, appNames: { [appId]: 'Essay tutor' } } });
    const session = client.fake.signIn({ email: 'ada@example.org' });
    const base = {
      buyer_id: session.user.id, plan_id: null, provider: 'test' as const, currency: 'USD', cancel_at_period_end: false,
      period_start: null, period_end: null, created_at: '2026-11-01T00:00:00Z', mode: 'one_time' as const, amount_cents: 900, status: 'active' as const,
    };
    client.fake.data.purchases.push(
      { ...base, id: crypto.randomUUID(), item_kind: 'bundle', bundle_id: bundleId, app_id: null },
      { ...base, id: crypto.randomUUID(), item_kind: 'app', bundle_id: null, app_id: appId },
    );
    renderBundles('/user-plan', client);
    const receipts = await screen.findByRole('table');
    expect(await within(receipts).findByRole('link', { name: 'Study kit' })).toHaveAttribute('href', `/bundle/${bundleId}`);
    expect(await within(receipts).findByRole('link', { name: 'Essay tutor' })).toHaveAttribute('href', `/deployed-app/${appId}`);
    // The test badge reads apart from the name, not "Study kittest receipt".
    expect(within(receipts).getAllByRole('row')[1]).toHaveTextContent('Study kit test receipt, no money');
  });

  it('says in words which purchases were refunded or failed to renew, and offers no Cancel for them', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'ada@example.org' });
    const base = {
      buyer_id: session.user.id,
      app_id: null,
      plan_id: null,
      provider: 'stripe' as const,
      currency: 'USD',
      cancel_at_period_end: false,
      period_start: '2026-11-01T00:00:00Z',
      created_at: '2026-11-01T00:00:00Z',
    };
    client.fake.data.purchases.push(
      { ...base, id: crypto.randomUUID(), item_kind: 'bundle', bundle_id: crypto.randomUUID(), mode: 'monthly', amount_cents: 900, status: 'past_due', period_end: '2026-12-01T00:00:00Z' },
      { ...base, id: crypto.randomUUID(), item_kind: 'app', bundle_id: null, app_id: crypto.randomUUID(), mode: 'one_time', amount_cents: 499, status: 'refunded', period_end: null },
    );
    renderBundles('/user-plan', client);
    const receipts = await screen.findByRole('table');
    const rows = within(receipts).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('payment failed: access is paused until it is paid (update your card under Invoices)');
    expect(rows[1]).toHaveTextContent('refunded: access ended');
    expect(within(receipts).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(receipts).getAllByRole('button', { name: 'Invoices' })).toHaveLength(2);
  });
});
