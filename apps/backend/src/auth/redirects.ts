import type { BackendConfig } from '../env.js';

function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob.charAt(i);
    if (char === '*') {
      if (glob.charAt(i + 1) === '*') {
        pattern += '.*';
        i += 1;
      } else {
        pattern += '[^/]*';
      }
    } else {
      pattern += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${pattern}$`);
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost)$/i;

/**
 * Where e-mail links and OAuth may send the browser back to: the site URL's origin, the
 * ADDITIONAL_REDIRECT_URLS (exact URLs, path prefixes or globs with * and **) and, outside
 * production, any http://localhost:*, http://127.0.0.1:* or http://*.localhost:* origin, and
 * verified custom domains (https on the default port in production).
 * Anything else falls back to the site URL, so redirect_to cannot become an open redirect.
 */
export function createRedirectPolicy(
  config: Pick<BackendConfig, 'siteUrl' | 'additionalRedirectUrls' | 'mode'>,
  /** Verified custom domains (issue 18): their https origins (http too outside production) are allowed. */
  verifiedDomains?: { has(host: string): boolean },
) {
  const site = new URL(config.siteUrl);
  const globs = config.additionalRedirectUrls.filter((entry) => entry.includes('*')).map(globToRegExp);
  const prefixes = config.additionalRedirectUrls
    .filter((entry) => !entry.includes('*'))
    .map(safeUrl)
    .filter((url): url is URL => url !== undefined);

  function isAllowed(url: URL): boolean {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.username !== '' || url.password !== '') return false;
    if (url.origin === site.origin) return true;
    if (config.mode !== 'production' && url.protocol === 'http:' && LOCAL_HOST.test(url.hostname)) return true;
    if (verifiedDomains?.has(url.hostname) && (config.mode !== 'production' || (url.protocol === 'https:' && url.port === ''))) return true;
    const href = url.href;
    if (globs.some((glob) => glob.test(href) || glob.test(href.replace(/\/$/, '')))) return true;
    return prefixes.some((prefix) => url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname));
  }

  return {
    siteUrl: config.siteUrl,
    /** The redirect target to use for a requested redirect_to (absent, invalid or foreign → site URL). */
    resolve(requested: string | null | undefined): string {
      if (!requested) return config.siteUrl;
      const url = safeUrl(requested);
      return url && isAllowed(url) ? url.href : config.siteUrl;
    },
  };
}

export type RedirectPolicy = ReturnType<typeof createRedirectPolicy>;

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
