import { isNotFound, messageOf } from '@appforge/sdk';
import { useBundlePage, useSession } from '@appforge/sdk/react';
import { Badge, Button, Card, EmptyState, LoadError, PageTitle, Spinner } from '@appforge/ui';
import { Link, useParams, useSearchParams } from 'react-router';
import { GetAccess } from '../components/GetAccess';
import { bundlePaths, bundleSignInHref } from '../lib/bundle-paths';
import { deployedAppPath, isAppId } from '../lib/sign-in-link';
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
  const tabTitle = <PageTitle title={data?.name ?? 'Bundle'} />;

  if (!validId || (page.isError && isNotFound(page.error))) {
    return (
      <>
        {tabTitle}
        <div className="visitor-bundle-page">
          <EmptyState headingLevel={1} title="This bundle was not found" description="The link may be wrong, or the bundle is no longer shared." />
        </div>
      </>
    );
  }
  if (page.isError) {
    return (
      <>
        {tabTitle}
        <div className="visitor-bundle-page">
          <LoadError what="This bundle" message={messageOf(page.error)} onRetry={() => void page.refetch()} retrying={page.isFetching} headingLevel={1} />
        </div>
      </>
    );
  }
  if (!data) {
    return (
      <>
        {tabTitle}
        <p className="visitor-bundle-loading">
          <Spinner size="sm" /> Loading the bundle…
        </p>
      </>
    );
  }
  const paths = bundlePaths(data.id);
  const canOpen = data.access !== null;
  return (
    <>
      {tabTitle}
      <div className="visitor-bundle-page visitor-bundle-public">
        <header className="visitor-bundle-public__header">
          <h1>{data.name}</h1>
          {data.description ? <p>{data.description}</p> : null}
          {checkoutOutcome === 'success' ? (
            <p role="status" className="visitor-bundle-notice">
              {canOpen
                ? 'Thank you — your payment went through.'
                : 'Thank you — your purchase is being confirmed. This page updates when the payment is confirmed.'}
            </p>
          ) : checkoutOutcome === 'canceled' ? (
            <p role="status" className="visitor-bundle-notice">
              Checkout was cancelled; nothing was charged.
            </p>
          ) : null}
          <GetAccess
            item={{ kind: 'bundle', id: data.id, name: data.name }}
            price={data.price}
            access={data.access}
            signedIn={status === 'signed_in'}
            signInHref={bundleSignInHref(data.id, paths.page)}
            returnPath={paths.page}
          />
        </header>
        {data.is_owner ? (
          <nav aria-label="Manage this bundle" className="visitor-bundle-tabs">
            <Link to={paths.settings}>Settings</Link>
            <Link to={paths.editApps}>Apps</Link>
            <Link to={paths.editPrice}>Price</Link>
            <Link to={paths.allowedUsers}>Allowed people</Link>
            <Link to={paths.customDomain}>Custom domain</Link>
          </nav>
        ) : null}
        {data.apps.length === 0 ? (
          <EmptyState
            title="No apps in this bundle yet"
            description={data.is_owner ? 'Add your deployed apps to it.' : 'Its owner has not added any apps yet.'}
            action={
              data.is_owner ? (
                <Button asChild>
                  <Link to={paths.editApps}>Add apps</Link>
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul className="visitor-bundle-grid" aria-label="Apps in this bundle">
            {data.apps.map((app) => (
              <li key={app.id}>
                <Card
                  title={app.name}
                  headingLevel={2}
                  description={app.description ?? undefined}
                  footer={
                    !app.deployed ? (
                      <Badge tone="warning">Not deployed: only you see it</Badge>
                    ) : canOpen ? (
                      <Button asChild size="sm">
                        <Link to={deployedAppPath(app.id)} aria-label={`Open ${app.name}`}>
                          Open
                        </Link>
                      </Button>
                    ) : (
                      <span className="visitor-bundle-muted">Included with access</span>
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
