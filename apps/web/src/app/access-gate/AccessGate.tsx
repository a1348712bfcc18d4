import { AccessDenied, DomainNotConnected, MfaChallengeScreen, SignInScreen } from '@appforge/auth';
import { useAppforge, useSession } from '@appforge/sdk/react';
import { Button, FullScreenSpinner } from '@appforge/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { reportError } from '../../lib/report-error';
import { supportChat } from '../../lib/support-chat-instance';
import { telemetry } from '../../lib/telemetry';
import { useEnv } from '../env-context';
import { accessKeys } from './access-keys';
import { classifyHost, customDomainPath, needsAccess, referralAppIdFrom } from './access-rules';
import { useCustomDomainTarget, useEnsureUser, useMfaRequirement, useSchoolAccess } from './use-access-checks';

/** Where the page is served from; the gate's only view of the host (tests pass their own). */
export interface HostLocation {
  hostname: string;
  host: string;
}

function Checking() {
  return (
    <main id="main">
      <FullScreenSpinner label="Checking access" />
    </main>
  );
}

function CheckFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <main className="shell-page shell-standalone" id="main">
      <h1>{title}</h1>
      <p>Appforge could not reach its server. Check your connection and try again.</p>
      <div className="shell-actions">
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </main>
  );
}

/** Reports a failed check once per error object (seed §8: reported and logged). */
function useReported(error: unknown, context: string) {
  useEffect(() => {
    if (error !== null && error !== undefined) reportError(error, { context });
  }, [error, context]);
}

/**
 * The access gate (seed §2.1, §4–§6): a full-screen spinner until the session, the allow check
 * and the custom-domain check are done; then the routes, the sign-in screen, the second-factor
 * step, the access-denied screen, or — at a custom domain's root — its target page.
 */
export function AccessGate({ host, children }: { host: HostLocation; children: ReactNode }) {
  const env = useEnv();
  const client = useAppforge();
  const queryClient = useQueryClient();
  const location = useLocation();
  const session = useSession();
  const hostKind = classifyHost(host, { appHost: env.VITE_APP_HOST, schoolsHost: env.VITE_SCHOOLS_HOST });
  const gated = needsAccess(hostKind, location.pathname);
  const domainRoot = hostKind === 'custom' && location.pathname === '/';
  // The first address of the visit names the referral; later navigation does not change it.
  const [referralAppId] = useState(() => referralAppIdFrom(location));

  const signedIn = session.status === 'signed_in' ? session.session : null;
  const userId = signedIn?.user.id ?? null;
  const mfa = useMfaRequirement(signedIn);
  const mfaRequired = mfa.data?.required === true;
  // A failed assurance check does not block: the backend enforces aal2 on its own.
  const mfaSettled = mfa.isError || (mfa.isSuccess && !mfaRequired);
  const ensure = useEnsureUser(userId, referralAppId, signedIn !== null && mfaSettled);
  const school = useSchoolAccess(userId, hostKind === 'schools' && gated && ensure.isSuccess);
  const domain = useCustomDomainTarget(host.hostname.toLowerCase(), domainRoot);

  useReported(ensure.error, 'ensure user');
  useReported(school.error, 'school info');
  useReported(domain.error, 'custom domain lookup');
  useReported(mfa.error, 'assurance level');

  // Page views on every route change (analytics load on demand and only when configured).
  useEffect(() => {
    telemetry.pageview(window.location.href);
  }, [location.pathname, location.search]);

  // The support chat, once the user row exists (seed §4); nothing loads when not configured.
  const ensured = ensure.isSuccess;
  const email = signedIn?.user.email ?? null;
  useEffect(() => {
    if (!ensured || userId === null || !supportChat.enabled) return;
    let live = true;
    client.users.getIntercomHmac().then(
      (userHash) => {
        if (live) supportChat.boot({ userId, email, userHash });
      },
      (error: unknown) => reportError(error, { context: 'support chat set-up' }),
    );
    return () => {
      live = false;
    };
  }, [client, ensured, userId, email]);

  const denied = (
    <Suspense fallback={<Checking />}>
      <AccessDenied />
    </Suspense>
  );

  if (domainRoot) {
    if (domain.isPending) return <Checking />;
    if (domain.isError) return <CheckFailed title="This domain could not be checked" onRetry={() => void domain.refetch()} />;
    const target = domain.data === null ? null : customDomainPath(domain.data);
    if (target === null) return <DomainNotConnected host={host.hostname} />;
    return <Navigate to={target} replace />;
  }

  if (session.status === 'loading') return <Checking />;
  if (!gated) return children;

  if (signedIn === null) {
    return (
      <Suspense fallback={<Checking />}>
        <SignInScreen />
      </Suspense>
    );
  }

  if (mfa.isPending) return <Checking />;
  if (mfa.data?.required === true) {
    const { factorId } = mfa.data;
    return (
      <Suspense fallback={<Checking />}>
        <MfaChallengeScreen
          factorId={factorId}
          onVerified={() => void queryClient.invalidateQueries({ queryKey: accessKeys.user(signedIn.user.id) })}
        />
      </Suspense>
    );
  }

  if (ensure.isPending) return <Checking />;
  if (ensure.isError) return <CheckFailed title="Your access could not be checked" onRetry={() => void ensure.refetch()} />;

  if (hostKind === 'schools') {
    if (school.isPending) return <Checking />;
    // A failed lookup denies (seed §6); it has been reported above.
    if (school.isError || !(school.data.isTeacher || school.data.isStudent)) return denied;
    return children;
  }

  if (ensure.data.status !== 'allowed') return denied;
  return children;
}
