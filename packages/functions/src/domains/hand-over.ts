// POST /functions/v1/hand-over {to}: the one way a platform session reaches a custom domain
// (issue 26). Custom domains are untrusted origins (their owner decides what the name points at),
// so e-mail links and OAuth never deliver tokens there; instead the person, signed in on the
// platform's own host, sees "Sign in to <app> on <host>?" and confirms. Only then does the web app
// call this function, which answers a one-time sign-in link for that host: the custom domain's
// page exchanges `token_hash` (in the fragment, so it reaches no server log) for a session of its
// own with verifyOtp({ token_hash, type: 'magiclink' }) — single use, and it expires like any
// e-mail code. The platform's own session and refresh token never leave the platform.
import { z } from 'zod';
import { issuesMessage, readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { DEVELOPMENT_DOMAINS } from './config.ts';
import { parseCustomHost } from './host.ts';

/** Where the custom domain's web app receives a hand-over (features/auth `/hand-over/receive`). */
export const HAND_OVER_RECEIVE_PATH = '/hand-over/receive';

const bodySchema = z.object({
  to: z.string({ message: 'to must be the address on the custom domain, e.g. https://quiz.example.org/' }).min(1).max(2048, 'to is too long'),
});

export interface HandOverAnswer {
  /** The custom domain's receiving page with the one-time token in its fragment. */
  url: string;
  host: string;
}

function targetProblem(message: string): Response {
  return errorResponse(400, 'invalid_target', message);
}

export const handOver: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in on Appforge first, then continue to the domain.');
  const body = await readSmallJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, 'invalid_body', issuesMessage(parsed.error.issues));

  let target: URL;
  try {
    target = new URL(parsed.data.to);
  } catch {
    return targetProblem('Give the full address on the custom domain, e.g. https://quiz.example.org/.');
  }
  const platform = (ctx.env.domains ?? DEVELOPMENT_DOMAINS).platform;
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return targetProblem('Only http and https addresses can be signed in to.');
  if (target.username !== '' || target.password !== '') return targetProblem('The address must not contain a user name or password.');
  if (!platform.development && (target.protocol !== 'https:' || target.port !== '')) {
    return targetProblem('A custom domain is signed in to over https on the standard port only.');
  }
  // The same host rules as adding a domain: the platform's own hosts, IP addresses and malformed
  // names are never custom domains (and need no hand-over).
  const host = parseCustomHost(target.hostname, platform);
  if (!host.ok) return targetProblem(host.message);

  const found = await ctx.supabase.from('CustomDomain').select('value').eq('value', host.host).eq('status', 'verified').maybeSingle();
  if (found.error) throw new Error(`Reading the domain failed: ${found.error.message}`);
  if (found.data === null) return errorResponse(404, 'domain_not_connected', `${host.display} is not connected to an app.`);

  if (user.email === null || user.email === '') {
    return errorResponse(422, 'email_required', 'Your account has no e-mail address, so it cannot be signed in on another domain; sign in there with a code instead.');
  }
  const link = await ctx.supabase.auth.admin.generateLink({ type: 'magiclink', email: user.email });
  const tokenHash = link.data.properties?.hashed_token;
  if (link.error || tokenHash === undefined || tokenHash === '') {
    throw new Error(`Issuing the hand-over failed: ${link.error?.message ?? 'no token in the answer'}`);
  }
  const next = target.pathname === HAND_OVER_RECEIVE_PATH ? '/' : `${target.pathname}${target.search}`;
  const receive = new URL(HAND_OVER_RECEIVE_PATH, target.origin);
  receive.hash = new URLSearchParams({ token_hash: tokenHash, next }).toString();
  ctx.log.info({ userId: user.id, host: host.host }, 'session handed over to a custom domain');
  const answer: HandOverAnswer = { url: receive.href, host: host.host };
  return json(200, answer);
};
