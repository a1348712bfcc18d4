import { DomainNotConnected, SignInScreen, useSignInSession } from '@appforge/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { telemetry } from '../../lib/telemetry';
import { useEnv } from '../env-context';
import { classifyHost, customDomainPath, needsAccess, referralAppIdFrom } from './access-rules';
import { CheckFailed, Checking } from './gate-screens';
import { useCustomDomainTarget } from './use-domain-target';
import { useReported } from './use-reported';

/** Where the page is served from; the gate's only view of the host (tests pass their own). */
export interface HostLocation {
  hostname: string;
  host: string;
}

// Everything past the sign-in screen needs the full backend client (supabase-js): the signed-in
// checks, the layout and the pages. It is downloaded only when someone gets that far.
const FullAccess = lazy(() => import('./FullAccess').then((module) => ({ default: module.FullAccess })));

/**
 * The access gate (seed §2.1, §4–§6): a full-screen spinner until the session and the
 * custom-domain check are done; then, at a custom domain's root, its target page; on a page that
 * needs a signed-in user, the sign-in screen to a visitor; otherwise the signed-in checks (second
 * factor, allow check, school membership) and the routes, in FullAccess.
 */
export function AccessGate({ host }: { host: HostLocation }) {
  const env = useEnv();
  const location = useLocation();
  const session = useSignInSession();
  const hostKind = classifyHost(host, { appHost: env.VITE_APP_HOST, schoolsHost: env.VITE_SCHOOLS_HOST });
  const gated = needsAccess(hostKind, location.pathname);
  const domainRoot = hostKind === 'custom' && location.pathname === '/';
  // The first address of the visit names the referral; later navigation does not change it.
  const [referralAppId] = useState(() => referralAppIdFrom(location));
  const domain = useCustomDomainTarget(host.hostname.toLowerCase(), domainRoot);
  useReported(domain.error, 'custom domain lookup');

  // Page views on every route change (analytics load on demand and only when configured).
  useEffect(() => {
    telemetry.pageview(window.location.href);
  }, [location.pathname, location.search]);

  if (domainRoot) {
    if (domain.status === 'error') return <CheckFailed title="This domain could not be checked" onRetry={domain.refetch} />;
    if (domain.status !== 'success') return <Checking />;
    const target = domain.data === null ? null : customDomainPath(domain.data);
    if (target === null) return <DomainNotConnected host={host.hostname} />;
    return <Navigate to={target} replace />;
  }

  if (session.status === 'loading') return <Checking />;
  if (gated && session.status === 'signed_out') {
    return (
      <Suspense fallback={<Checking />}>
        <SignInScreen />
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<Checking />}>
      <FullAccess hostKind={hostKind} gated={gated} referralAppId={referralAppId} />
    </Suspense>
  );
}
