// The per-app outbound allowlist (`AppConfig.config.outbound_allow_hosts`): the hosts an app's
// `api` steps may call. Empty means any public host (the outbound guard still refuses private,
// loopback, link-local and metadata addresses whatever the list says). An entry is a host name
// (`api.example.com`) or every subdomain of one (`*.example.com`); the guard compares it with the
// URL's host exactly, so anything else (a scheme, a port, a path) could never match and is refused.
import { z } from 'zod';

export const MAX_ALLOWED_HOSTS = 100;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** `Api.Example.COM.` → `api.example.com`; unicode → punycode, as URLs carry it. Errors in words. */
export const allowedHostSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === '') return refuse('Enter a host name, for example api.example.com.');
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return refuse(`Leave out “${value.split('://')[0]}://”: enter only the host, for example api.example.com.`);
    if (/\s/.test(value)) return refuse('A host name has no spaces.');
    if (value.includes('/') || value.includes('?') || value.includes('#')) return refuse('Enter only the host, without a path.');
    if (value.includes('@')) return refuse('Enter only the host, without a user name.');
    if (value.startsWith('[') || /:.*:/.test(value)) return refuse('IPv6 addresses cannot be listed; enter the API’s host name.');
    if (value.includes(':')) return refuse('Enter the host without a port; the server decides which ports may be called.');
    const wildcard = value.startsWith('*.');
    const rest = wildcard ? value.slice(2) : value;
    if (rest.includes('*')) return refuse('Only a leading “*.” is allowed, as in *.example.com.');
    if (rest.length > 253) return refuse('A host name has at most 253 characters.');
    let host: string;
    try {
      host = new URL(`http://${rest}/`).hostname.replace(/\.$/, '');
    } catch {
      return refuse(`“${value.slice(0, 60)}” is not a host name.`);
    }
    const labels = host.split('.');
    if (labels.length < 2) return refuse(`“${host}” is not a full host name; enter one like api.example.com.`);
    if (!labels.every((label) => LABEL.test(label))) return refuse(`“${value.slice(0, 60)}” is not a host name: use letters, digits, hyphens and dots.`);
    return wildcard ? `*.${host}` : host;
  });

/** The whole list: at most MAX_ALLOWED_HOSTS entries, each checked, duplicates dropped. */
export const allowedHostsSchema = z
  .array(allowedHostSchema)
  .max(MAX_ALLOWED_HOSTS, `At most ${MAX_ALLOWED_HOSTS} hosts.`)
  .transform((hosts) => [...new Set(hosts)]);

export type AllowedHostsCheck = { ok: true; hosts: string[] } | { ok: false; message: string };

/** Checks a list typed one host per line (blank lines ignored); the message names the first bad line. */
export function parseAllowedHostLines(text: string): AllowedHostsCheck {
  const lines = text.split(/\r?\n/).map((line, index) => ({ line: index + 1, value: line.trim() })).filter((entry) => entry.value !== '');
  if (lines.length > MAX_ALLOWED_HOSTS) return { ok: false, message: `At most ${MAX_ALLOWED_HOSTS} hosts; this list has ${lines.length}.` };
  const hosts: string[] = [];
  for (const entry of lines) {
    const parsed = allowedHostSchema.safeParse(entry.value);
    if (!parsed.success) return { ok: false, message: `Line ${entry.line}: ${parsed.error.issues[0]?.message ?? 'not a host name.'}` };
    hosts.push(parsed.data);
  }
  return { ok: true, hosts: [...new Set(hosts)] };
}
