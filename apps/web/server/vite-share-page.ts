// Issue 28: `vite` (development) and `vite preview` (`npm start -- --prod`, the end-to-end tests)
// serve the landing page, the deployed app and the bundle page with their title, card tags and
// JSON-LD already in the HTML, and robots.txt and sitemap.xml per host: what deploy/Caddyfile gets
// from the backend's share-page function in production. The HTML itself is built by
// `@appforge/sdk/share-page`, the same code for every server.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { applySharePage, robotsTxt, sharePageOf, sitemapXml } from '@appforge/sdk/share-page';
import type { Connect, Plugin } from 'vite';
import { platformHostsFromEnv } from './html-entry';
import { pageKindOf } from './security-headers';
import { sharePageLookup } from './share-page';
import type { SharePageLookup } from './share-page';
import { originsFromEnv } from './vite-security-headers';

export interface SharePagePluginOptions {
  /** The build's VITE_ variables (loadEnv): the API's URL and anon key, the platform's hosts. */
  env: Record<string, string>;
  /**
   * Which HTML file a page is served from on that host (relative to the root or the build):
   * vite.config.ts passes html-entry.ts's answer, so the tags go into the page the visitor gets.
   * index.html by default.
   */
  entryFor?: (path: string, host: string) => string;
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[::1\])(?::\d{1,5})?$/i;

/** The page's own origin from the Host header (outside input: anything odd becomes localhost). */
function originFor(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return `http://${HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

/**
 * The middleware: answers the share pages, robots.txt and sitemap.xml; passes everything else on.
 * `html(file, url)` gives the HTML the server would serve for that entry file.
 */
export function sharePageMiddleware(
  options: SharePagePluginOptions & { lookup: SharePageLookup | undefined; html: (file: string, url: string) => Promise<string> },
): Connect.NextHandleFunction {
  const origins = originsFromEnv(options.env);
  const platform = platformHostsFromEnv(options.env);

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // The address asked for: the security-headers plugin, which runs first, may already have
    // pointed req.url at the entry file (/visitor.html); connect keeps the original.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const origin = originFor(req);
    const send = (type: string, body: string) => {
      res.statusCode = 200;
      res.setHeader('content-type', `${type}; charset=utf-8`);
      res.setHeader('cache-control', 'no-cache');
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    };
    if (path === '/robots.txt') return send('text/plain', robotsTxt(origin));
    if (path === '/sitemap.xml') {
      const custom = pageKindOf(req.headers.host ?? '', '/', platform) === 'visitor';
      const hostname = new URL(origin).hostname;
      const entries = options.lookup ? await options.lookup.sitemap(custom ? hostname : undefined) : [];
      return send('application/xml', sitemapXml(origin, entries));
    }
    const ref = sharePageOf(url);
    if (ref === undefined) return false;
    const [html, facts] = await Promise.all([
      options.html(options.entryFor?.(path, req.headers.host ?? '') ?? 'index.html', url),
      options.lookup ? options.lookup.facts(ref) : Promise.resolve(undefined),
    ]);
    return send('text/html', applySharePage(html, ref, facts, { origin, apiOrigin: origins.api }));
  }

  return (req, res, next) => {
    answer(req, res).then(
      (done) => {
        if (!done) next();
      },
      (error: unknown) => next(error),
    );
  };
}

export function sharePagePlugin(options: SharePagePluginOptions): Plugin {
  const anonKey = options.env.VITE_SUPABASE_ANON_KEY ?? '';
  const lookup = anonKey === '' ? undefined : sharePageLookup({ apiUrl: originsFromEnv(options.env).api, anonKey });
  return {
    name: 'appforge-share-page',
    configureServer(server) {
      // Development: the entry file as Vite would serve it (its preamble and module graph).
      const html = async (file: string, url: string) => server.transformIndexHtml(url, await readFile(join(server.config.root, file), 'utf8'));
      server.middlewares.use(sharePageMiddleware({ ...options, lookup, html }));
    },
    configurePreviewServer(server) {
      // The built entry files are read once each.
      const files = new Map<string, Promise<string>>();
      const html = (file: string) => {
        let read = files.get(file);
        if (read === undefined) {
          read = readFile(join(server.config.root, server.config.build.outDir, file), 'utf8');
          files.set(file, read);
        }
        return read;
      };
      server.middlewares.use(sharePageMiddleware({ ...options, lookup, html }));
    },
  };
}
