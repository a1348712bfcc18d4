import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { caddyHeaderBlock, inlineScriptHashes, pageKindOf, securityHeaders } from './security-headers';
import { originsFromEnv } from './vite-security-headers';

const ORIGINS = { api: 'http://127.0.0.1:54321', inbox: 'http://127.0.0.1:54324' };

function directives(headers: Record<string, string>): Map<string, string[]> {
  const csp = headers['Content-Security-Policy'] ?? '';
  return new Map(csp.split(';').map((part) => {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    return [name, sources];
  }));
}

describe('security headers of the pages people see (issue 26)', () => {
  it('platform pages: no inline or eval’d script, nothing may frame them, and the usual hardening headers', () => {
    const headers = securityHeaders('platform', ORIGINS);
    const csp = directives(headers);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(headers['Content-Security-Policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Permissions-Policy']).toContain('microphone=()');
  });

  it('lets the pages reach the API (and its websockets), the dev inbox, and show images from storage', () => {
    const csp = directives(securityHeaders('platform', ORIGINS));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['http://127.0.0.1:54321', 'ws://127.0.0.1:54321', 'http://127.0.0.1:54324']));
    expect(csp.get('img-src')).toContain('http://127.0.0.1:54321');
    const hosted = directives(securityHeaders('visitor', { api: 'https://abc.supabase.co' }));
    expect(hosted.get('connect-src')).toEqual(expect.arrayContaining(['https://abc.supabase.co', 'wss://abc.supabase.co']));
  });

  it('an inline script is allowed by its hash only', () => {
    const csp = directives(securityHeaders('platform', { ...ORIGINS, scriptHashes: ['sha256-abc='] }));
    expect(csp.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
  });

  it('frame ancestors: honoured for visitor pages only, and only as https origins (a one-line change for issue 28)', () => {
    const allowed = securityHeaders('visitor', ORIGINS, ['https://school.example.org', 'https://*.partner.example']);
    expect(directives(allowed).get('frame-ancestors')).toEqual(['https://school.example.org', 'https://*.partner.example']);
    expect(allowed['X-Frame-Options']).toBeUndefined();
    expect(directives(securityHeaders('platform', ORIGINS, ['https://school.example.org'])).get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives(securityHeaders('visitor', ORIGINS)).get('frame-ancestors')).toEqual(["'none'"]);
    for (const hostile of ['https://a.example; script-src *', "'unsafe-inline'", 'http://a.example', '*', 'https://a.example/path', 'javascript:alert(1)', 'https://a.example "x"']) {
      expect(() => securityHeaders('visitor', ORIGINS, [hostile])).toThrow(/Not an https origin/);
    }
  });

  it('issue 28: loopback http origins may frame an app outside production only, and never a platform page', () => {
    const local = ['http://embedder.localhost:4173', 'http://127.0.0.1:4173', 'http://localhost:8080'];
    expect(() => securityHeaders('visitor', ORIGINS, local)).toThrow(/Not an https origin/);
    const dev = securityHeaders('visitor', ORIGINS, [...local, 'https://blog.example.com'], { allowLoopbackHttp: true });
    expect(directives(dev).get('frame-ancestors')).toEqual([...local, 'https://blog.example.com']);
    expect(dev['X-Frame-Options']).toBeUndefined();
    expect(directives(securityHeaders('platform', ORIGINS, local, { allowLoopbackHttp: true })).get('frame-ancestors')).toEqual(["'none'"]);
    for (const hostile of ['http://evil.com', 'http://localhost.evil.com', 'http://127.0.0.1.evil.com:80', 'http://a.localhost; script-src *', 'http://a.localhost/x']) {
      expect(() => securityHeaders('visitor', ORIGINS, [hostile], { allowLoopbackHttp: true })).toThrow(/Not an https origin/);
    }
  });

  it('tells visitor pages from the platform’s: custom domains and the public paths are visitor pages', () => {
    const platform = { appHost: 'localhost', schoolsHost: 'schools.localhost' };
    expect(pageKindOf('localhost:4173', '/settings', platform)).toBe('platform');
    expect(pageKindOf('schools.localhost:4173', '/teacher-portal', platform)).toBe('platform');
    expect(pageKindOf('127.0.0.1:4173', '/', platform)).toBe('platform');
    expect(pageKindOf('localhost:4173', '/deployed-app/1?x=1', platform)).toBe('visitor');
    expect(pageKindOf('localhost', '/Landing-Page/1', platform)).toBe('visitor');
    expect(pageKindOf('quiz.localhost:4173', '/settings', platform)).toBe('visitor');
    expect(pageKindOf('QUIZ.example.org', '/', platform)).toBe('visitor');
  });

  it('hashes exactly the inline scripts of a page', async () => {
    const html = '<script type="module" src="/assets/a.js"></script><script>alert(1)</script><script type="module">import x from "/y"</script>';
    const hash = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`;
    expect(await inlineScriptHashes(html)).toEqual([hash('alert(1)'), hash('import x from "/y"')]);
    expect(await inlineScriptHashes('<html><body></body></html>')).toEqual([]);
  });

  it('reads the origins from the variables the web app is built with', () => {
    expect(originsFromEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co/', VITE_INBOX_URL: '', VITE_SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' })).toEqual({
      api: 'https://abc.supabase.co',
      inbox: undefined,
      analytics: undefined,
      errors: 'https://o1.ingest.sentry.io',
      supportChat: false,
    });
  });

  it('deploy/security-headers.caddy is generated from this function (run vitest with -u after a change)', async () => {
    // Behind deploy/Caddyfile the API is served on APP_HOST (and proxied on every host).
    const api = 'https://{$APP_HOST:localhost}';
    const visitorPaths = '/deployed-app /deployed-app/* /landing-page/* /bundle/* /create-new-app /create-new-app/*';
    const text = [
      '# GENERATED from apps/web/server/security-headers.ts by apps/web/server/security-headers.test.ts',
      '# (`pnpm --filter @appforge/web exec vitest run server -u` rewrites it). Do not edit by hand.',
      '# The same headers `vite` and `vite preview` send (issue 26); imported by deploy/Caddyfile.',
      '',
      '# Custom domains: every page is a visitor page.',
      '(security_headers_visitor) {',
      '\theader {',
      caddyHeaderBlock('visitor', { api }).replace(/^/gm, '\t'),
      '\t}',
      '}',
      '',
      '# The platform hosts: visitor pages by path, the signed-in product otherwise.',
      '(security_headers_platform) {',
      `\t@visitor_page path ${visitorPaths}`,
      '\theader @visitor_page {',
      caddyHeaderBlock('visitor', { api }).replace(/^/gm, '\t'),
      '\t}',
      `\t@platform_page not path ${visitorPaths}`,
      '\theader @platform_page {',
      caddyHeaderBlock('platform', { api }).replace(/^/gm, '\t'),
      '\t}',
      '}',
      '',
      '# A deployed app whose owner lets other sites embed it (issue 28): inside deploy/Caddyfile\'s',
      '# handle_response, after the backend\'s frame-ancestors function answered 200 with the sites.',
      '(security_headers_embeddable) {',
      '\theader {',
      caddyHeaderBlock('visitor', { api }, '{rp.header.X-Appforge-Frame-Ancestors}').replace(/^/gm, '\t'),
      '\t}',
      '}',
      '',
    ].join('\n');
    await expect(text).toMatchFileSnapshot('../../../deploy/security-headers.caddy');
  });
});
