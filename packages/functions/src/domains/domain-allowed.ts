// GET /functions/v1/domain-allowed?domain=<host>: the question Caddy's on-demand TLS asks before it
// gets a certificate for a host it has never seen. 200 only for a verified custom domain; anything
// else (unknown, pending, failed, malformed) → 404, so no certificate is ever issued for it.
import type { FunctionHandler } from '../types.ts';
import { json } from '../http.ts';

// Caddy passes the TLS server name as it came; we store the lower-case punycode form.
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

const refuse = () => json(404, { allowed: false });

export const domainAllowed: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { code: 'method_not_allowed', message: 'Use GET' });
  const domain = (new URL(req.url).searchParams.get('domain') ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (domain.length > 253 || !HOST.test(domain)) return refuse();
  const found = await ctx.supabase
    .from('CustomDomain')
    .select('value')
    .eq('value', domain)
    .eq('status', 'verified')
    .maybeSingle();
  if (found.error) throw new Error(`Reading the domain failed: ${found.error.message}`);
  return found.data === null ? refuse() : json(200, { allowed: true });
};
