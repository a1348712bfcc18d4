// The public bundle page's parts, free of react-router and TanStack Query: the shell's page
// (pages/bundle.tsx) and the light visitor entry's (light/LightBundlePage.tsx, issue 28) both
// draw them. Links go through VisitorLink (the router's Link inside the shell).
import type { Access, BundlePage } from '@appforge/sdk';
import { Badge, buttonClassName, Card, EmptyState, LoadError, PageTitle, Spinner } from '@appforge/ui';
import type { ReactNode } from 'react';
import { bundlePaths } from '../lib/bundle-paths';
import { deployedAppPath } from '../lib/sign-in-link';
import { VisitorLink } from './VisitorLink';

const ACCESS_LABEL: Record<Exclude<Access, null>, string> = {
  owner: 'You own this.',
  allowed: 'You are on the list of people allowed in.',
  purchase: 'You have access.',
  free: 'Free for everyone.',
};

/** What a visitor with access is told in place of the price and "Get access". */
export function AccessNote({ access }: { access: Exclude<Access, null> }) {
  return <p className="visitor-bundle-access">{ACCESS_LABEL[access]}</p>;
}

/** The tab's title: the bundle's name once known. */
export function BundleTitle({ name }: { name: string | undefined }) {
  return <PageTitle title={name ?? 'Bundle'} />;
}

export function BundleNotFound() {
  return (
    <div className="visitor-bundle-page">
      <EmptyState headingLevel={1} title="This bundle was not found" description="The link may be wrong, or the bundle is no longer shared." />
    </div>
  );
}

export function BundleLoadError({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="visitor-bundle-page">
      <LoadError what="This bundle" message={message} onRetry={onRetry} retrying={retrying} headingLevel={1} />
    </div>
  );
}

export function BundleLoading() {
  return (
    <p className="visitor-bundle-loading">
      <Spinner size="sm" /> Loading the bundle…
    </p>
  );
}

export interface BundleViewProps {
  data: BundlePage;
  /** `?checkout=` on the way back from a checkout; null otherwise. */
  checkoutOutcome: string | null;
  /** The price and "Get access" (or the access note) under the description. */
  getAccess: ReactNode;
}

/**
 * The public bundle page: name, description, its apps as cards, the price and "Get access"
 * (`getAccess`), or "Open" for people with access; the owner also sees the manage links.
 */
export function BundleView({ data, checkoutOutcome, getAccess }: BundleViewProps) {
  const paths = bundlePaths(data.id);
  const canOpen = data.access !== null;
  return (
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
        {getAccess}
      </header>
      {data.is_owner ? (
        <nav aria-label="Manage this bundle" className="visitor-bundle-tabs">
          <VisitorLink to={paths.settings}>Settings</VisitorLink>
          <VisitorLink to={paths.editApps}>Apps</VisitorLink>
          <VisitorLink to={paths.editPrice}>Price</VisitorLink>
          <VisitorLink to={paths.allowedUsers}>Allowed people</VisitorLink>
          <VisitorLink to={paths.customDomain}>Custom domain</VisitorLink>
        </nav>
      ) : null}
      {data.apps.length === 0 ? (
        <EmptyState
          title="No apps in this bundle yet"
          description={data.is_owner ? 'Add your deployed apps to it.' : 'Its owner has not added any apps yet.'}
          action={
            data.is_owner ? (
              <VisitorLink to={paths.editApps} className={buttonClassName({})}>
                Add apps
              </VisitorLink>
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
                    <VisitorLink to={deployedAppPath(app.id)} className={buttonClassName({ size: 'sm' })} aria-label={`Open ${app.name}`}>
                      Open
                    </VisitorLink>
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
  );
}
