// GET /functions/v1/share-page?path=<page path>&entry=<index.html|visitor.html> (issue 28, "Pages
// that preview when shared"): in production Caddy asks this function for the landing page, the
// deployed app and the bundle page, and for robots.txt and sitemap.xml, on every host
// (deploy/Caddyfile). It answers the built entry file with the page's title, description,
// canonical URL, card tags and JSON-LD already in it: the same `@appforge/sdk/share-page` code the
// Vite servers use in development and preview. For a deployed app whose owner lets other sites
// embed it, the allowed sites come back in `X-Appforge-Frame-Ancestors` (as frame-ancestors does).
//
// Without WEB_ROOT (the directory of the built web app) the pages answer 404 and Caddy serves the
// plain entry file. Everything here is public: only published pages' public facts are read.
import { z } from 'zod';
import {
  applySharePage,
  parseShareFacts,
  robotsTxt,
  sharePageOf,
  sitemapEntriesSchema,
  sitemapXml,
} from '../../../sdk/src/share-page/index.ts';
import type { ShareFacts, SharePageRef, SitemapEntry } from '../../../sdk/src/share-page/index.ts';
import { errorResponse } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { FRAME_ANCESTORS_HEADER, frameAncestorsOf } from './frame-ancestors.ts';
import { DEVELOPMENT_DOMAINS } from './config.ts';

/** The entry files Caddy may name; nothing else on disk can be read through this function. */
const ENTRIES = ['index.html', 'visitor.html'] as const;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/;

const querySchema = z.object({
  path: z.string().min(1).max(300).startsWith('/'),
  entry: z.enum(ENTRIES).default('index.html'),
});

const HTML_CACHE = new Map<string, Promise<string | undefined>>();

/** The built entry file, read once per server (a new build restarts the server). */
function entryHtml(webRoot: string, entry: (typeof ENTRIES)[number]): Promise<string | undefined> {
  const key = `${webRoot}\n${entry}`;
  let read = HTML_CACHE.get(key);
  if (read === undefined) {
    read = (async () => {
      const fs = await import('node:fs/promises');
      const path = await import('node:path');
      try {
        return await fs.readFile(path.join(webRoot, entry), 'utf8');
      } catch {
        return undefined;
      }
    })();
    HTML_CACHE.set(key, read);
    // A missing file is asked again next time (the build may land after the server started).
    void read.then((html) => {
      if (html === undefined) HTML_CACHE.delete(key);
    });
  }
  return read;
}

function text(type: string, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status: 200, headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-cache', ...headers } });
}

export const sharePageFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return errorResponse(405, 'method_not_allowed', 'Use GET');
  const query = querySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) return errorResponse(400, 'invalid_request', 'Give the page path (path=/…) and, if any, entry=index.html or visitor.html.');
  const { path, entry } = query.data;

  // The host the visitor asked for (Caddy passes it on). Outside input: anything odd is refused.
  const host = (req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? '').toLowerCase();
  if (!HOST.test(host)) return errorResponse(400, 'invalid_host', 'The request names no valid host.');
  const proto = req.headers.get('x-forwarded-proto') === 'http' ? 'http' : 'https';
  const origin = `${proto}://${host}`;
  const hostname = host.replace(/:\d+$/, '');

  if (path === '/robots.txt') return text('text/plain', robotsTxt(origin));
  if (path === '/sitemap.xml') {
    const { appHost, schoolsHost } = (ctx.env.domains ?? DEVELOPMENT_DOMAINS).platform;
    const custom = ![appHost, schoolsHost].some((platform) => platform.replace(/:\d+$/, '').toLowerCase() === hostname);
    const answer = await ctx.supabase.rpc('share_sitemap', custom ? { custom_host: hostname } : {});
    const parsed = sitemapEntriesSchema.safeParse(answer.error ? [] : answer.data);
    const entries: SitemapEntry[] = parsed.success ? parsed.data : [];
    return text('application/xml', sitemapXml(origin, entries));
  }

  const ref: SharePageRef | undefined = sharePageOf(path);
  if (ref === undefined) return errorResponse(404, 'not_found', 'This path is not a page that previews when shared.');
  const webRoot = ctx.env.webRoot;
  const [html, factsAnswer, ancestors] = await Promise.all([
    webRoot === undefined ? Promise.resolve(undefined) : entryHtml(webRoot, entry),
    ctx.supabase.rpc('share_page_facts', { kind: ref.kind === 'bundle' ? 'bundle' : 'app', id: ref.id }),
    ref.kind === 'app' ? frameAncestorsOf(ctx, ref.id) : Promise.resolve([]),
  ]);
  // The sites allowed to frame the app go back either way: Caddy serves the plain file with them.
  const framing: Record<string, string> = ancestors.length > 0 ? { [FRAME_ANCESTORS_HEADER]: ancestors.join(' ') } : {};
  if (html === undefined) {
    return new Response(JSON.stringify({ code: 'no_web_root', message: 'WEB_ROOT is not set or holds no built web app.' }), {
      status: 404,
      headers: { 'content-type': 'application/json', ...framing },
    });
  }
  const facts: ShareFacts | undefined = factsAnswer.error ? undefined : parseShareFacts(factsAnswer.data);
  const apiOrigin = ctx.env.publicUrl === undefined ? origin : new URL(ctx.env.publicUrl).origin;
  return text('text/html', applySharePage(html, ref, facts, { origin, apiOrigin }), framing);
};

