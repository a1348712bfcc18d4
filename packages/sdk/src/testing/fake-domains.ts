/* eslint-disable @typescript-eslint/require-await -- async like the real methods, so a throw
   arrives as a rejected promise. */
// The fake client's custom domains: the rules an owner would notice (bad hosts refused with the
// server's words, a host someone else holds, *.localhost verifying at once, "Check now" finding
// the records once they exist), without the manage-domain function.
import type { CustomDomain, DomainTargetRef } from '../custom-domains';
import { AppforgeError } from '../errors';
import type { CustomDomainTarget, CustomDomainsApi, Session } from '../types';

export type FakeDomain = CustomDomain & { owner_id: string };

export interface FakeDomainsData {
  session: Session | null;
  /** Every custom domain by stored host, whoever owns it. */
  domains: Record<string, FakeDomain>;
  /** Hosts whose DNS records exist: "Check now" verifies them. */
  dnsReadyHosts: string[];
  /** What the host check (lookup) finds: kept in step with verified domains. */
  customDomains: Record<string, CustomDomainTarget>;
}

const err = (code: string, message: string, status: number) => new AppforgeError({ code, message, status });
const invalid = (message: string) => err('invalid_host', message, 400);

/** The server's host rules, in short: enough for screens to show the same refusals. */
function parseHost(input: string): string {
  const text = input.trim();
  if (text === '') throw invalid('Enter a domain, such as www.example.com.');
  if (/^[a-z]+:\/\//i.test(text)) throw invalid('Leave out “http://” or “https://”.');
  if (text.includes('*')) throw invalid('Wildcard domains are not supported: enter one host name, such as www.example.com.');
  if (/^[\d.]+$/.test(text) || text.startsWith('[')) throw invalid('An IP address cannot be a custom domain: enter a host name, such as www.example.com.');
  if (/[/?#]/.test(text)) throw invalid('A domain has no path.');
  if (text.includes(':')) throw invalid('Leave out the port: custom domains are served on the standard ports.');
  const host = text.toLowerCase().replace(/\.$/, '');
  if (host.length > 253) throw invalid('A domain has at most 253 characters.');
  if (!host.includes('.')) throw invalid('Enter a full domain with a dot, such as example.com or www.example.com.');
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host)) {
    throw invalid('This is not a valid domain name: use letters, digits, hyphens and dots, such as www.example.com.');
  }
  if (host === 'schools.localhost') throw invalid('This is one of Appforge’s own hosts; use a domain you own.');
  return host;
}

function lookupOf(target: DomainTargetRef): CustomDomainTarget {
  return {
    app_id: target.kind === 'bundle' ? null : target.app_id,
    is_app: target.kind === 'app',
    is_landing_page: target.kind === 'landing_page',
    bundle_id: target.kind === 'bundle' ? target.bundle_id : null,
    is_bundle: target.kind === 'bundle',
  };
}

export function createFakeDomains(data: FakeDomainsData): Omit<CustomDomainsApi, 'lookup'> {
  function requireUser(): string {
    const id = data.session?.user.id;
    if (id === undefined) throw err('not_authenticated', 'Sign in to manage your domains', 401);
    return id;
  }
  function own(host: string): FakeDomain {
    const userId = requireUser();
    const domain = data.domains[parseHost(host)];
    if (!domain || domain.owner_id !== userId) throw err('domain_not_found', 'You have no such domain.', 404);
    return domain;
  }
  const view = ({ owner_id: _owner, ...domain }: FakeDomain): CustomDomain => structuredClone(domain);
  function verify(domain: FakeDomain, now: string): void {
    Object.assign(domain, { status: 'verified', suspended: false, failure_reason: null, checked_at: now, verified_at: now });
    data.customDomains[domain.host] = lookupOf(domain.target);
  }

  return {
    async listMine(scope) {
      const userId = requireUser();
      return Object.values(data.domains)
        .filter((domain) => domain.owner_id === userId)
        .filter((domain) =>
          scope === undefined
            ? true
            : 'appId' in scope ? domain.target.kind !== 'bundle' && domain.target.app_id === scope.appId : domain.target.kind === 'bundle' && domain.target.bundle_id === scope.bundleId,
        )
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map(view);
    },
    async add(input, target) {
      const userId = requireUser();
      const host = parseHost(input);
      const existing = data.domains[host];
      if (existing?.owner_id === userId) throw err('domain_already_yours', `You have already connected ${host}; switch what it shows instead.`, 409);
      if (existing) throw err('domain_taken', `${host} is already connected to another Appforge account. If the domain is yours, remove it there first.`, 409);
      const now = new Date().toISOString();
      const token = crypto.randomUUID().replace(/-/g, '');
      const local = host.endsWith('.localhost');
      const domain: FakeDomain = {
        owner_id: userId,
        host,
        display: host,
        target,
        status: 'pending',
        suspended: false,
        failure_reason: `No TXT record found at _appforge.${host}. Create it as shown; DNS changes can take up to an hour to appear.`,
        checked_at: now,
        next_check_at: now,
        verified_at: null,
        created_at: now,
        records: [
          { type: 'TXT', name: `_appforge.${host}`, value: `appforge-verify=${token}`, purpose: 'Proves the domain is yours.' },
          { type: 'CNAME', name: host, value: 'domains.appforge.test', purpose: 'Sends visitors to Appforge (for www and other subdomains).' },
        ],
        note: local ? 'Verified at once: “.localhost” names point to this computer in development, so no DNS records are needed.' : null,
      };
      if (local || data.dnsReadyHosts.includes(host)) verify(domain, now);
      data.domains[host] = domain;
      return view(domain);
    },
    async switchTarget(host, target) {
      const domain = own(host);
      domain.target = target;
      if (domain.status === 'verified') data.customDomains[domain.host] = lookupOf(target);
      return view(domain);
    },
    async check(host) {
      const domain = own(host);
      const now = new Date().toISOString();
      if (data.dnsReadyHosts.includes(domain.host)) verify(domain, now);
      else domain.checked_at = now;
      return view(domain);
    },
    async remove(host) {
      const domain = own(host);
      delete data.domains[domain.host];
      delete data.customDomains[domain.host];
    },
  };
}

/** A custom domain of `ownerId` for `fake.data.domains` (pending by default). */
export function makeOwnedDomain(ownerId: string, overrides: Partial<FakeDomain> & { host: string; target: DomainTargetRef }): FakeDomain {
  const now = new Date().toISOString();
  return {
    owner_id: ownerId,
    display: overrides.host,
    status: 'pending',
    suspended: false,
    failure_reason: null,
    checked_at: null,
    next_check_at: now,
    verified_at: null,
    created_at: now,
    records: [
      { type: 'TXT', name: `_appforge.${overrides.host}`, value: 'appforge-verify=0123456789abcdef0123456789abcdef', purpose: 'Proves the domain is yours.' },
      { type: 'CNAME', name: overrides.host, value: 'domains.appforge.test', purpose: 'Sends visitors to Appforge (for www and other subdomains).' },
    ],
    note: null,
    ...overrides,
  };
}
