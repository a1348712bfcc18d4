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

/** Loopback names a developer's own tools run on (never a custom domain: those are `<name>.localhost`). */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/i;

/** The page on the platform's own host where a signed-in person confirms a hand-over to a custom domain. */
export const HAND_OVER_PATH = '/hand-over';

/**
 * Where e-mail links and OAuth may send the browser back to, with a session in the URL.
 *
 * Trusted (the target is used as asked): the site URL's origin, the platform's own hosts
 * (APP_HOST, SCHOOLS_HOST), outside production plain http on localhost / 127.0.0.1 / [::1] at any
 * port, and ADDITIONAL_REDIRECT_URLS (exact URLs, path prefixes or globs with * and **) unless the
 * host is a custom domain.
 *
 * Custom domains are NOT trusted (issue 26): their owner controls what the name points at, so a
 * token sent there is a token handed to a stranger. A verified custom domain as redirect_to becomes
 * the platform's hand-over page (`<site>/hand-over?to=<target>`): the link signs the person in on
 * the platform's own host, and only they can then choose to continue to the custom domain.
 * Anything else falls back to the site URL, so redirect_to cannot become an open redirect.
 */
export function createRedirectPolicy(
  config: Pick<BackendConfig, 'siteUrl' | 'additionalRedirectUrls' | 'mode'> & {
    readonly domains?: { readonly platform: { readonly appHost: string; readonly schoolsHost: string } };
  },
  /** Verified custom domains (issue 18): only ever reached through the hand-over page. */
  verifiedDomains?: { has(host: string): boolean },
) {
  const site = new URL(config.siteUrl);
  const production = config.mode === 'production';
  const handOverBase = `${site.origin}${HAND_OVER_PATH}`;
  const platformHosts = [config.domains?.platform.appHost, config.domains?.platform.schoolsHost]
    .filter((host): host is string => host !== undefined && host !== '')
    .map((host) => host.toLowerCase());
  const globs = config.additionalRedirectUrls.filter((entry) => entry.includes('*')).map(globToRegExp);
  const prefixes = config.additionalRedirectUrls
    .filter((entry) => !entry.includes('*'))
    .map(safeUrl)
    .filter((url): url is URL => url !== undefined);

  /** APP_HOST / SCHOOLS_HOST (a configured port must match; outside production any port and http). */
  function isPlatformHost(url: URL): boolean {
    return platformHosts.some((configured) => {
      if (configured.includes(':')) return url.host === configured && (!production || url.protocol === 'https:');
      if (url.hostname !== configured) return false;
      return production ? url.protocol === 'https:' && url.port === '' : true;
    });
  }

  /** The platform's own origins: never a custom domain, whatever the domain table says. */
  function isPlatform(url: URL): boolean {
    if (url.origin === site.origin) return true;
    if (isPlatformHost(url)) return true;
    return !production && url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname);
  }

  /** The operator's ADDITIONAL_REDIRECT_URLS (asked only for hosts that are not custom domains). */
  function isListed(url: URL): boolean {
    const href = url.href;
    if (globs.some((glob) => glob.test(href) || glob.test(href.replace(/\/$/, '')))) return true;
    return prefixes.some((prefix) => url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname));
  }

  function isCustomDomain(url: URL): boolean {
    if (!verifiedDomains?.has(url.hostname)) return false;
    return !production || (url.protocol === 'https:' && url.port === '');
  }

  /** Parses and screens a requested target: http(s) only, no user:password@ (a classic look-alike). */
  function parse(requested: string | null | undefined): URL | undefined {
    if (!requested) return undefined;
    const url = safeUrl(requested);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
    if (url.username !== '' || url.password !== '') return undefined;
    return url;
  }

  return {
    siteUrl: config.siteUrl,
    /**
     * The redirect target to use for a requested redirect_to: a trusted target as it is; a verified
     * custom domain → the platform's hand-over page for it; absent, invalid or foreign → the site URL.
     */
    resolve(requested: string | null | undefined): string {
      const url = parse(requested);
      if (!url) return config.siteUrl;
      if (isPlatform(url)) return url.href;
      // Before the operator's list: a glob like https://*.example.com/** must not let a user's
      // verified x.example.com receive tokens.
      if (isCustomDomain(url)) return `${handOverBase}?to=${encodeURIComponent(url.href)}`;
      if (isListed(url)) return url.href;
      return config.siteUrl;
    },
    /**
     * True when a resolved target is the hand-over page. There the session travels in the fragment
     * of the platform's own page even for a PKCE flow: a PKCE code would be useless there (the
     * verifier is on the custom domain) and must never reach the custom domain.
     */
    isHandOver(resolved: string): boolean {
      const url = safeUrl(resolved);
      return url !== undefined && url.origin === site.origin && url.pathname === HAND_OVER_PATH && url.searchParams.has('to');
    },
    /** A custom domain a signed-in person may be handed over to (verified, not a platform host). */
    isHandOverTarget(requested: string): boolean {
      const url = parse(requested);
      return url !== undefined && !isPlatform(url) && isCustomDomain(url);
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
