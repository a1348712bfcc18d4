import { messageOf } from '@appforge/sdk';
import type { FlaggedSale } from '@appforge/sdk';
import { Badge, Button, formatDate } from '@appforge/ui';
import { useFlaggedSales } from '../data/use-flagged-sales-query';
import { money } from '../lib/money';
import { PurchasedItem } from './PurchasedItem';


function expected(sale: FlaggedSale): string {
  if (sale.expected_amount_cents === null || sale.expected_currency === null) return 'no paid price at the time';
  return money(sale.expected_amount_cents, sale.expected_currency);
}

/**
 * The seller's sales whose payment disagreed with the price they had set (issue 26: "recorded and
 * flagged to the seller"). Shown only when there is at least one; the buyer kept access, so the
 * seller decides in the payment provider whether to refund or ask for the difference.
 */
export function FlaggedSales() {
  const sales = useFlaggedSales();
  if (sales.isPending) return null;
  if (sales.isError) {
    return (
      <section className="bundles-flagged" aria-labelledby="bundles-flagged-title">
        <h2 id="bundles-flagged-title">Sales to check</h2>
        <div role="alert" className="bundles-error">
          <p>Your sales to check could not be loaded: {messageOf(sales.error)}</p>
          <Button onClick={() => void sales.refetch()}>Try again</Button>
        </div>
      </section>
    );
  }
  if (sales.data.length === 0) return null;
  return (
    <section className="bundles-flagged" aria-labelledby="bundles-flagged-title">
      <h2 id="bundles-flagged-title">
        Sales to check <Badge tone="warning">{sales.data.length}</Badge>
      </h2>
      <p>
        The payment provider reported a different amount or currency than the price you had set. The buyer kept access;
        check these payments with your payment provider and refund or ask for the difference there.
      </p>
      <div className="bundles-flagged-scroll">
      <table className="bundles-receipts">
        <caption className="visually-hidden">Sales whose payment disagreed with the price</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">Paid</th>
            <th scope="col">Price then</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {sales.data.map((sale) => (
            <tr key={sale.id}>
              <td>{formatDate(sale.created_at)}</td>
              <td>
                <PurchasedItem purchase={sale} seller />
                {sale.provider === 'test' ? <Badge tone="warning">test sale, no money</Badge> : null}
              </td>
              <td>
                {money(sale.amount_cents, sale.currency)}
                {sale.mode === 'monthly' ? ' a month' : ' once'}
              </td>
              <td>{expected(sale)}</td>
              <td>{sale.status.replace('_', ' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  );
}
