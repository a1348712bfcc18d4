import { Button, buttonClassName } from '@appforge/ui';
import { VisitorLink } from './VisitorLink';
import { formatPrice } from '../lib/format-price';
import type { PriceLike } from '../lib/format-price';
import { PriceTag } from './PriceTag';

export interface BundleOfferLike {
  readonly id: string;
  readonly name: string;
  readonly price: PriceLike;
}

export interface PaidAccessProps {
  appName: string;
  /** The app's own price when it is sold alone; null when only its bundles sell it. */
  price: PriceLike | null;
  /** Paid bundles holding the app that the visitor may buy instead (each has its own page). */
  bundles: readonly BundleOfferLike[];
  signedIn: boolean;
  /** The sign-in page branded with the app, coming back here (paying needs an account). */
  signInHref: string;
  /** The checkout is being opened. */
  buying: boolean;
  /** Why the checkout could not be opened, in the server's words. */
  error: string | null;
  /** Back from a completed checkout while the payment is still being confirmed. */
  confirming: boolean;
  /** Back from a checkout the visitor cancelled. */
  canceled: boolean;
  onGetAccess: () => void;
  locale?: string | undefined;
}

export const bundlePagePath = (bundleId: string): string => `/bundle/${encodeURIComponent(bundleId)}`;

/**
 * What a visitor without access sees instead of a paid app's form: its price and "Get access"
 * (signed-out visitors sign in first, coming back here), and the paid bundles that include it,
 * each linked to the bundle's page where it is bought.
 */
export function PaidAccess(props: PaidAccessProps) {
  const { appName, price, bundles, signedIn, signInHref, buying, error, confirming, canceled, locale } = props;
  return (
    <section className="visitor-sign-in visitor-paid" aria-labelledby="visitor-paid-title" data-testid="paid-access">
      <h2 id="visitor-paid-title" className="visitor-sign-in__title">
        Get access to {appName}
      </h2>
      {confirming ? (
        <p role="status" className="visitor-paid__notice">
          Thank you — your payment is being confirmed. This page opens the app as soon as it is.
        </p>
      ) : canceled ? (
        <p role="status" className="visitor-paid__notice">
          Checkout was cancelled; nothing was charged.
        </p>
      ) : null}
      {price ? (
        <>
          <p className="visitor-sign-in__detail">{appName} is paid. Once you have access you can run it as often as its owner allows.</p>
          <PriceTag price={price} {...(locale !== undefined ? { locale } : {})} />
          {signedIn ? (
            <Button size="lg" loading={buying} disabled={buying} onClick={props.onGetAccess}>
              {buying ? 'Opening checkout…' : 'Get access'}
            </Button>
          ) : (
            <VisitorLink to={signInHref} className={buttonClassName({ variant: 'primary', size: 'lg' })} aria-describedby="visitor-paid-sign-in">
              Get access
            </VisitorLink>
          )}
          {!signedIn ? (
            <p id="visitor-paid-sign-in" className="visitor-sign-in__detail">
              You sign in first (an e-mail code is enough), then pay.
            </p>
          ) : null}
        </>
      ) : (
        <p className="visitor-sign-in__detail">{appName} is part of a paid bundle: get access to the bundle to run it.</p>
      )}
      {bundles.length > 0 ? (
        <div className="visitor-paid__bundles">
          <h3 className="visitor-paid__bundles-title">{price ? 'Or get it with a bundle' : bundles.length === 1 ? 'The bundle' : 'Bundles that include it'}</h3>
          <ul className="visitor-paid__bundle-list">
            {bundles.map((bundle) => (
              <li key={bundle.id}>
                <VisitorLink to={bundlePagePath(bundle.id)} className={buttonClassName({ variant: price ? 'secondary' : 'primary' })}>
                  Get it with {bundle.name}
                </VisitorLink>{' '}
                <span className="visitor-paid__bundle-price">{formatPrice(bundle.price, locale).label}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error !== null ? (
        <p role="alert" className="visitor-paid__error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
