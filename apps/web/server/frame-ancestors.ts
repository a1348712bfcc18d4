// Issue 28: which sites may frame a deployed app, asked of the backend without a session
// (`app_frame_ancestors`, a security-definer function anyone may call with an app's id) and kept
// for a few seconds, so a page load costs no more than one lookup per app in that time. Whatever
// goes wrong (backend down, odd answer) the answer is the empty list: frame-ancestors 'none'.
import { isFrameAncestor } from './security-headers';
import type { FrameAncestorOptions } from './security-headers';

const DEPLOYED_APP_PATH = /^\/deployed-app\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The app id of a `/deployed-app/<uuid>…` request path (query and sub-paths allowed), else undefined. */
export function deployedAppIdOf(path: string): string | undefined {
  return DEPLOYED_APP_PATH.exec(path)?.[1]?.toLowerCase();
}

export interface FrameAncestorsLookupOptions extends FrameAncestorOptions {
  /** The backend's URL (VITE_SUPABASE_URL) and its public anon key (VITE_SUPABASE_ANON_KEY). */
  apiUrl: string;
  anonKey: string;
  /** How long an answer is reused; a changed list shows within this time. */
  ttlMs?: number;
  /** How long one lookup may take before the page is served unframeable. */
  timeoutMs?: number;
}

const MAX_CACHED = 500;

/** A function answering the origins that may frame app `appId` (validated; [] on any failure). */
export function frameAncestorsLookup(options: FrameAncestorsLookupOptions): (appId: string) => Promise<string[]> {
  const ttlMs = options.ttlMs ?? 5_000;
  const cache = new Map<string, { at: number; value: Promise<string[]> }>();
  const endpoint = `${options.apiUrl.replace(/\/$/, '')}/rest/v1/rpc/app_frame_ancestors`;

  async function ask(appId: string): Promise<string[]> {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { apikey: options.anonKey, authorization: `Bearer ${options.anonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ app_id: appId }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      });
      if (!response.ok) return [];
      const body: unknown = await response.json();
      if (!Array.isArray(body)) return [];
      // The database checks each origin already; checked again because a header is built from it.
      return body.filter((origin): origin is string => typeof origin === 'string' && isFrameAncestor(origin, options));
    } catch {
      return [];
    }
  }

  return (appId) => {
    const now = Date.now();
    const hit = cache.get(appId);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (cache.size >= MAX_CACHED) {
      for (const [key, entry] of cache) if (now - entry.at >= ttlMs) cache.delete(key);
      if (cache.size >= MAX_CACHED) cache.clear();
    }
    const value = ask(appId);
    cache.set(appId, { at: now, value });
    return value;
  };
}
