import { AccessDenied, MfaChallengeScreen, useSignInSession } from '@appforge/auth';
import type { AppforgeClient } from '@appforge/sdk';
import { AppforgeProvider, useAppforge } from '@appforge/sdk/react';
import { ToastProvider } from '@appforge/ui';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { reportError } from '../../lib/report-error';
import { supportChat } from '../../lib/support-chat-instance';
import { telemetry } from '../../lib/telemetry';
import { useGivenQueryClient } from '../providers';
import { createQueryClient } from '../query-client';
import { loadNavEntries, RootLayout } from '../root-layout';
import { accessKeys } from './access-keys';
import type { HostKind } from './access-rules';
import { isJoinPath, schoolsHomePath } from './access-rules';
import { useFullClient } from './app-client';
import { CheckFailed, Checking, ClientFailed, LoadingClient } from './gate-screens';
import { useEnsureUser, useMfaRequirement, useSchoolAccess } from './use-access-checks';
import { useReported } from './use-reported';

/** Identify on sign-in; on sign-out reset analytics, shut the support chat down, forget access answers. */
function SessionTelemetry({ client }: { client: AppforgeClient }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.auth.onAuthStateChange((event, session) => {
        if (session !== null && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) {
          telemetry.identify(session.user.id);
        }
        if (event === 'SIGNED_OUT') {
          telemetry.reset();
          supportChat.shutdown();
          queryClient.removeQueries({ queryKey: accessKeys.all });
        }
      }),
    [client, queryClient],
  );
  return null;
}

interface AccessProps {
  hostKind: HostKind;
  /** Whether this page needs a signed-in, allowed user (false on public pages and custom domains). */
  gated: boolean;
  referralAppId: string | null;
}

/**
 * The signed-in part of the gate: the second factor when the account has one, the User row and
 * the allow check (seed §4, §6), the school membership on the schools host, the support chat;
 * then the layout with the routes.
 */
function SignedInChecks({ hostKind, gated, referralAppId }: AccessProps) {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const session = useSignInSession();
  const signedIn = session.status === 'signed_in' ? session.session : null;
  const userId = signedIn?.user.id ?? null;
  const mfa = useMfaRequirement(signedIn);
  const mfaRequired = mfa.data?.required === true;
  // A failed assurance check does not block: the backend enforces aal2 on its own.
  const mfaSettled = mfa.isError || (mfa.isSuccess && !mfaRequired);
  const ensure = useEnsureUser(userId, referralAppId, signedIn !== null && mfaSettled);
  const school = useSchoolAccess(userId, hostKind === 'schools' && gated && ensure.isSuccess);
  const { pathname } = useLocation();
  const joining = hostKind === 'schools' && isJoinPath(pathname);
  // Joining a class makes a student: leaving the join page asks the school function again.
  useEffect(() => {
    if (!joining || userId === null) return;
    return () => void queryClient.invalidateQueries({ queryKey: accessKeys.schoolInfo(userId) });
  }, [joining, userId, queryClient]);

  useReported(ensure.error, 'ensure user');
  useReported(school.error, 'school info');
  useReported(mfa.error, 'assurance level');

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

  const layout = <RootLayout hostKind={hostKind} />;
  if (!gated) return layout;
  // Signed out on a gated page: the outer gate shows the sign-in screen instead of this.
  if (signedIn === null) return <Checking />;

  const denied = (
    <Suspense fallback={<Checking />}>
      <AccessDenied />
    </Suspense>
  );

  if (mfa.isPending) return <Checking />;
  if (mfa.data?.required === true) {
    const { factorId, factorType } = mfa.data;
    return (
      <Suspense fallback={<Checking />}>
        <MfaChallengeScreen
          factorId={factorId}
          factorType={factorType}
          onVerified={() => void queryClient.invalidateQueries({ queryKey: accessKeys.user(signedIn.user.id) })}
        />
      </Suspense>
    );
  }

  if (ensure.isPending) return <Checking />;
  if (ensure.isError) return <CheckFailed title="Your access could not be checked" onRetry={() => void ensure.refetch()} />;

  if (hostKind === 'schools') {
    if (school.isPending) return <Checking />;
    const member = school.isSuccess && (school.data.isTeacher || school.data.isStudent);
    // A join link is open to anyone signed in: joining is how one becomes a student.
    if (joining) return layout;
    // A failed lookup denies (seed §6); it has been reported above. A lookup being asked again
    // (after joining a class) is waited for.
    if (!member) return school.isFetching ? <Checking /> : denied;
    const home = pathname === '/' ? schoolsHomePath(school.data) : null;
    if (home !== null) return <Navigate to={home} replace />;
    return layout;
  }

  if (ensure.data.status !== 'allowed') return denied;
  return layout;
}

// The page's server-state cache. It outlives FullAccess (signing out and in again keeps it; the
// access answers are dropped on sign-out), so it is made once per page, here and not in the
// shell: the sign-in screen does not download TanStack Query.
let pageQueryClient: QueryClient | undefined;

/** Waits for the full client (loaded on first use), then runs the signed-in checks with it. */
export function FullAccess(props: AccessProps) {
  // A page behind sign-in shows the sidebar: its entries download while the checks run.
  if (props.gated) void loadNavEntries().catch(() => undefined);
  const full = useFullClient();
  const queryClient = useGivenQueryClient() ?? (pageQueryClient ??= createQueryClient());
  if (full.status === 'failed') return <ClientFailed onRetry={full.request} />;
  if (full.client === null) return <LoadingClient />;
  return (
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={full.client}>
        <SessionTelemetry client={full.client} />
        <ToastProvider>
          <SignedInChecks {...props} />
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>
  );
}
