import { isAppforgeError } from '@appforge/sdk';
import type { PublicApp } from '@appforge/sdk';
import { useAccess, useCheckout, usePaidBundles, useSession } from '@appforge/sdk/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PaidAccessProps } from '../components/PaidAccess';

/** How long a page waits for a payment to be confirmed after the checkout (Stripe's webhook). */
const CONFIRM_TRIES = 30;
const CONFIRM_EVERY_MS = 2000;

export type AppPaywall =
  | { readonly state: 'loading' }
  /** The visitor may open the app (owner, allowed, bought, or nothing to pay); `justBought` right after paying. */
  | { readonly state: 'open'; readonly justBought: boolean }
  | { readonly state: 'paywalled'; readonly props: PaidAccessProps };

/**
 * Whether a visitor must buy an app before running it, and what the "Get access" block needs:
 * the caller's access (useAccess), the paid bundles holding the app (usePaidBundles), and the
 * checkout (useCheckout), which comes back to `returnPath` with `?checkout=success|canceled`.
 * After a successful checkout the access is asked again every 2 s for a minute (a Stripe payment
 * is confirmed by its webhook, a moment later).
 */
export function useAppPaywall(app: Pick<PublicApp, 'id' | 'name' | 'price'>, returnPath: string, signInHref: string): AppPaywall {
  const session = useSession();
  const access = useAccess('app', app.id);
  const bundles = usePaidBundles(app.id);
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const outcome = search.get('checkout');
  const waiting = outcome === 'success' && access.data === null;

  const [gaveUp, setGaveUp] = useState(false);
  const { refetch } = access;
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries <= CONFIRM_TRIES) {
        void refetch();
        return;
      }
      clearInterval(timer);
      setGaveUp(true);
    }, CONFIRM_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  if (session.status === 'loading' || access.isPending || bundles.isPending) return { state: 'loading' };
  // Could not tell (network): let the visitor try; run-app refuses with words if they must pay.
  if (access.isError || access.data !== null) return { state: 'open', justBought: outcome === 'success' && access.data === 'purchase' };
  const offers = bundles.data ?? [];
  const ownPrice = app.price.kind === 'free' ? null : app.price;
  if (ownPrice === null && offers.length === 0) return { state: 'open', justBought: false };

  const getAccess = () =>
    checkout.mutate(
      { item_kind: 'app', item_id: app.id, return_path: returnPath },
      {
        onSuccess: (started) => {
          const target = new URL(started.url, window.location.href);
          // The local test checkout is a page of this site; Stripe's is another site.
          if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}`);
          else window.location.assign(target.toString());
        },
      },
    );
  return {
    state: 'paywalled',
    props: {
      appName: app.name,
      price: ownPrice,
      bundles: offers,
      signedIn: session.status === 'signed_in',
      signInHref,
      buying: checkout.isPending,
      error: checkout.isError ? (isAppforgeError(checkout.error) ? checkout.error.message : 'The checkout could not be opened; try again.') : null,
      confirming: waiting && !gaveUp,
      canceled: outcome === 'canceled',
      onGetAccess: getAccess,
    },
  };
}
