import { describePrice, messageOf } from '@appforge/sdk';
import type { Access, AppPrice } from '@appforge/sdk';
import { useCheckout } from '@appforge/sdk/react';
import { Button } from '@appforge/ui';
import { AccessNote } from './BundleView';
import { VisitorLink } from './VisitorLink';
import { useLeave } from '../lib/use-leave';

export interface GetAccessProps {
  item: { kind: 'app' | 'bundle' | 'plan'; id: string; name: string };
  price: AppPrice;
  access: Access;
  signedIn: boolean;
  /** Where the sign-in screen sends the visitor back to (branded with the bundle). */
  signInHref: string;
  /** Where checkout returns to. */
  returnPath: string;
}

/** The price and "Get access" for those without access; a short note for those with it. */
export function GetAccess({ item, price, access, signedIn, signInHref, returnPath }: GetAccessProps) {
  const checkout = useCheckout();
  const leave = useLeave();
  if (access !== null) return <AccessNote access={access} />;
  return (
    <div className="visitor-bundle-get-access">
      <p className="visitor-bundle-price">{describePrice(price)}</p>
      {signedIn ? (
        <Button
          disabled={checkout.isPending}
          onClick={() =>
            checkout.mutate({ item_kind: item.kind, item_id: item.id, return_path: returnPath }, { onSuccess: (started) => leave(started.url) })
          }
        >
          {checkout.isPending ? 'Opening checkout…' : 'Get access'}
        </Button>
      ) : (
        <>
          <Button asChild>
            <VisitorLink to={signInHref}>Get access</VisitorLink>
          </Button>
          <p className="visitor-bundle-bought">
            <VisitorLink to={signInHref}>Already bought it? Sign in</VisitorLink> with the account you paid with.
          </p>
        </>
      )}
      {checkout.isError ? (
        <p role="alert" className="visitor-bundle-error">
          {messageOf(checkout.error)}
        </p>
      ) : null}
    </div>
  );
}
