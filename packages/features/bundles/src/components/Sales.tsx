import { messageOf } from '@appforge/sdk';
import type { MySale, MySales, SalesRevenue } from '@appforge/sdk';
import { Badge, Button, Card, EmptyState, formatDate, Spinner } from '@appforge/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { useMySales } from '../data/use-my-sales-query';
import { money } from '../lib/money';
import { PurchasedItem } from './PurchasedItem';

/** Where the full list of the seller's sales is (the plan page links to it). */
export const SALES_PATH = '/bundles#sales';

/** "€5.00, $18.00": one amount per currency that has one; "nothing yet" before the first real sale. */
function perCurrency(revenue: SalesRevenue[], pick: (entry: SalesRevenue) => number): string {
  const first = revenue[0];
  if (!first) return 'nothing yet';
  const some = revenue.filter((entry) => pick(entry) !== 0);
  if (some.length === 0) return money(0, first.currency);
  return some.map((entry) => money(pick(entry), entry.currency)).join(', ');
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** A sale's state in words, from the seller's side. */
function saleStatus(sale: MySale): string {
  switch (sale.status) {
    case 'active':
      if (sale.mode === 'one_time') return 'paid';
      return sale.cancel_at_period_end ? `subscribed, ends ${formatDate(sale.period_end)}` : `subscribed, renews ${formatDate(sale.period_end)}`;
    case 'past_due':
      return 'renewal payment failed: their access is paused';
    case 'canceled':
      return 'subscription ended';
    case 'refunded':
      return 'refunded';
  }
}

function Figures({ sales }: { sales: MySales }) {
  return (
    <dl className="bundles-sales-figures">
      <div>
        <dt>Revenue, last 30 days</dt>
        <dd>{perCurrency(sales.revenue, (entry) => entry.last_30_days_cents)}</dd>
      </div>
      <div>
        <dt>Revenue, all time</dt>
        <dd>{perCurrency(sales.revenue, (entry) => entry.net_cents)}</dd>
      </div>
      <div>
        <dt>Sales</dt>
        <dd>
          {sales.sale_count.toLocaleString('en')}
          {sales.sales_last_30_days > 0 ? ` (${sales.sales_last_30_days.toLocaleString('en')} in the last 30 days)` : ''}
        </dd>
      </div>
      <div>
        <dt>Refunds</dt>
        <dd>
          {sales.refund_count.toLocaleString('en')}
          {sales.refund_count > 0 ? ` (${perCurrency(sales.revenue, (entry) => entry.refunded_cents)})` : ''}
        </dd>
      </div>
      <div>
        <dt>Buyers with access</dt>
        <dd>{sales.active_buyers.toLocaleString('en')}</dd>
      </div>
    </dl>
  );
}

function SalesTable({ sales }: { sales: MySale[] }) {
  return (
    <div className="bundles-flagged-scroll">
      <table className="bundles-receipts">
        <caption className="visually-hidden">Your latest sales, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">Buyer</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id} className={sale.status === 'refunded' ? 'is-refunded' : undefined}>
              <td>{formatDate(sale.created_at)}</td>
              <td>
                <PurchasedItem purchase={sale} seller />
                {sale.provider === 'test' ? (
                  <>
                    {' '}
                    <Badge tone="warning">test sale, no money</Badge>
                  </>
                ) : null}
              </td>
              <td>Buyer {sale.buyer_number}</td>
              <td>
                {money(sale.amount_cents, sale.currency)}
                {sale.mode === 'monthly' ? ' a month' : ' once'}
              </td>
              <td>{sale.status === 'refunded' ? <Badge tone="danger">refunded</Badge> : saleStatus(sale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sales while they load, or why they could not be loaded with a retry (both sales views). */
function SalesLoadState({ sales }: { sales: ReturnType<typeof useMySales> }) {
  if (sales.isError) {
    return (
      <div role="alert" className="bundles-error">
        <p>Your sales could not be loaded: {messageOf(sales.error)}</p>
        <Button onClick={() => void sales.refetch()}>Try again</Button>
      </div>
    );
  }
  return (
    <p className="bundles-loading">
      <Spinner size="sm" /> Loading your sales…
    </p>
  );
}

/**
 * The seller's sales, like a payments dashboard: revenue (last 30 days and all time, per currency,
 * less refunds, test sales left out), sales, refunds and buyers, then the latest sales. With a
 * `bundleId`, that bundle's only.
 */
export function SalesOverview({ bundleId }: { bundleId?: string }) {
  const sales = useMySales(bundleId);
  const titleId = useId();
  const empty = bundleId === undefined ? 'When someone buys one of your bundles or apps, it shows here.' : 'When someone buys this bundle, it shows here.';
  return (
    <section id={bundleId === undefined ? 'sales' : undefined} className="bundles-sales" aria-labelledby={titleId}>
      <h2 id={titleId}>{bundleId === undefined ? 'Sales' : 'Sales of this bundle'}</h2>
      {sales.isPending || sales.isError ? (
        <SalesLoadState sales={sales} />
      ) : sales.data.sales.length === 0 ? (
        <EmptyState headingLevel={3} title="No sales yet" description={empty} />
      ) : (
        <>
          <Figures sales={sales.data} />
          <SalesTable sales={sales.data.sales} />
          {sales.data.sale_count + sales.data.test_sale_count > sales.data.sales.length ? (
            <p>
              Showing the latest {sales.data.sales.length} of {plural(sales.data.sale_count + sales.data.test_sale_count, 'sale', 'sales')}; the figures
              above count them all.
            </p>
          ) : null}
          <p className="bundles-sales-note">
            Revenue counts each sale at the price paid, less refunds; test sales are listed but left out of every figure. A monthly
            sale counts its first payment: your payment provider lists the renewals. Buyers are numbered in the order they first
            bought from you; Appforge does not share their names or e-mail addresses.
          </p>
        </>
      )}
    </section>
  );
}

/** The plan page's short "Your sales": the figures that matter and a link to the full list. */
export function SalesSummary() {
  const sales = useMySales();
  return (
    <Card title="Your sales" footer={<Link to={SALES_PATH}>See all your sales</Link>}>
      {sales.isPending || sales.isError ? (
        <SalesLoadState sales={sales} />
      ) : sales.data.sales.length === 0 ? (
        <p>No sales yet. When someone buys one of your bundles or apps, it shows here.</p>
      ) : (
        <Figures sales={sales.data} />
      )}
    </Card>
  );
}
