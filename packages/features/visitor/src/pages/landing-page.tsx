import { PageTitle } from '@appforge/ui';
import { describeApp } from '@appforge/engine';
import type { AppOutline } from '@appforge/engine';
import type { PublicApp } from '@appforge/sdk';
import { usePublicApp, useSession } from '@appforge/sdk/react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { AppNotFound } from '../components/AppNotFound';
import { AppNotFoundOrSignIn } from '../components/AppNotFoundOrSignIn';
import { AppSkeleton } from '../components/AppSkeleton';
import { LandingView } from '../components/LandingView';
import { PaidAccess } from '../components/PaidAccess';
import { RunProblem } from '../components/RunProblem';
import { deployedAppPath, isAppId, landingPagePath, signInHref } from '../lib/sign-in-link';
import { useAppPaywall } from '../lib/use-app-paywall';
import { RouterLinks } from '../components/RouterLinks';

const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['not_found', 'app_not_found', 'not_deployed', 'invalid_input']);

/**
 * `/landing-page/:appId` — an app's public page: what it is, what it does (from the deployed
 * version's steps), its price, "Open app", and sign-in branded with the app. No sign-in needed.
 */
export function Component() {
  return (
    <RouterLinks>
      <Page />
    </RouterLinks>
  );
}

function Page() {
  const { appId } = useParams();
  const validId = isAppId(appId) ? appId : null;
  const session = useSession();
  const query = usePublicApp(validId);
  const app = query.data;
  const outline = useMemo(() => (app?.deployed ? describeApp(app.deployed.spec) : null), [app]);
  const tabTitle = <PageTitle title={app ? app.name : validId === null || query.isError ? 'App not found' : null} product={false} />;

  if (validId === null) {
    return (
      <>
        {tabTitle}
        <AppNotFound />
      </>
    );
  }
  const signedOut = session.status === 'signed_out';
  const signIn = signInHref(validId, landingPagePath(validId));
  if (session.status === 'loading' || query.isPending) {
    return (
      <>
        {tabTitle}
        <AppSkeleton label="Loading app page" />
      </>
    );
  }
  if (query.isError) {
    if (NOT_FOUND_CODES.has(query.error.code)) {
      return (
        <>
          {tabTitle}
          <AppNotFoundOrSignIn appId={validId} signInHref={signedOut ? signIn : undefined} />
        </>
      );
    }
    return (
      <>
        {tabTitle}
        <RunProblem problem={query.error} appName="This app" signInHref={signIn} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!app?.deployed) {
    return (
      <>
        {tabTitle}
        <AppNotFound />
      </>
    );
  }
  return (
    <>
      {tabTitle}
      <Landing key={app.id} app={app} outline={outline} signedOut={signedOut} />
    </>
  );
}

/** The landing page proper; a paid app the visitor has no access to shows its price and "Get access". */
function Landing({ app, outline, signedOut }: { app: PublicApp; outline: AppOutline | null; signedOut: boolean }) {
  // After paying the visitor goes straight to the app; signing in first comes back here.
  const paywall = useAppPaywall(app, deployedAppPath(app.id), signInHref(app.id, landingPagePath(app.id)));
  if (paywall.state === 'loading') return <AppSkeleton label="Loading app page" />;
  return (
    <LandingView
      app={app}
      outline={outline}
      openHref={deployedAppPath(app.id)}
      signInHref={signedOut ? signInHref(app.id, deployedAppPath(app.id)) : null}
      paywall={paywall.state === 'paywalled' ? <PaidAccess {...paywall.props} /> : undefined}
    />
  );
}
