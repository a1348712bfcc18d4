import { DomainNotConnected, SignInScreen, useSignInSession } from '@appforge/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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

/** A path a custom domain's target may have (customDomainPath): /deployed-app, /landing-page or /bundle and an id. */
function isTargetShapedPath(pathname: string): boolean {
  return /^\/(deployed-app|landing-page|bundle)\/[0-9a-f-]{36}\/?$/i.test(pathname);
}

function isSamePath(pathname: string, target: string): boolean {
  return pathname.replace(/\/$/, '').toLowerCase() === target.toLowerCase();
}

/** Shows a custom domain's target while the address bar stays at `/` (react-router's location mask). */
function ShowAtRoot({ target }: { target: string }) {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    void navigate(`${target}${search}${hash}`, { replace: true, mask: { pathname: '/', search, hash } });
  }, [navigate, target, search, hash]);
  return <Checking />;
}

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
  // A custom domain shows its target at `/` (masked: the address bar keeps `/`), and the target's
  // own address there (where a sign-in returns) turns back into `/`. Once masked, nothing to ask.
  const domainRoot =
    hostKind === 'custom' && location.mask === undefined && (location.pathname === '/' || isTargetShapedPath(location.pathname));
  const atRoot = location.pathname === '/';
  // The first address of the visit names the referral; later navigation does not change it.
  const [referralAppId] = useState(() => referralAppIdFrom(location));
  const domain = useCustomDomainTarget(host.hostname.toLowerCase(), domainRoot);
  useReported(domain.error, 'custom domain lookup');

  // Page views on every route change (analytics load on demand and only when configured).
  useEffect(() => {
    telemetry.pageview(window.location.href);
  }, [location.pathname, location.search]);

  // Elsewhere than `/`, a failed check leaves the page where it is.
  if (domainRoot && !(domain.status === 'error' && !atRoot)) {
    if (domain.status === 'error') return <CheckFailed title="This domain could not be checked" onRetry={domain.refetch} />;
    if (domain.status !== 'success') return <Checking />;
    const target = domain.data === null ? null : customDomainPath(domain.data);
    if (atRoot && target === null) return <DomainNotConnected host={host.hostname} />;
    if (target !== null && (atRoot || isSamePath(location.pathname, target))) return <ShowAtRoot target={target} />;
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
