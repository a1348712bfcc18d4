// GET /functions/v1/domain-allowed?domain=<host>: the question Caddy's on-demand TLS asks before it
// gets a certificate for a host it has never seen. 200 only for a verified custom domain; anything
// else (unknown, pending, failed, malformed) → 404, so no certificate is ever issued for it.
import type { FunctionHandler } from '../types.ts';
import { json } from '../http.ts';

// Caddy passes the TLS server name as it came; we store the lower-case punycode form.
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * How long a "yes" is reused: a domain removed or suspended stops getting certificates within this.
 * A "no" is never reused, so a domain that has just been verified is allowed at once.
 */
export const DOMAIN_ALLOWED_CACHE_MS = 1000;
const MAX_CACHED = 10_000;

const refuse = () => json(404, { allowed: false });

/**
 * The handler, with a small cache of recent "yes" answers (per process): TLS handshakes for a new name come
 * in bursts, and the answer must be fast (≤ 5 ms p99) without a database round trip every time.
 */
export function createDomainAllowed(cacheMs = DOMAIN_ALLOWED_CACHE_MS): FunctionHandler {
  const cache = new Map<string, number>();
  return async (req, ctx) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { code: 'method_not_allowed', message: 'Use GET' });
    const domain = (new URL(req.url).searchParams.get('domain') ?? '').trim().toLowerCase().replace(/\.$/, '');
    if (domain.length > 253 || !HOST.test(domain)) return refuse();
    const now = Date.now();
    if ((cache.get(domain) ?? 0) > now) return json(200, { allowed: true });
    const found = await ctx.supabase
      .from('CustomDomain')
      .select('value')
      .eq('value', domain)
      .eq('status', 'verified')
      .maybeSingle();
    if (found.error) throw new Error(`Reading the domain failed: ${found.error.message}`);
    if (found.data === null) {
      cache.delete(domain);
      return refuse();
    }
    if (cacheMs > 0) {
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(domain, now + cacheMs);
    }
    return json(200, { allowed: true });
  };
}

export const domainAllowed: FunctionHandler = createDomainAllowed();
