import { describePrice, messageOf } from '@appforge/sdk';
import type { Currency } from '@appforge/sdk';
import { useFinishTestCheckout, useTestCheckout } from '@appforge/sdk/react';
import { Button, Card, PageTitle, Spinner } from '@appforge/ui';
import { useParams } from 'react-router';
import { useLeave } from '../lib/use-leave';

/**
 * `/test-checkout/:sessionId` — development only: a clearly labelled stand-in for the payment
 * provider that completes or cancels a purchase without money (the server refuses it elsewhere).
 */
export function Component() {
  const { sessionId } = useParams();
  const session = useTestCheckout(sessionId);
  const finish = useFinishTestCheckout();
  const leave = useLeave();
  const tabTitle = <PageTitle title="Test checkout" />;
  const data = session.data;
  return (
    <>
      {tabTitle}
      <div className="bundles-page bundles-test-checkout">
        <p role="note" className="bundles-test-banner">
          Test checkout — development only. No money moves and no card is asked for.
        </p>
        {session.isPending ? (
          <p className="bundles-loading">
            <Spinner size="sm" /> Loading the checkout…
          </p>
        ) : session.isError || !data ? (
          <p role="alert">{messageOf(session.error)}</p>
        ) : (
          <Card headingLevel={1} title={`Pay for ${data.item_name}`}>
            <p className="bundles-price">{describePrice({ kind: data.mode, amount_cents: data.amount_cents, currency: data.currency as Currency })}</p>
            {data.status !== 'open' ? (
              <p role="status">This checkout is {data.status === 'complete' ? 'paid' : data.status === 'expired' ? 'expired' : 'cancelled'}.</p>
            ) : (
              <div className="bundles-row">
                <Button disabled={finish.isPending} onClick={() => finish.mutate({ sessionId: data.id, action: 'complete' }, { onSuccess: leave })}>
                  Complete test purchase
                </Button>
                <Button variant="secondary" disabled={finish.isPending} onClick={() => finish.mutate({ sessionId: data.id, action: 'cancel' }, { onSuccess: leave })}>
                  Cancel
                </Button>
              </div>
            )}
            {finish.isError ? (
              <p role="alert" className="bundles-error">
                {messageOf(finish.error)}
              </p>
            ) : null}
          </Card>
        )}
      </div>
    </>
  );
}
