// The access rules of seed §5/§6 and PRODUCT.md §1 as pure functions, so every case is tested
// without a browser: which kind of host this is, which paths need a signed-in and allowed user,
// where a referral comes from, and where a custom domain's root leads.
import type { CustomDomainTarget } from '@appforge/sdk';

export type HostKind = 'main' | 'schools' | 'custom';

/** First path segments anyone may open without signing in (seed §5). */
export const PUBLIC_FIRST_SEGMENTS: readonly string[] = ['deployed-app', 'landing-page', 'bundle', 'create-new-app'];

/**
 * `location.hostname` (or `location.host` when the configured host names a port) against the
 * configured main and schools hosts. Everything else is a custom domain.
 */
export function classifyHost(location: { hostname: string; host: string }, hosts: { appHost: string; schoolsHost: string }): HostKind {
  const matches = (configured: string) =>
    (configured.includes(':') ? location.host : location.hostname).toLowerCase() === configured.toLowerCase();
  if (matches(hosts.appHost)) return 'main';
  if (matches(hosts.schoolsHost)) return 'schools';
  return 'custom';
}

function firstSegment(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_FIRST_SEGMENTS.includes(firstSegment(pathname).toLowerCase());
}

// --- Classrooms on the schools host (issue 19) ---

/**
 * A class's join link (`/join/:code`). On the schools host it is the one gated page a signed-in
 * person who is neither teacher nor student may open: joining is how one becomes a student.
 */
export function isJoinPath(pathname: string): boolean {
  return firstSegment(pathname).toLowerCase() === 'join';
}

/** Where the schools host's root sends someone: a teacher to the portal, a student to their classes. */
export function schoolsHomePath(info: { isTeacher: boolean; isStudent: boolean }): string | null {
  if (info.isTeacher) return '/teacher-portal';
  if (info.isStudent) return '/my-classes';
  return null;
}

// --- end classrooms ---

/** Sign-in and the allow check apply on the main and schools hosts, except on public paths. */
export function needsAccess(hostKind: HostKind, pathname: string): boolean {
  return hostKind !== 'custom' && !isPublicPath(pathname);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The app that brought this user (seed §7.2): `?referral_app_id=`, or on /landing-page/:appId and
 * /deployed-app/:appId the path's last segment. Only UUIDs: anything else is not sent.
 */
export function referralAppIdFrom(location: { pathname: string; search: string }): string | null {
  const fromQuery = new URLSearchParams(location.search).get('referral_app_id');
  if (fromQuery !== null && UUID.test(fromQuery)) return fromQuery.toLowerCase();
  const segments = location.pathname.split('/').filter((segment) => segment !== '');
  const [first] = segments;
  const last = segments.at(-1);
  if ((first === 'landing-page' || first === 'deployed-app') && segments.length === 2 && last !== undefined && UUID.test(last)) {
    return last.toLowerCase();
  }
  return null;
}

/** Where a custom domain's root shows its target, or null when the row names none. */
export function customDomainPath(target: CustomDomainTarget): string | null {
  if (target.is_bundle && target.bundle_id) return `/bundle/${target.bundle_id}`;
  if (target.is_landing_page && target.app_id) return `/landing-page/${target.app_id}`;
  if (target.is_app && target.app_id) return `/deployed-app/${target.app_id}`;
  return null;
}
