import { Button, PageHeader } from '@appforge/ui';
import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { reportError } from '../lib/report-error';
import { describeRouteError } from './describe-route-error';
import { useEnv } from './env-context';

/**
 * The page shown when a route fails to load or render. It replaces the whole layout, so it only
 * uses plain links and buttons that work even when the router is in a bad state.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { DEV } = useEnv();
  const description = describeRouteError(error);

  useEffect(() => {
    if (description.report) reportError(error, { route: pathname });
  }, [error, pathname, description.report]);

  return (
    <main className="shell-page shell-standalone" id="main">
      <PageHeader
        title={description.title}
        description={description.explanation}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>Reload</Button>
            {/* A full page load on purpose: it also recovers from a broken router state. */}
            <Button variant="secondary" asChild>
              <a href="/">Go home</a>
            </Button>
          </>
        }
      />
      {DEV ? (
        <details className="shell-error-details">
          <summary>Technical details</summary>
          <pre>{error instanceof Error && error.stack ? error.stack : description.detail}</pre>
        </details>
      ) : null}
    </main>
  );
}
