// The security headers (security-headers.ts) on every answer of `vite` (development) and `vite
// preview` (`npm start`, the end-to-end tests): what deploy/Caddyfile sends in production.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { deployedAppIdOf, frameAncestorsLookup } from './frame-ancestors';
import { htmlEntryFor, isPageRequest, NOT_FOUND_HTML, platformHostsFromEnv } from './html-entry';
import { inlineScriptHashes, pageKindOf, securityHeaders } from './security-headers';
import type { PageOrigins } from './security-headers';

export interface SecurityHeadersPluginOptions {
  /** The build's VITE_ variables (loadEnv): the API, inbox, analytics and support-chat settings. */
  env: Record<string, string>;
}

function originOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** The origins the pages talk to, from the same variables the web app reads (src/env.ts). */
export function originsFromEnv(env: Record<string, string>): Omit<PageOrigins, 'scriptHashes'> {
  const dsn = env.VITE_SENTRY_DSN;
  return {
    api: originOf(env.VITE_SUPABASE_URL) ?? 'http://127.0.0.1:54321',
    inbox: originOf(env.VITE_INBOX_URL),
    analytics: originOf(env.VITE_POSTHOG_HOST) ?? (env.VITE_POSTHOG_KEY ? 'https://eu.i.posthog.com' : undefined),
    errors: originOf(dsn),
    supportChat: (env.VITE_INTERCOM_APP_ID ?? '').trim() !== '',
  };
}

export function securityHeadersPlugin(options: SecurityHeadersPluginOptions): Plugin {
  const origins = originsFromEnv(options.env);
  const platform = platformHostsFromEnv(options.env);

  // Issue 28: a deployed app may be framed by the sites its owner lists. Vite serves development
  // and previews only, so loopback http embedders (a page on *.localhost) are accepted here.
  const anonKey = options.env.VITE_SUPABASE_ANON_KEY ?? '';
  const lookup = anonKey === '' ? undefined : frameAncestorsLookup({ apiUrl: origins.api, anonKey, allowLoopbackHttp: true });

  async function apply(req: IncomingMessage, res: ServerResponse, scriptHashes: readonly string[]): Promise<void> {
    const path = req.url ?? '/';
    const kind = pageKindOf(req.headers.host ?? '', path, platform);
    const appId = kind === 'visitor' ? deployedAppIdOf(path) : undefined;
    const ancestors = appId !== undefined && lookup ? await lookup(appId) : [];
    const headers = securityHeaders(kind, { ...origins, scriptHashes }, ancestors, { allowLoopbackHttp: true });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  }

  /**
   * Issue 28: a page request gets the HTML file htmlEntryFor names (the light visitor entry for
   * visitor pages and a custom domain's root). Returns true when it answered itself (a 404).
   */
  function routeHtml(req: IncomingMessage, res: ServerResponse): boolean {
    const path = req.url ?? '/';
    if (!isPageRequest(req.method, path, req.headers.accept)) return false;
    const entry = htmlEntryFor(req.headers.host ?? '', path, platform);
    if (entry === 'not-found') {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(req.method === 'HEAD' ? undefined : NOT_FOUND_HTML);
      return true;
    }
    // The address bar keeps its path; only the file served changes.
    if (entry === 'visitor.html') req.url = '/visitor.html';
    return false;
  }

  return {
    name: 'appforge-security-headers',
    configureServer(server: ViteDevServer) {
      // Development serves index.html with Vite's inline preamble (React refresh): allow exactly
      // that script by its hash, computed from the page as Vite transforms it.
      let devHashes: Promise<string[]> | undefined;
      const middleware: Connect.NextHandleFunction = (req, res, next) => {
        devHashes ??= readFile(join(server.config.root, 'index.html'), 'utf8')
          .then((html) => server.transformIndexHtml('/', html))
          .then(inlineScriptHashes);
        devHashes.then((hashes) => apply(req, res, hashes)).then(
          () => (routeHtml(req, res) ? undefined : next()),
          (error: unknown) => next(error),
        );
      };
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      // The built index.html is read once: its inline scripts (a production build has none).
      const built = readFile(join(server.config.root, server.config.build.outDir, 'index.html'), 'utf8')
        .then(inlineScriptHashes)
        .catch(() => []);
      server.middlewares.use((req, res, next) => {
        built.then((hashes) => apply(req, res, hashes)).then(
          () => (routeHtml(req, res) ? undefined : next()),
          (error: unknown) => next(error),
        );
      });
    },
  };
}
