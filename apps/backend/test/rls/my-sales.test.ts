// A seller's sales (my_sales, issue "The first hour"): a seller reads the sales of their own apps
// and bundles with the figures over them, never another seller's; a buyer reads no one else's
// purchase through it; nothing in the answer names a buyer.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApp, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

let backend: TestBackend;

interface Sold {
  provider?: 'stripe' | 'test';
  status?: 'active' | 'past_due' | 'canceled' | 'refunded';
  amount_cents?: number;
  currency?: string;
  created_at?: string;
}

async function sell(buyerId: string, item: { app_id?: string; bundle_id?: string }, sold: Sold = {}): Promise<string> {
  const id = randomUUID();
  await backend.db.query(
    `insert into public."Purchase" (id, buyer_id, item_kind, app_id, bundle_id, provider, provider_reference, mode,
       amount_cents, currency, status, last_event_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'one_time', $8, $9, $10, now(), $11)`,
    [
      id,
      buyerId,
      item.app_id ? 'app' : 'bundle',
      item.app_id ?? null,
      item.bundle_id ?? null,
      sold.provider ?? 'stripe',
      `ref_${id}`,
      sold.amount_cents ?? 900,
      sold.currency ?? 'usd',
      sold.status ?? 'active',
      sold.created_at ?? new Date().toISOString(),
    ],
  );
  return id;
}

async function bundleOf(ownerId: string): Promise<string> {
  const bundle = await backend.db.query<{ id: string }>('insert into public."Bundle" (owner_id, name) values ($1, $2) returning id', [ownerId, 'Study kit']);
  return bundle.rows[0]?.id ?? '';
}

interface Answer {
  sales: { id: string; buyer_number: number; currency: string; status: string; provider: string; [key: string]: unknown }[];
  revenue: { currency: string; net_cents: number; last_30_days_cents: number; refunded_cents: number }[];
  sale_count: number;
  sales_last_30_days: number;
  refund_count: number;
  test_sale_count: number;
  active_buyers: number;
}

async function mySales(client: SupabaseClient, args: Record<string, unknown> = {}): Promise<Answer> {
  const { data, error } = await client.rpc('my_sales', args);
  if (error) throw new Error(error.message);
  return data as Answer;
}

describe.each(DATABASES)('my_sales on %s', (database) => {
  let seller: TestUser;
  let rival: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let kit: string;
  let appId: string;
  let rivalKit: string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    seller = await signedIn(backend);
    rival = await signedIn(backend);
    buyer = await signedIn(backend);
    other = await signedIn(backend);
    kit = await bundleOf(seller.id);
    appId = (await seedApp(backend, seller.id)).appId;
    rivalKit = await bundleOf(rival.id);
    const old = new Date(Date.now() - 60 * 86_400_000).toISOString();
    await sell(buyer.id, { bundle_id: kit }, { amount_cents: 900, created_at: old });
    await sell(other.id, { bundle_id: kit }, { amount_cents: 900 });
    await sell(other.id, { app_id: appId }, { amount_cents: 500, currency: 'eur', status: 'refunded' });
    await sell(buyer.id, { app_id: appId }, { provider: 'test', amount_cents: 500 });
    // The seller buying their own bundle is no sale; the rival's sale is not theirs.
    await sell(seller.id, { bundle_id: kit });
    await sell(buyer.id, { bundle_id: rivalKit }, { amount_cents: 4200 });
  });
  afterAll(() => backend.stop());

  it('gives a seller their own sales and figures: refunds and test sales kept out of revenue', async () => {
    const mine = await mySales(seller.client);
    expect(mine.sales).toHaveLength(4);
    expect(mine.revenue).toEqual([
      { currency: 'EUR', net_cents: 0, last_30_days_cents: 0, refunded_cents: 500 },
      { currency: 'USD', net_cents: 1800, last_30_days_cents: 900, refunded_cents: 0 },
    ]);
    expect(mine).toMatchObject({ sale_count: 3, sales_last_30_days: 2, refund_count: 1, test_sale_count: 1, active_buyers: 2 });
    // Buyers are numbered in the order they first bought: the earliest is buyer 1, in every row of theirs.
    const numbers = new Set(mine.sales.map((sale) => sale.buyer_number));
    expect(numbers).toEqual(new Set([1, 2]));
    // Nothing that names a buyer, not even their id.
    const text = JSON.stringify(mine);
    for (const id of [buyer.id, other.id]) expect(text).not.toContain(id);
    expect(text).not.toContain('@example.org');
    expect(Object.keys(mine.sales[0] ?? {})).not.toContain('buyer_id');
  });

  it('narrows to one bundle', async () => {
    const kitOnly = await mySales(seller.client, { for_bundle: kit });
    expect(kitOnly.sales).toHaveLength(2);
    expect(kitOnly.revenue).toEqual([{ currency: 'USD', net_cents: 1800, last_30_days_cents: 900, refunded_cents: 0 }]);
  });

  it('gives another seller nothing of the first seller’s sales, even asked for their bundle', async () => {
    const theirs = await mySales(rival.client);
    expect(theirs.sales).toHaveLength(1);
    expect(theirs.revenue).toEqual([{ currency: 'USD', net_cents: 4200, last_30_days_cents: 4200, refunded_cents: 0 }]);
    const asked = await mySales(rival.client, { for_bundle: kit });
    expect(asked).toMatchObject({ sales: [], revenue: [], sale_count: 0, refund_count: 0, test_sale_count: 0, active_buyers: 0 });
  });

  it('gives a buyer none of their own or other buyers’ purchases as sales', async () => {
    const asBuyer = await mySales(buyer.client);
    expect(asBuyer).toMatchObject({ sales: [], revenue: [], sale_count: 0, active_buyers: 0 });
    expect((await mySales(buyer.client, { for_bundle: kit })).sales).toEqual([]);
  });

  it('refuses visitors who are not signed in', async () => {
    const { error } = await backend.client().rpc('my_sales', {});
    expect(error).not.toBeNull();
  });
});
