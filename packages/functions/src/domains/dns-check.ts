// The DNS side of domain verification: a TXT record `_appforge.<host>` holding the domain's token
// proves ownership, and a CNAME (or A/AAAA records) to the platform shows that traffic will reach
// us. node:dns asks the configured resolver (DNS_RESOLVER) or the system's.
import { Resolver } from 'node:dns/promises';

/** What an owner points their domain at. */
export interface PlatformTarget {
  /** The host a CNAME must name (e.g. `domains.appforge.example`). */
  cname: string;
  /** The addresses A/AAAA records may hold instead (apex domains cannot have a CNAME). */
  addresses: readonly string[];
}

export interface DnsCheckOptions {
  target: PlatformTarget;
  /** `host:port` of the resolver to ask (DNS_RESOLVER); unset → the system's resolvers. */
  resolver?: string | undefined;
  /** Per-query timeout; one try. */
  timeoutMs?: number;
  /** Outside production `*.localhost` verifies at once (browsers resolve it to loopback). */
  development: boolean;
}

export type DnsFailure = 'txt_missing' | 'txt_wrong_token' | 'target_missing' | 'target_wrong' | 'dns_timeout' | 'dns_error' | 'host_refused';

export type DnsCheck =
  | { ok: true; note: string | null }
  /** `transient`: the DNS server did not answer properly; the records may well be right. */
  | { ok: false; code: DnsFailure; message: string; transient: boolean };

/** The TXT record's name and value an owner creates. */
export function txtRecordName(host: string): string {
  return `_appforge.${host}`;
}
export function txtRecordValue(token: string): string {
  return `appforge-verify=${token}`;
}

const DEFAULT_TIMEOUT_MS = 3000;

/** A resolver for the configured server; `host:port`, `[v6]:port` or a bare address (port 53). */
export function createResolver(options: Pick<DnsCheckOptions, 'resolver' | 'timeoutMs'>): Resolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, tries: 1 });
  if (options.resolver) resolver.setServers([options.resolver]);
  return resolver;
}

type Answer<T> = { ok: true; value: T } | { ok: false; kind: 'none' | 'timeout' | 'error'; detail: string };

async function ask<T>(query: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, value: await query() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return { ok: false, kind: 'none', detail: String(code) };
    if (code === 'ETIMEOUT' || code === 'ECONNREFUSED') return { ok: false, kind: 'timeout', detail: String(code) };
    return { ok: false, kind: 'error', detail: typeof code === 'string' ? code : String(error) };
  }
}

function unanswered(kind: 'timeout' | 'error', name: string): DnsCheck {
  return kind === 'timeout'
    ? { ok: false, code: 'dns_timeout', transient: true, message: `The DNS server did not answer in time for ${name}. We will try again.` }
    : { ok: false, code: 'dns_error', transient: true, message: `The DNS server could not answer for ${name} (server failure). We will try again.` };
}

const sameHost = (a: string, b: string): boolean => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/** Checks the two records of a domain. Never throws: every outcome is a value with a message. */
export async function checkDomainDns(host: string, token: string, options: DnsCheckOptions): Promise<DnsCheck> {
  if (options.development && host.endsWith('.localhost')) {
    return { ok: true, note: 'Verified at once: “.localhost” names point to this computer in development, so no DNS records are needed.' };
  }
  const resolver = createResolver(options);
  const name = txtRecordName(host);
  const txt = await ask(() => resolver.resolveTxt(name));
  if (!txt.ok) {
    if (txt.kind !== 'none') return unanswered(txt.kind, name);
    return { ok: false, code: 'txt_missing', transient: false, message: `No TXT record found at ${name}. Create it as shown; DNS changes can take up to an hour to appear.` };
  }
  const expected = txtRecordValue(token);
  if (!txt.value.some((chunks) => chunks.join('').trim() === expected)) {
    return { ok: false, code: 'txt_wrong_token', transient: false, message: `The TXT record at ${name} does not hold this domain’s code. Set its value to ${expected}.` };
  }

  const cname = await ask(() => resolver.resolveCname(host));
  if (cname.ok && cname.value.some((value) => sameHost(value, options.target.cname))) return { ok: true, note: null };
  if (!cname.ok && cname.kind !== 'none') return unanswered(cname.kind, host);
  if (cname.ok && cname.value.length > 0) {
    return { ok: false, code: 'target_wrong', transient: false, message: `${host} points to ${cname.value.join(', ')}; point its CNAME record to ${options.target.cname} instead.` };
  }
  if (options.target.addresses.length > 0) {
    const [v4, v6] = await Promise.all([ask(() => resolver.resolve4(host)), ask(() => resolver.resolve6(host))]);
    const addresses = [...(v4.ok ? v4.value : []), ...(v6.ok ? v6.value : [])];
    if (addresses.some((address) => options.target.addresses.includes(address))) return { ok: true, note: null };
    for (const answer of [v4, v6]) if (!answer.ok && answer.kind !== 'none') return unanswered(answer.kind, host);
    if (addresses.length > 0) {
      return { ok: false, code: 'target_wrong', transient: false, message: `${host} points to ${addresses.join(', ')}; point it to ${options.target.addresses.join(' or ')} instead.` };
    }
  }
  const how = options.target.addresses.length > 0 ? `a CNAME record to ${options.target.cname} (or A records to ${options.target.addresses.join(', ')})` : `a CNAME record to ${options.target.cname}`;
  return { ok: false, code: 'target_missing', transient: false, message: `${host} does not point to Appforge yet: create ${how}.` };
}
