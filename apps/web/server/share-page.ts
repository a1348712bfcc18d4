// Issue 28, "Pages that preview when shared": the public facts of a page (`share_page_facts`) and
// a host's public pages (`share_sitemap`), asked of the backend without a session, validated, and
// kept for a few seconds so a burst of visits costs one lookup. Whatever goes wrong (backend down,
// slow, odd answer) the page is served as the generic page with noindex, never held up.
import { parseShareFacts, sitemapEntriesSchema } from '@appforge/sdk/share-page';
import type { ShareFacts, SharePageRef, SitemapEntry } from '@appforge/sdk/share-page';

export interface SharePageLookupOptions {
  /** The backend's URL (VITE_SUPABASE_URL) and its public anon key (VITE_SUPABASE_ANON_KEY). */
  apiUrl: string;
  anonKey: string;
  /** How long an answer is reused; a renamed app shows within this time. */
  ttlMs?: number;
  /** How long one lookup may take before the generic page is served. */
  timeoutMs?: number;
}

export interface SharePageLookup {
  facts(ref: SharePageRef): Promise<ShareFacts | undefined>;
  /** The public pages of the platform hosts (no argument) or of one custom domain. */
  sitemap(customHost?: string): Promise<SitemapEntry[]>;
}

const MAX_CACHED = 500;

function cached<T>(ttlMs: number, ask: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const cache = new Map<string, { at: number; value: Promise<T> }>();
  return (key) => {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (cache.size >= MAX_CACHED) {
      for (const [old, entry] of cache) if (now - entry.at >= ttlMs) cache.delete(old);
      if (cache.size >= MAX_CACHED) cache.clear();
    }
    const value = ask(key);
    cache.set(key, { at: now, value });
    return value;
  };
}

export function sharePageLookup(options: SharePageLookupOptions): SharePageLookup {
  const ttlMs = options.ttlMs ?? 5_000;
  const base = `${options.apiUrl.replace(/\/$/, '')}/rest/v1/rpc`;

  async function rpc(name: string, args: Record<string, unknown>): Promise<unknown> {
    try {
      const response = await fetch(`${base}/${name}`, {
        method: 'POST',
        headers: { apikey: options.anonKey, authorization: `Bearer ${options.anonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      });
      return response.ok ? ((await response.json()) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }

  const facts = cached(ttlMs, async (key) => {
    const [kind = '', id = ''] = key.split(' ');
    return parseShareFacts(await rpc('share_page_facts', { kind, id }));
  });
  const sitemap = cached(ttlMs, async (host) => {
    const parsed = sitemapEntriesSchema.safeParse(await rpc('share_sitemap', host === '' ? {} : { custom_host: host }));
    return parsed.success ? parsed.data : [];
  });

  return {
    facts: (ref) => facts(`${ref.kind === 'bundle' ? 'bundle' : 'app'} ${ref.id}`),
    sitemap: (customHost) => sitemap(customHost ?? ''),
  };
}
