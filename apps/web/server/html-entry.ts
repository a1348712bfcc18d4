// Issue 28: which HTML page answers a page request. Visitors of a deployed app, a landing page or
// a bundle page get the light visitor entry (visitor.html: no router, no creator shell); everyone
// else gets the creator shell (index.html). On a custom domain the owner's target is served at
// `/`, and the platform's other pages do not exist there (404).
// One small function on purpose: the servers (Vite dev and preview here, deploy/Caddyfile in
// production) and the HTML transforms of other work (meta tags) all start from its answer.
import { pageKindOf } from './security-headers';

export type HtmlEntry = 'index.html' | 'visitor.html' | 'not-found';

export interface PlatformHosts {
  appHost: string;
  schoolsHost: string;
}

/** First path segments the visitor entry renders itself (visitor-main.tsx's visitorPageOf). */
const VISITOR_ENTRY_SEGMENTS: ReadonlySet<string> = new Set(['deployed-app', 'landing-page', 'bundle']);

/** First path segments a custom domain still serves through the creator shell (signing in on that host, issue 26). */
const CUSTOM_DOMAIN_SHELL_SEGMENTS: ReadonlySet<string> = new Set(['sign-in', 'auth', 'hand-over', 'reset-password']);

function segmentsOf(path: string): string[] {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * The HTML file for a page request (`path` as the request line has it, query included), or
 * 'not-found' for a platform page asked on a custom domain.
 */
export function htmlEntryFor(host: string, path: string, platform: PlatformHosts): HtmlEntry {
  const segments = segmentsOf(path);
  const first = (segments[0] ?? '').toLowerCase();
  // A bundle's manage pages (/bundle/:id/settings…) belong to its owner: the creator shell.
  const visitorPage = VISITOR_ENTRY_SEGMENTS.has(first) && segments.length === 2;
  const onCustomDomain = pageKindOf(host, '/', platform) === 'visitor';
  if (!onCustomDomain) return visitorPage ? 'visitor.html' : 'index.html';
  if (segments.length === 0 || visitorPage) return 'visitor.html';
  if (CUSTOM_DOMAIN_SHELL_SEGMENTS.has(first)) return 'index.html';
  return 'not-found';
}

/** The platform's own hosts, from the same VITE_ variables the web app reads (src/env.ts). */
export function platformHostsFromEnv(env: Record<string, string>): PlatformHosts {
  return { appHost: env.VITE_APP_HOST || 'localhost', schoolsHost: env.VITE_SCHOOLS_HOST || 'schools.localhost' };
}

/**
 * The HTML file a page's share tags go into: the one htmlEntryFor serves. A platform page on a
 * custom domain is answered 404 before that (and is no share page anyway), so index.html then.
 */
export function htmlFileFor(host: string, path: string, platform: PlatformHosts): 'index.html' | 'visitor.html' {
  const entry = htmlEntryFor(host, path, platform);
  return entry === 'not-found' ? 'index.html' : entry;
}

/** A page request (a browser navigation), as opposed to a script, style, image or API call. */
export function isPageRequest(method: string | undefined, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!(accept ?? '').includes('text/html')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  // Files (/assets/x.js, /favicon.svg) and Vite's own modules (/@vite/client, /@fs/…) are no pages.
  if (pathname.startsWith('/@') || pathname.startsWith('/node_modules/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/** What a custom domain answers for the platform's other pages. */
export const NOT_FOUND_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1>Page not found</h1>
<p>This site has no page at this address. <a href="/">Go to the home page</a>.</p>
</body></html>
`;
