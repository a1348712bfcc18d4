import { PageTitle } from '@appforge/ui';
import { usePublicApp, useRunStream, useSession } from '@appforge/sdk/react';
import { useParams, useSearchParams } from 'react-router';
import { AppNotFound } from '../components/AppNotFound';
import { AppNotFoundOrSignIn } from '../components/AppNotFoundOrSignIn';
import { AppFrame } from '../components/AppFrame';
import { AppSkeleton } from '../components/AppSkeleton';
import { AppIntro } from '../components/DeployedAppView';
import { DeployedAppRunner } from '../components/DeployedAppRunner';
import type { DeployedAppProps } from '../components/DeployedAppRunner';
import { PaidAccess } from '../components/PaidAccess';
import { RunProblem } from '../components/RunProblem';
import { deployedAppPath, isAppId, signInHref } from '../lib/sign-in-link';
import { useAppPaywall } from '../lib/use-app-paywall';
import { useEmbedResize } from '../lib/use-embed-resize';
import { RouterLinks } from '../components/RouterLinks';

const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['not_found', 'app_not_found', 'not_deployed', 'invalid_input']);

/**
 * `/deployed-app/:appId` — the deployed version of an app, run by anyone it is open to (no
 * sign-in needed to open the page; the app's visibility decides whether running it needs one).
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
  // `?class=` (from My classes): the run is a class run, attributed to that class (issue 19).
  const [search] = useSearchParams();
  const classParam = search.get('class');
  const classId = classParam !== null && isAppId(classParam) ? classParam : null;
  const session = useSession();
  const query = usePublicApp(validId);
  const app = query.data;
  const tabTitle = <PageTitle title={app ? app.name : validId === null || query.isError ? 'App not found' : null} product={false} />;
  useEmbedResize();

  if (validId === null) {
    return (
      <>
        {tabTitle}
        <AppNotFound />
      </>
    );
  }
  const signIn = signInHref(validId, deployedAppPath(validId));
  if (session.status === 'loading' || query.isPending) {
    return (
      <>
        {tabTitle}
        <AppSkeleton />
      </>
    );
  }
  if (query.isError) {
    if (NOT_FOUND_CODES.has(query.error.code)) {
      return (
        <>
          {tabTitle}
          <AppNotFoundOrSignIn appId={validId} signInHref={session.status === 'signed_out' ? signIn : undefined} />
        </>
      );
    }
    return (
      <>
        {tabTitle}
        <RunProblem
          problem={query.error}
          appName="This app"
          signInHref={signIn}
          onRetry={() => void query.refetch()}
       
        />
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
  // A class run is granted by the teacher's assignment: no paywall for it (issue 19).
  if (classId) {
    return (
      <>
        {tabTitle}
        <DeployedApp key={app.id} app={app} spec={app.deployed.spec} signedIn={session.status === 'signed_in'} signInHref={signIn} classId={classId} />
      </>
    );
  }
  return (
    <>
      {tabTitle}
      <PaidGate key={app.id} app={app} spec={app.deployed.spec} signedIn={session.status === 'signed_in'} signInHref={signIn} classId={null} />
    </>
  );
}

/**
 * A paid app (or one inside a paid bundle) shows its price and "Get access" to visitors without
 * access, instead of a form whose run would be refused; everyone else gets the app.
 */
function PaidGate(props: DeployedAppProps) {
  const paywall = useAppPaywall(props.app, deployedAppPath(props.app.id), props.signInHref);
  if (paywall.state === 'loading') return <AppSkeleton />;
  if (paywall.state === 'paywalled') {
    return (
      <AppFrame design={props.app.design}>
        <AppIntro app={props.app} offline={false} />
        <PaidAccess {...paywall.props} />
      </AppFrame>
    );
  }
  return <DeployedApp {...props} notice={paywall.justBought ? `Thank you — you have access to ${props.app.name} now.` : null} />;
}

function DeployedApp(props: DeployedAppProps) {
  const stream = useRunStream();
  return <DeployedAppRunner {...props} stream={stream} />;
}
