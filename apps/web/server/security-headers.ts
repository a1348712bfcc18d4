// Issue 26, defence in depth: the security headers of every page the web app serves, computed in
// ONE place. The development/preview server (vite-security-headers.ts) calls it per request, and
// deploy/security-headers.caddy is generated from it (security-headers.test.ts keeps the file in
// step), so Vite and Caddy can never drift apart.
//
// No inline script is allowed: the built index.html has none, and an inline script a server
// really serves (Vite's development preamble) is allowed by its SHA-256 hash only. Text a model
// produced or a visitor typed is rendered as sanitised markdown; this policy is the second wall:
// even if some HTML got through, no script of it runs, no handler attribute fires, no
// `javascript:` link navigates, and no page can be framed by a stranger (clickjacking).

/**
 * What kind of page a request is for. `platform`: the signed-in product (main and schools hosts).
 * `visitor`: what visitors open — a deployed app, a landing page, a bundle page, and everything on
 * a custom domain. Visitor pages are where embedding may later be allowed (issue 28).
 */
export type PageKind = 'platform' | 'visitor';

/** Origins the pages talk to (each an origin like `https://api.example.com`, or a Caddy placeholder form). */
export interface PageOrigins {
  /** The backend (VITE_SUPABASE_URL): REST, auth, functions, storage, and realtime over websockets. */
  api: string;
  /** The development mailbox page and API (VITE_INBOX_URL), when there is one. */
  inbox?: string | undefined;
  /** Storage, when it is not under the API origin. */
  storage?: string | undefined;
  /** Analytics (VITE_POSTHOG_HOST) and error reporting (the Sentry DSN's host), when configured. */
  analytics?: string | undefined;
  errors?: string | undefined;
  /** The support chat (VITE_INTERCOM_APP_ID set): Intercom's widget, API and assets. */
  supportChat?: boolean;
  /** `sha256-…` sources of inline scripts the server really serves (none in a production build). */
  scriptHashes?: readonly string[];
}

/** Intercom's documented CSP sources for its Messenger. */
const INTERCOM = {
  script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connect: ['https://via.intercom.io', 'https://api.intercom.io', 'https://*.intercom.io', 'wss://*.intercom.io', 'https://uploads.intercomcdn.com'],
  img: ['https://*.intercomcdn.com', 'https://static.intercomassets.com'],
  font: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  frame: ['https://intercom-sheets.com'],
  media: ['https://js.intercomcdn.com'],
};

// An allowed frame ancestor is an https origin (or a host pattern with one leading `*.`); anything
// else — a space, a semicolon, a quote — could rewrite the policy, so it is refused.
const FRAME_ANCESTOR = /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;
// Outside production (Vite's dev and preview servers, the end-to-end tests) a page served by the
// developer's own machine over plain http may frame an app too: `http://<name>.localhost:<port>`,
// `http://localhost:<port>` and `http://127.0.0.1:<port>`. Production (Caddy) never accepts them.
const LOOPBACK_FRAME_ANCESTOR = /^http:\/\/(localhost|127\.0\.0\.1|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+localhost)(:\d{1,5})?$/;

export interface FrameAncestorOptions {
  /** Accept http loopback origins (development and preview only). */
  allowLoopbackHttp?: boolean;
}

/** Whether `origin` may be written into `frame-ancestors` as it is. */
export function isFrameAncestor(origin: string, options: FrameAncestorOptions = {}): boolean {
  return FRAME_ANCESTOR.test(origin) || (options.allowLoopbackHttp === true && LOOPBACK_FRAME_ANCESTOR.test(origin));
}

