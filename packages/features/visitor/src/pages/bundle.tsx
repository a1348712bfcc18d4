import { isNotFound, messageOf } from '@appforge/sdk';
import { useBundlePage, useSession } from '@appforge/sdk/react';
import { useParams, useSearchParams } from 'react-router';
import { BundleLoadError, BundleLoading, BundleNotFound, BundleTitle, BundleView } from '../components/BundleView';
import { GetAccess } from '../components/GetAccess';
import { bundlePaths, bundleSignInHref } from '../lib/bundle-paths';
import { isAppId } from '../lib/sign-in-link';
import { RouterLinks } from '../components/RouterLinks';

/**
 * `/bundle/:bundleId` — the public bundle page (no sign-in needed): name, description, its apps
 * as cards, the price and "Get access", or "Open" for people with access; the owner also sees
 * the manage links.
 */
export function Component() {
  return (
    <RouterLinks>
      <Page />
    </RouterLinks>
  );
}

function Page() {
  const { bundleId } = useParams();
  const validId = isAppId(bundleId) ? bundleId : undefined;
  const page = useBundlePage(validId);
  const { status } = useSession();
  const [search] = useSearchParams();
  const checkoutOutcome = search.get('checkout');
  const data = page.data;
  const title = <BundleTitle name={data?.name} />;

  if (!validId || (page.isError && isNotFound(page.error))) {
    return (
      <>
        {title}
        <BundleNotFound />
      </>
    );
  }
  if (page.isError) {
    return (
      <>
        {title}
        <BundleLoadError message={messageOf(page.error)} onRetry={() => void page.refetch()} retrying={page.isFetching} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {title}
        <BundleLoading />
      </>
    );
  }
  const paths = bundlePaths(data.id);
  return (
    <>
      {title}
      <BundleView
      data={data}
      checkoutOutcome={checkoutOutcome}
      getAccess={
        <GetAccess
          item={{ kind: 'bundle', id: data.id, name: data.name }}
          price={data.price}
          access={data.access}
          signedIn={status === 'signed_in'}
          signInHref={bundleSignInHref(data.id, paths.page)}
          returnPath={paths.page}
        />
      }
      />
    </>
  );
}
