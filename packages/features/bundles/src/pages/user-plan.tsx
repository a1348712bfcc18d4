import { describePrice, formatMoney, messageOf } from '@appforge/sdk';
import type { Currency, MyPlan, PurchaseRow } from '@appforge/sdk';
import { useCheckout, useManagePurchase, useMyPlan } from '@appforge/sdk/react';
import { Badge, Button, Card, formatDate, LoadError, PageHeader, PageTitle, Spinner } from '@appforge/ui';
import { useSearchParams } from 'react-router';
import { UNENFORCED_LIMITS, USAGE_FULL_TEXTS, USAGE_LABELS, UsageBar } from '../components/UsageBar';
import { PurchasedItem } from '../components/PurchasedItem';
import { SalesSummary } from '../components/Sales';
import { useLeave } from '../lib/use-leave';


/** A purchase's state in words: what the buyer may do now and why. */
export function purchaseStatus(purchase: PurchaseRow): string {
  switch (purchase.status) {
    case 'active':
      if (purchase.cancel_at_period_end) return `ends ${formatDate(purchase.period_end)}`;
      return purchase.mode === 'monthly' ? `active, renews ${formatDate(purchase.period_end)}` : 'active';
    case 'past_due':
      return 'payment failed: access is paused until it is paid (update your card under Invoices)';
    case 'refunded':
      return 'refunded: access ended';
    case 'canceled':
      return 'canceled';
  }
}

function Receipts({ purchases }: { purchases: PurchaseRow[] }) {
  const manage = useManagePurchase();
  const leave = useLeave();
  if (purchases.length === 0) return <p>No purchases yet.</p>;
  return (
    <>
      <table className="bundles-receipts">
        <caption className="visually-hidden">Your purchases</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((purchase) => (
            <tr key={purchase.id}>
              <td>{formatDate(purchase.created_at)}</td>
              <td>
                <PurchasedItem purchase={purchase} />
                {purchase.provider === 'test' ? (
                  <>
                    {' '}
                    <Badge tone="warning">test receipt, no money</Badge>
                  </>
                ) : null}
              </td>
              <td>
                {formatMoney(purchase.amount_cents, purchase.currency as Currency)}
                {purchase.mode === 'monthly' ? ' a month' : ' once'}
              </td>
              <td>{purchaseStatus(purchase)}</td>
              <td>
                {purchase.provider === 'stripe' ? (
                  <Button size="sm" variant="ghost" onClick={() => manage.mutate({ purchaseId: purchase.id, action: 'portal' }, { onSuccess: (r) => r.url && leave(r.url) })}>
                    Invoices
                  </Button>
                ) : null}
                {purchase.mode === 'monthly' && purchase.status === 'active' && !purchase.cancel_at_period_end ? (
                  <Button size="sm" variant="ghost" onClick={() => manage.mutate({ purchaseId: purchase.id, action: 'cancel' })}>
                    Cancel
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {manage.isError ? (
        <p role="alert" className="bundles-error">
          {messageOf(manage.error)}
        </p>
      ) : null}
    </>
  );
}

function PlanView({ plan }: { plan: MyPlan }) {
  const checkout = useCheckout();
  const leave = useLeave();
  const current = plan.plans.find((entry) => entry.id === plan.plan);
  const pro = plan.plans.find((entry) => entry.id === 'pro');
  const proPurchase = plan.purchases.find((purchase) => purchase.item_kind === 'plan' && purchase.status === 'active');
  return (
    <>
      <Card title={`Your plan: ${current?.name ?? plan.plan}`} description={plan.plan === 'pro' && plan.renews_at ? `Renews ${formatDate(plan.renews_at)}` : undefined}>
        <div className="bundles-usage-list">
          {plan.usage.map((usage) => (
            <UsageBar
              key={usage.key}
              label={USAGE_LABELS[usage.key]}
              used={usage.used}
              limit={UNENFORCED_LIMITS.has(usage.key) ? null : usage.limit}
              fullText={USAGE_FULL_TEXTS[usage.key]}
            />
          ))}
        </div>
        {plan.plan === 'free' && pro ? (
          <div className="bundles-upgrade">
            <p>
              Pro: {describePrice({ kind: 'monthly', amount_cents: pro.amount_cents, currency: pro.currency as Currency })} — {pro.limits.runs?.toLocaleString('en')} runs,{' '}
              {pro.limits.apps} apps, {pro.limits.database_rows?.toLocaleString('en')} database rows.
            </p>
            <Button
              disabled={checkout.isPending}
              onClick={() =>
                checkout.mutate({ item_kind: 'plan', item_id: 'pro', return_path: '/user-plan' }, { onSuccess: (started) => leave(started.url) })
              }
            >
              {checkout.isPending ? 'Opening checkout…' : 'Upgrade to Pro'}
            </Button>
            {checkout.isError ? (
              <p role="alert" className="bundles-error">
                {messageOf(checkout.error)}
              </p>
            ) : null}
          </div>
        ) : proPurchase && !proPurchase.cancel_at_period_end ? (
          <p>To go back to Free, cancel the Pro subscription below: you keep Pro until the paid month ends.</p>
        ) : null}
      </Card>
      {plan.notices.length > 0 ? (
        <Card title="Limits reached this month">
          <ul>
            {plan.notices.map((notice) => (
              <li key={notice.id}>{notice.message}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title="Purchases and receipts">
        <Receipts purchases={plan.purchases} />
      </Card>
      <SalesSummary />
    </>
  );
}

/** `/user-plan` — the plan, usage this month against its limits, upgrade / downgrade / cancel, receipts, and a summary of the person's sales. */
export function Component() {
  const plan = useMyPlan();
  const [search] = useSearchParams();
  const tabTitle = <PageTitle title="Plan" />;
  return (
    <>
      {tabTitle}
      <div className="bundles-page">
        <PageHeader title="Plan" description="What your plan includes and how much of it you used this month." />
        {search.get('checkout') === 'success' ? (
          <p role="status" className="bundles-notice">
            Thank you — your payment was received.
          </p>
        ) : null}
        {plan.isPending ? (
          <p className="bundles-loading">
            <Spinner size="sm" /> Loading your plan…
          </p>
        ) : plan.isError ? (
          <LoadError what="Your plan" message={messageOf(plan.error)} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />
        ) : (
          <PlanView plan={plan.data} />
        )}
      </div>
    </>
  );
}
