// GET /functions/v1/frame-ancestors?app_id=<uuid>: which sites may frame a deployed app (issue 28),
// asked by Caddy in production before it serves /deployed-app/<id> (deploy/Caddyfile). 200 with the
// origins in the `X-Appforge-Frame-Ancestors` header (space-separated, ready for the CSP) when the
// owner allows embedding; 404 otherwise (unknown, undeployed, embedding off, malformed id), and
// Caddy then serves the page with frame-ancestors 'none'. Each origin is checked again here: the
// header goes into a policy as it is, so nothing but a plain https origin may reach it.
import type { FunctionContext, FunctionHandler } from '../types.ts';
import { json } from '../http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// The same rule as apps/web/server/security-headers.ts: https only (production), no spaces,
// semicolons or quotes that could rewrite the policy; one leading `*.` allowed.
const FRAME_ANCESTOR = /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;
export const FRAME_ANCESTORS_HEADER = 'x-appforge-frame-ancestors';

const none = () => json(404, { embeddable: false });

/** The checked https origins that may frame this deployed app; none when it may not be embedded. */
export async function frameAncestorsOf(ctx: Pick<FunctionContext, 'supabase'>, appId: string): Promise<string[]> {
  const answer = await ctx.supabase.rpc('app_frame_ancestors', { app_id: appId });
  if (answer.error) throw new Error(`Reading the app's embedding failed: ${answer.error.message}`);
  const origins = Array.isArray(answer.data) ? answer.data.filter((origin): origin is string => typeof origin === 'string' && FRAME_ANCESTOR.test(origin)) : [];
  return [...new Set(origins)];
}

export const frameAncestorsFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { code: 'method_not_allowed', message: 'Use GET' });
  const appId = (new URL(req.url).searchParams.get('app_id') ?? '').toLowerCase();
  if (!UUID.test(appId)) return none();
  const origins = await frameAncestorsOf(ctx, appId);
  if (origins.length === 0) return none();
  return json(200, { embeddable: true, origins }, { [FRAME_ANCESTORS_HEADER]: origins.join(' '), 'cache-control': 'no-store' });
};
