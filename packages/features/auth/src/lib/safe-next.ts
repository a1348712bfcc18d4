/**
 * Where /sign-in sends a signed-in visitor: the `next` query parameter when it is a path on this
 * site, else home. Absolute URLs, protocol-relative `//host` and backslash tricks are refused
 * (no open redirect).
 */
export function safeNextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  try {
    const url = new URL(next, 'http://appforge.invalid');
    if (url.origin !== 'http://appforge.invalid') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
