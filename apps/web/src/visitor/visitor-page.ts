// Issue 28: what the light visitor entry (visitor.html) shows for an address. It renders a
// signed-out visitor's deployed app itself, at /deployed-app/:id on any host and at a custom
// domain's root, and a signed-out visitor's landing page and bundle page on the platform's hosts
// (/landing-page/:id, /bundle/:id); everything else (a stored session, a class run, a checkout's
// return, those pages on a custom domain) loads the full creator shell, which handles every page. On a custom domain the owner's target
// is shown at `/`: its own address there (/deployed-app/<id> after a sign-in, say) goes back to `/`.
import { classifyHost } from '../app/access-gate/access-rules';

export type VisitorPage =
  | { readonly kind: 'deployed-app'; readonly appId: string }
  | { readonly kind: 'landing-page'; readonly appId: string }
  | { readonly kind: 'bundle'; readonly bundleId: string }
  | { readonly kind: 'full-app' }
  /**
   * A custom domain's root, or (with `appId`) a signed-out visitor's deployed app on that domain,
   * which may be the domain's own target (its address after a sign-in, say): the entry asks which
   * target the domain shows and shows it at `/`, in the light entry when `light`. The shell turns
   * the other target addresses into `/` (AccessGate).
   */
  | { readonly kind: 'custom-domain'; readonly light: boolean; readonly appId?: string };

/** A visitor page's address: its kind and id. `/bundle/:id` only: the manage pages under it are its owner's. */
const VISITOR_PATH = /^\/(deployed-app|landing-page|bundle)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

export interface VisitorPageInput {
  location: { hostname: string; host: string; pathname: string; search: string };
  hosts: { appHost: string; schoolsHost: string };
  /** A session is stored on this device: the person may be signed in, which the shell handles. */
  storedSession: boolean;
}

export function visitorPageOf({ location, hosts, storedSession }: VisitorPageInput): VisitorPage {
  // A class run (?class=) is a signed-in student's; a checkout's return needs the paywall.
  const search = new URLSearchParams(location.search);
  const light = !storedSession && !search.has('class') && !search.has('checkout');
  const custom = classifyHost(location, hosts) === 'custom';
  if (custom && location.pathname === '/') return { kind: 'custom-domain', light };
  const match = light ? VISITOR_PATH.exec(location.pathname) : null;
  const kind = match?.[1]?.toLowerCase();
  const id = match?.[2]?.toLowerCase();
  if (kind === undefined || id === undefined) return { kind: 'full-app' };
  if (kind === 'deployed-app') return custom ? { kind: 'custom-domain', light, appId: id } : { kind: 'deployed-app', appId: id };
  // On a custom domain the shell turns its target's other addresses into `/` (AccessGate).
  if (custom) return { kind: 'full-app' };
  return kind === 'landing-page' ? { kind: 'landing-page', appId: id } : { kind: 'bundle', bundleId: id };
}
