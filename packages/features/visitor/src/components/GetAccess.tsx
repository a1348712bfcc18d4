import { describePrice, messageOf } from '@appforge/sdk';
import type { Access, AppPrice } from '@appforge/sdk';
import { useCheckout } from '@appforge/sdk/react';
import { Button } from '@appforge/ui';
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

const ACCESS_LABEL: Record<Exclude<Access, null>, string> = {
  owner: 'You own this.',
  allowed: 'You are on the list of people allowed in.',
  purchase: 'You have access.',
  free: 'Free for everyone.',
};

/** The price and "Get access" for those without access; a short note for those with it. */
export function GetAccess({ item, price, access, signedIn, signInHref, returnPath }: GetAccessProps) {
  const checkout = useCheckout();
  const leave = useLeave();
  if (access !== null) return <p className="visitor-bundle-access">{ACCESS_LABEL[access]}</p>;
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
        <Button asChild>
          <VisitorLink to={signInHref}>Get access</VisitorLink>
        </Button>
      )}
      {checkout.isError ? (
        <p role="alert" className="visitor-bundle-error">
          {messageOf(checkout.error)}
        </p>
      ) : null}
    </div>
  );
}
