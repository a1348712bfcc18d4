import { isNotFound, messageOf } from '@appforge/sdk';
import type { BundleDetail } from '@appforge/sdk';
import { useBundle } from '@appforge/sdk/react';
import { Button, EmptyState, LoadError, PageHeader, PageTitle, Spinner } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { bundlePaths } from '../lib/paths';

export interface BundleFrameProps {
  /** The page's name ("Settings", "Apps", …). */
  page: string;
  description?: string;
  children: (bundle: BundleDetail) => ReactNode;
}

/** The owner's pages of one bundle: breadcrumbs, the manage links, loading, not found and errors. */
export function BundleFrame({ page, description, children }: BundleFrameProps) {
  const { bundleId = '' } = useParams();
  const bundle = useBundle(bundleId);
  const data = bundle.data;
  const tabTitle = <PageTitle title={[page, data?.name ?? 'Bundle']} />;

  if (bundle.isError && !data && isNotFound(bundle.error)) {
    return (
      <>
        {tabTitle}
        <div className="bundles-page">
          <EmptyState
            headingLevel={1}
            title="This bundle was not found"
            description="It may have been deleted, or it belongs to someone else."
            action={
              <Button asChild>
                <Link to="/bundles">Go to your bundles</Link>
              </Button>
            }
          />
        </div>
      </>
    );
  }
  const paths = bundlePaths(bundleId);
  return (
    <>
      {tabTitle}
      <div className="bundles-page">
        <PageHeader
          title={page}
          description={description}
          breadcrumbs={
            <ol className="bundles-breadcrumbs">
              <li>
                <Link to="/bundles">Bundles</Link>
              </li>
              {data ? (
                <li>
                  <Link to={paths.page}>{data.name}</Link>
                </li>
              ) : null}
            </ol>
          }
        />
        <nav aria-label="Manage this bundle" className="bundles-tabs">
          <NavLink to={paths.settings}>Settings</NavLink>
          <NavLink to={paths.editApps}>Apps</NavLink>
          <NavLink to={paths.editPrice}>Price</NavLink>
          <NavLink to={paths.allowedUsers}>Allowed people</NavLink>
          <NavLink to={paths.customDomain}>Custom domain</NavLink>
        </nav>
        {data ? (
          children(data)
        ) : bundle.isError ? (
          <LoadError
            what="This bundle"
            message={messageOf(bundle.error)}
            onRetry={() => void bundle.refetch()}
            retrying={bundle.isFetching}
          />
        ) : (
          <p className="bundles-loading">
            <Spinner size="sm" /> Loading the bundle…
          </p>
        )}
      </div>
    </>
  );
}
