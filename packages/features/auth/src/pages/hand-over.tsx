import { messageOf } from '@appforge/sdk';
import { useAppName, useBundleName, useCustomDomain } from '@appforge/sdk/react';
import { Button, buttonClassName, FullScreenSpinner, LoadError, PageTitle } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useHandOverMutation } from '../data/use-hand-over-mutation';
import { handOverTarget } from '../lib/hand-over';
import { useSignInSession } from '../lib/sign-in-client';

/**
 * `/hand-over?to=<address on a custom domain>` on the platform's own host (issue 26). E-mail links
 * and third-party sign-ins that were asked to return to a custom domain land here instead, signed
 * in on the platform. Custom domains are run by their owners, not by Appforge, so the person
 * decides: "Sign in to <app> on <host>?" — only "Continue" gives that host a session of its own.
 */
export function Component() {
  const location = useLocation();
  const session = useSignInSession();
  const target = handOverTarget(location.search);
  const host = target?.hostname ?? '';
  const domain = useCustomDomain(host, { enabled: target !== null });
  const servesApp = domain.data?.is_app === true || domain.data?.is_landing_page === true;
  const appName = useAppName(servesApp ? domain.data?.app_id : null);
  const bundleName = useBundleName(domain.data?.is_bundle === true ? domain.data.bundle_id : null);
  const handOver = useHandOverMutation();
  const name = appName.data ?? bundleName.data ?? null;

  const tabTitle = <PageTitle title={host === '' ? 'Continue' : `Sign in on ${host}`} />;

  if (target === null) {
    return (
      <>
        {tabTitle}
        <Card title="Nothing to continue to">
          <p>This page continues a sign-in on an app’s own domain, but the link does not name one.</p>
          <HomeLink />
        </Card>
      </>
    );
  }
  if (domain.isPending || (servesApp && appName.isPending) || (domain.data?.is_bundle === true && bundleName.isPending)) {
    return (
      <>
        {tabTitle}
        <FullScreenSpinner label="Checking the domain" />
      </>
    );
  }
  if (domain.isError) {
    return (
      <>
        {tabTitle}
        <div className="auth-page">
          <LoadError
            className="auth-message-card"
            what="This domain"
            title="This domain could not be checked"
            message={messageOf(domain.error)}
            onRetry={() => void domain.refetch()}
            retrying={domain.isFetching}
            headingLevel={1}
          />
        </div>
      </>
    );
  }
  if (domain.data === null) {
    return (
      <>
        {tabTitle}
        <Card title="This domain is not connected to an app">
          <p>
            <code>{host}</code> does not show an Appforge app, so you are not signed in there. You are signed in to Appforge.
          </p>
          <HomeLink />
        </Card>
      </>
    );
  }

  const what = name ?? 'this app';
  const email = session.status === 'signed_in' ? (session.session.user.email ?? null) : null;
  const proceed = () => {
    handOver.mutate(
      { to: target.href },
      {
        onSuccess: (link) => {
          window.location.assign(link.url);
        },
      },
    );
  };

  return (
    <>
      {tabTitle}
      <Card title={`Sign in to ${what} on ${host}?`}>
        <p>
          {email === null ? 'You are signed in to Appforge.' : (
            <>
              You are signed in to Appforge as <strong>{email}</strong>.
            </>
          )}{' '}
          <code>{host}</code> is {what === 'this app' ? 'an app’s own domain' : `the domain of ${what}`}, run by its owner, not by Appforge.
        </p>
        <p className="auth-muted">
          Continue only if you were signing in there yourself. That site then gets its own sign-in to your account; you can end
          it from Settings → Sessions.
        </p>
        {handOver.isError ? <p role="alert">{messageOf(handOver.error)}</p> : null}
        <div className="auth-actions">
          <Button onClick={proceed} loading={handOver.isPending || handOver.isSuccess}>
            {`Continue to ${host}`}
          </Button>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Stay on Appforge
          </Link>
        </div>
      </Card>
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-message-card">
        <h1 className="auth-message-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function HomeLink() {
  return (
    <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
      Go to Appforge
    </Link>
  );
}
