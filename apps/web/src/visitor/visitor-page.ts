// Issue 28: what the light visitor entry (visitor.html) shows for an address. It renders a
// signed-out visitor's deployed app itself, at /deployed-app/:id on any host and at a custom
// domain's root; everything else (a stored session, the landing and bundle pages, a class run)
// loads the full creator shell, which handles every page.
import { classifyHost } from '../app/access-gate/access-rules';

export type VisitorPage =
  | { readonly kind: 'deployed-app'; readonly appId: string }
  | { readonly kind: 'domain-root' }
  | { readonly kind: 'full-app' };

const DEPLOYED_APP = /^\/deployed-app\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

export interface VisitorPageInput {
  location: { hostname: string; host: string; pathname: string; search: string };
  hosts: { appHost: string; schoolsHost: string };
  /** A session is stored on this device: the person may be signed in, which the shell handles. */
  storedSession: boolean;
}

export function visitorPageOf({ location, hosts, storedSession }: VisitorPageInput): VisitorPage {
  if (storedSession) return { kind: 'full-app' };
  // A class run (?class=) is a signed-in student's; a checkout's return needs the paywall.
  const search = new URLSearchParams(location.search);
  if (search.has('class') || search.has('checkout')) return { kind: 'full-app' };
  const appId = DEPLOYED_APP.exec(location.pathname)?.[1];
  if (appId !== undefined) return { kind: 'deployed-app', appId: appId.toLowerCase() };
  if (location.pathname === '/' && classifyHost(location, hosts) === 'custom') return { kind: 'domain-root' };
  return { kind: 'full-app' };
}
