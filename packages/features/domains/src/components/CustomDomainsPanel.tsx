import { messageOf } from '@appforge/sdk';
import type { DomainScope } from '@appforge/sdk';
import { useMyDomains } from '@appforge/sdk/react';
import { Card, EmptyState, LoadError, PageHeader, PageTitle, Spinner } from '@appforge/ui';
import { Link } from 'react-router';
import { AddDomainForm } from './AddDomainForm';
import { DomainCard } from './DomainCard';

export interface CustomDomainsPanelProps {
  scope: DomainScope;
  /** The app's or bundle's name, once known. */
  name: string | undefined;
  /** Where "back" goes: the app's settings or the bundle's page. */
  back: { to: string; label: string };
}

/**
 * The custom-domain page of an app (/custom-domain/:appId) and of a bundle
 * (/bundle/:bundleId/custom-domain): add a host, create its DNS records, watch it verify.
 */
export function CustomDomainsPanel({ scope, name, back }: CustomDomainsPanelProps) {
  const domains = useMyDomains(scope);
  const what = 'appId' in scope ? 'app' : 'bundle';

  const tabTitle = <PageTitle title={['Custom domain', name]} />;

  return (
    <>
      {tabTitle}
      <div className="domains-page">
        <PageHeader
          breadcrumbs={
            <ol className="domains-breadcrumbs">
              <li>
                <Link to={back.to}>{back.label}</Link>
              </li>
            </ol>
          }
          title="Custom domain"
          description={`Show ${name ? `“${name}”` : `this ${what}`} at the root of a domain you own, over HTTPS.`}
        />

        <Card title="Add a domain" headingLevel={2}>
          <AddDomainForm scope={scope} />
          <details className="domains-help">
            <summary>www.example.com or example.com?</summary>
            <p>
              A subdomain such as <code>www.example.com</code> or <code>quiz.example.com</code> is the easiest: create a CNAME record
              pointing to Appforge. A bare (apex) domain such as <code>example.com</code> cannot have a CNAME at most DNS
              providers: use the A records shown instead, or an ALIAS/ANAME record if your provider offers one.
            </p>
            <p>
              Want both? Add both hosts here; each one is checked separately. Every domain also needs the TXT record
              <code> _appforge.&lt;domain&gt;</code>, which proves it is yours.
            </p>
          </details>
        </Card>

        <section aria-labelledby="domains-list-heading" className="domains-list">
          <h2 id="domains-list-heading">Your domains for this {what}</h2>
          {domains.isPending ? (
            <p className="domains-muted">
              <Spinner size="sm" /> Loading your domains…
            </p>
          ) : domains.isError ? (
            <LoadError
              what="Your domains"
              message={messageOf(domains.error)}
              onRetry={() => void domains.refetch()}
              retrying={domains.isFetching}
              headingLevel={3}
            />
          ) : domains.data.length === 0 ? (
            <EmptyState headingLevel={3} title="No domain yet" description={`Add one above; it shows the ${what} to everyone who opens it.`} />
          ) : (
            domains.data.map((domain) => <DomainCard key={domain.host} domain={domain} scope={scope} />)
          )}
        </section>
      </div>
    </>
  );
}
