import { messageOf } from '@appforge/sdk';
import type { CustomDomain } from '@appforge/sdk';
import { useMyApps, useMyBundles } from '@appforge/sdk/react';
import { Badge, Button, EmptyState, LoadError, PageHeader, PageTitle, Spinner } from '@appforge/ui';
import { Link } from 'react-router';
import { useAllMyDomains } from '../data/use-all-my-domains-query';
import { statusOf } from '../lib/status';

/** Where a domain is managed: its app's page or its bundle's page (the existing issue-18 screens). */
function managePath(domain: CustomDomain): string {
  return domain.target.kind === 'bundle'
    ? `/bundle/${encodeURIComponent(domain.target.bundle_id)}/custom-domain`
    : `/custom-domain/${encodeURIComponent(domain.target.app_id)}`;
}

const KIND_WORDS = { app: 'App', landing_page: 'Landing page of', bundle: 'Bundle' } as const;

function DomainRow({ domain, names }: { domain: CustomDomain; names: ReadonlyMap<string, string> }) {
  const status = statusOf(domain);
  const id = domain.target.kind === 'bundle' ? domain.target.bundle_id : domain.target.app_id;
  const name = names.get(id);
  return (
    <li className="domains-row">
      <div className="domains-row__head">
        <h2 className="domains-row__host">{domain.display}</h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="domains-row__target">
        {KIND_WORDS[domain.target.kind]} {name !== undefined ? `“${name}”` : <span className="domains-muted">(name not available)</span>}
      </p>
      <Link className="domains-row__manage" to={managePath(domain)} aria-label={`Manage ${domain.display}`}>
        Manage
      </Link>
    </li>
  );
}

/**
 * /custom-domains — every custom domain of the signed-in person in one list (issue 27): its host,
 * its status, what it shows, and a link to the app's or bundle's domain page where it is managed.
 */
export function Component() {
  const domains = useAllMyDomains();
  const apps = useMyApps();
  const bundles = useMyBundles();

  const tabTitle = <PageTitle title="Custom domains" />;

  const names = new Map<string, string>();
  for (const app of apps.data ?? []) names.set(app.id, app.name);
  for (const bundle of bundles.data ?? []) names.set(bundle.id, bundle.name);

  return (
    <>
      {tabTitle}
      <div className="domains-page">
        <PageHeader
          title="Custom domains"
          description="Your own domains and what each one shows. Add a domain from an app’s settings or a bundle’s page."
        />
        {domains.isPending ? (
          <p className="domains-muted">
            <Spinner size="sm" /> Loading your domains…
          </p>
        ) : domains.isError ? (
          <LoadError what="Your domains" message={messageOf(domains.error)} onRetry={() => void domains.refetch()} retrying={domains.isFetching} />
        ) : domains.data.length === 0 ? (
          <EmptyState
            title="No custom domain yet"
            description="A custom domain shows one of your apps, its landing page or a bundle at the root of a domain you own. Open an app’s settings or a bundle’s page to add one."
            action={
              <div className="domains-empty-actions">
                <Button asChild>
                  <Link to="/">Your apps</Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to="/bundles">Your bundles</Link>
                </Button>
              </div>
            }
          />
        ) : (
          <ul className="domains-rows" aria-label="Your custom domains">
            {domains.data.map((domain) => (
              <DomainRow key={domain.host} domain={domain} names={names} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
