// What an owner may type as a custom domain, and the one form it is stored in: the host name as a
// browser sends it (lower case, punycode, no port, no trailing dot). node:url does the IDNA work
// (UTS #46), so "Bücher.Example." is stored as "xn--bcher-kva.example" and shown as "bücher.example".
import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { z } from 'zod';

/** The hosts that are the platform's own, which nobody can claim. */
export interface PlatformHosts {
  /** The main host (APP_HOST), e.g. `appforge.example` or `localhost`; a port is ignored. */
  appHost: string;
  /** The schools host (SCHOOLS_HOST). */
  schoolsHost: string;
  /** Outside production, `*.localhost` hosts are allowed (and verify at once). */
  development: boolean;
}

export type HostProblem =
  | 'empty'
  | 'scheme'
  | 'path'
  | 'port'
  | 'wildcard'
  | 'ip_address'
  | 'too_long'
  | 'invalid'
  | 'single_label'
  | 'platform_host'
  | 'localhost_in_production';

export type ParsedHost =
  | { ok: true; host: string; display: string }
  | { ok: false; problem: HostProblem; message: string };

/** The longest host name DNS allows (RFC 1035), counted in its stored (punycode) form. */
export const MAX_HOST_LENGTH = 253;
// The same rule as the CustomDomain.value check constraint: LDH labels of 1–63, two or more.
const STORED_HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

const stripPort = (host: string): string => host.toLowerCase().replace(/:\d+$/, '');

function fail(problem: HostProblem, message: string): ParsedHost {
  return { ok: false, problem, message };
}

/** Why the text is not a bare host name, suggesting the host inside it when there is one. */
function shapeProblem(text: string): ParsedHost | null {
  const inner = (() => {
    try {
      return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
    } catch {
      return '';
    }
  })();
  const suggestion = inner !== '' && inner !== text ? ` Enter just the host name, e.g. ${domainToUnicode(inner) || inner}.` : '';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return fail('scheme', `Leave out “http://” or “https://”.${suggestion}`);
  if (text.includes('*')) return fail('wildcard', 'Wildcard domains are not supported: enter one host name, such as www.example.com.');
  if (/^\[.*\]$/.test(text) || isIP(text) !== 0 || isIP(text.replace(/\.$/, '')) !== 0) {
    return fail('ip_address', 'An IP address cannot be a custom domain: enter a host name, such as www.example.com.');
  }
  if (/[/?#\\]/.test(text)) return fail('path', `A domain has no path.${suggestion}`);
  if (/\s/.test(text)) return fail('invalid', 'A domain has no spaces.');
  if (text.includes('@')) return fail('invalid', 'That looks like an e-mail address: enter a host name, such as www.example.com.');
  if (text.includes(':')) return fail('port', `Leave out the port: custom domains are served on the standard ports.${suggestion}`);
  return null;
}

/**
 * Parses what an owner typed. Upper case, a trailing dot and unicode are normalised (the stored
 * form is `host`, the form to show is `display`); a scheme, port, path, wildcard, IP address, an
 * over-long or malformed name, a single label and the platform's own hosts are refused with a
 * message saying what to do.
 */
export function parseCustomHost(input: string, platform: PlatformHosts): ParsedHost {
  const text = input.trim();
  if (text === '') return fail('empty', 'Enter a domain, such as www.example.com.');
  const shape = shapeProblem(text);
  if (shape) return shape;
  const withoutDot = text.endsWith('.') ? text.slice(0, -1) : text;
  if (withoutDot.length > MAX_HOST_LENGTH * 4) {
    return fail('too_long', `A domain has at most ${MAX_HOST_LENGTH} characters.`);
  }
  const ascii = domainToASCII(withoutDot);
  if (ascii === '') return fail('invalid', 'This is not a valid domain name: use letters, digits, hyphens and dots, such as www.example.com.');
  if (isIP(ascii) !== 0 || /^[0-9.]+$/.test(ascii)) {
    return fail('ip_address', 'An IP address cannot be a custom domain: enter a host name, such as www.example.com.');
  }
  if (ascii.length > MAX_HOST_LENGTH) return fail('too_long', `A domain has at most ${MAX_HOST_LENGTH} characters.`);
  if (!ascii.includes('.')) return fail('single_label', 'Enter a full domain with a dot, such as example.com or www.example.com.');
  if (ascii.split('.').some((label) => label.length > 63)) {
    return fail('too_long', 'Each part of a domain between dots has at most 63 characters.');
  }
  if (!STORED_HOST.test(ascii)) {
    return fail('invalid', 'This is not a valid domain name: use letters, digits, hyphens and dots, such as www.example.com.');
  }
  const appHost = stripPort(platform.appHost);
  const schoolsHost = stripPort(platform.schoolsHost);
  const isLocal = ascii.endsWith('.localhost');
  if (ascii === appHost || ascii === schoolsHost || (appHost !== 'localhost' && ascii.endsWith(`.${appHost}`))) {
    return fail('platform_host', 'This is one of Appforge’s own hosts; use a domain you own.');
  }
  if (isLocal && !platform.development) {
    return fail('localhost_in_production', '“.localhost” names only work on your own computer; use a domain you own.');
  }
  return { ok: true, host: ascii, display: domainToUnicode(ascii) || ascii };
}

/** The host as a zod schema (for request bodies): the stored form, or an issue with the message. */
export function customHostSchema(platform: PlatformHosts) {
  return z.string().max(2000, 'A domain has at most 253 characters.').transform((value, ctx) => {
    const parsed = parseCustomHost(value, platform);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message, params: { problem: parsed.problem } });
      return z.NEVER;
    }
    return parsed.host;
  });
}