/** The websocket form of an http(s) origin (realtime runs over it). */
function websocketOf(origin: string): string {
  return origin.replace(/^http(s?):\/\//, 'ws$1://');
}

function unique(values: readonly (string | undefined | false)[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}

/**
 * The headers for a page of `kind`. `frameAncestors` lists the https origins that may embed it; it
 * is honoured for visitor pages only (a deployed app whose owner allows embedding — issue 28 passes
 * the owner's list here). Without it, and always for the platform's own pages, nothing may frame
 * the page: `frame-ancestors 'none'`.
 */
export function securityHeaders(
  kind: PageKind,
  origins: PageOrigins,
  frameAncestors: readonly string[] = [],
  options: FrameAncestorOptions = {},
): Record<string, string> {
  const bad = frameAncestors.filter((origin) => !isFrameAncestor(origin, options));
  if (bad.length > 0) throw new Error(`Not an https origin that may frame a page: ${bad.join(', ')}`);
  const ancestors = kind === 'visitor' && frameAncestors.length > 0 ? unique(frameAncestors).join(' ') : "'none'";
  const chat = origins.supportChat === true;
  const storage = origins.storage ?? origins.api;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', unique(["'self'", ...(origins.scriptHashes ?? []).map((hash) => `'${hash}'`), ...(chat ? INTERCOM.script : [])])],
    // Inline `style` elements and attributes: Radix's scroll lock and the design system's
    // positioning write them at run time. Styles cannot run code; scripts stay hash-only.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(["'self'", 'data:', 'blob:', storage, ...(chat ? INTERCOM.img : [])])],
    ['media-src', unique(["'self'", 'blob:', ...(chat ? INTERCOM.media : [])])],
    ['font-src', unique(["'self'", 'data:', ...(chat ? INTERCOM.font : [])])],
    [
      'connect-src',
      unique([
        "'self'",
        origins.api,
        websocketOf(origins.api),
        storage,
        origins.inbox,
        origins.analytics,
        origins.errors,
        ...(chat ? INTERCOM.connect : []),
      ]),
    ],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', unique(["'self'", ...(chat ? INTERCOM.frame : [])])],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [ancestors]],
  ];
  return {
    'Content-Security-Policy': directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; '),
    'X-Content-Type-Options': 'nosniff',
    // Full addresses (with paths and queries) stay on this origin; other sites see the origin only.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Powerful features nobody's app needs; passkeys (publickey-credentials-*) keep their default.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()',
    // Older browsers that ignore frame-ancestors: DENY unless the page may be framed at all.
    ...(ancestors === "'none'" ? { 'X-Frame-Options': 'DENY' } : {}),
  };
}

/** First path segments of the pages visitors open (PRODUCT.md §1). */
const VISITOR_SEGMENTS = new Set(['deployed-app', 'landing-page', 'bundle', 'create-new-app']);

/**
 * The kind of page a request is for: everything on a custom domain (a host that is neither the main
 * nor the schools host) and the visitor paths are `visitor`; the rest is `platform`.
 */
export function pageKindOf(host: string, path: string, platform: { appHost: string; schoolsHost: string }): PageKind {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const own = [platform.appHost, platform.schoolsHost].map((value) => value.toLowerCase().replace(/:\d+$/, ''));
  // Loopback addresses are the developer's own machine, never a custom domain.
  if (!own.includes(hostname) && hostname !== '127.0.0.1' && hostname !== '[::1]') return 'visitor';
  const first = path.split('?')[0]?.split('/').find((segment) => segment !== '') ?? '';
  return VISITOR_SEGMENTS.has(first.toLowerCase()) ? 'visitor' : 'platform';
}

/** The SHA-256 CSP sources of the inline (src-less) scripts of an HTML page. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const { createHash } = await import('node:crypto');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

// Stands in for the allowed origins while the block is built, then becomes Caddy's placeholder.
const ANCESTORS_STAND_IN = 'https://frame-ancestors.appforge.invalid';

/**
 * The Caddy header block for a page kind, with Caddy's `{$ENV}` placeholders for the origins.
 * With `frameAncestorsPlaceholder` (issue 28: a deployed app its owner lets other sites embed),
 * `frame-ancestors` takes that Caddy placeholder — the backend's `frame-ancestors` answer, which
 * holds only checked https origins — and X-Frame-Options is removed.
 */
export function caddyHeaderBlock(kind: PageKind, origins: PageOrigins, frameAncestorsPlaceholder?: string): string {
  const headers = securityHeaders(kind, origins, frameAncestorsPlaceholder === undefined ? [] : [ANCESTORS_STAND_IN]);
  const lines = Object.entries(headers).map(
    ([name, value]) => `\t${name} "${value.replace(ANCESTORS_STAND_IN, frameAncestorsPlaceholder ?? ANCESTORS_STAND_IN).replace(/"/g, '\\"')}"`,
  );
  if (frameAncestorsPlaceholder !== undefined) lines.push('\t-X-Frame-Options');
  return lines.join('\n');
}
