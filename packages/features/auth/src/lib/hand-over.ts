// Issue 26: the two ends of a hand-over of a sign-in to a custom domain, as pure parsing. The
// platform's `/hand-over?to=<address>` page asks the signed-in person to confirm; the custom
// domain's `/hand-over/receive#token_hash=…&next=…` page turns the one-time token into a session.
import { safeNextPath } from './safe-next';

/**
 * The custom-domain address a hand-over page was asked to continue to: an absolute http(s) URL
 * without a user name or password, or null (nothing is offered for anything else).
 */
export function handOverTarget(search: string): URL | null {
  const to = new URLSearchParams(search).get('to');
  if (to === null || to.length > 2048) return null;
  try {
    const url = new URL(to);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url;
  } catch {
    return null;
  }
}

/** The one-time token and the page to show afterwards, from the receiving page's fragment. */
export function handOverFragment(hash: string): { tokenHash: string; next: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const tokenHash = params.get('token_hash');
  if (tokenHash === null || !/^[0-9a-z_-]{8,200}$/i.test(tokenHash)) return null;
  const next = params.get('next');
  // Only a path on this host (no //host, no absolute URL): the same rule as /sign-in's `next`.
  return { tokenHash, next: safeNextPath(next === null ? '' : `?${new URLSearchParams({ next }).toString()}`) };
}
