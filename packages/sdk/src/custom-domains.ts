import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from './database.types';
import { normaliseHost } from './auth-lite/appforge-error';
import { fromFunctionsError, fromPostgrest } from './errors';
import { parseResponse } from './rows';

export { normaliseHost };

// ── An owner's custom domains (issue 18): everything goes through the `manage-domain` function,
// which validates hosts and alone writes the verification state. ─────────────────────────────

/** What a custom domain shows. */
export type DomainTargetRef =
  | { kind: 'app'; app_id: string }
  | { kind: 'landing_page'; app_id: string }
  | { kind: 'bundle'; bundle_id: string };

/** Whose domains a page lists. */
export type DomainScope = { appId: string } | { bundleId: string };

const targetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app'), app_id: z.string() }),
  z.object({ kind: z.literal('landing_page'), app_id: z.string() }),
  z.object({ kind: z.literal('bundle'), bundle_id: z.string() }),
]);

export const customDomainSchema = z.object({
  host: z.string(),
  /** The host as people read it (unicode); `host` is what is stored and sent (punycode). */
  display: z.string(),
  target: targetSchema,
  status: z.enum(['pending', 'verified', 'failed']),
  /** A verified domain whose record disappeared: not served until it passes again. */
  suspended: z.boolean(),
  failure_reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  next_check_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
  records: z.array(z.object({ type: z.enum(['TXT', 'CNAME', 'A']), name: z.string(), value: z.string(), purpose: z.string() })),
  note: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

const oneDomain = z.object({ domain: customDomainSchema });

export function createCustomDomainsApi(supabase: SupabaseClient<Database>): CustomDomainsApi {
  async function manage(body: Record<string, unknown>): Promise<unknown> {
    const result = await supabase.functions.invoke<unknown>('manage-domain', { method: 'POST', body });
    const error: unknown = result.error;
    if (error) throw await fromFunctionsError(error);
    return result.data;
  }

  return {
    async lookup(host) {
      const value = normaliseHost(host);
      if (value === '') return null;
      // seed §7.1: select app_id, is_app, is_landing_page, bundle_id, is_bundle from CustomDomain
      // where value equals the current host name.
      const { data, error, status } = await supabase
        .from('CustomDomain')
        .select('app_id, is_app, is_landing_page, bundle_id, is_bundle')
        .eq('value', value)
        // Only a verified domain serves: its owner (who may read their pending ones) is no exception.
        .eq('status', 'verified')
        .maybeSingle();
      if (error) throw fromPostgrest(error, status);
      return data;
    },
    async listMine(scope) {
      const named = scope === undefined ? {} : 'appId' in scope ? { app_id: scope.appId } : { bundle_id: scope.bundleId };
      const data = await manage({ action: 'list', ...named });
      return parseResponse(z.object({ domains: z.array(customDomainSchema) }), data, 'your domains').domains;
    },
    async add(host, target) {
      return parseResponse(oneDomain, await manage({ action: 'add', host, target }), 'the new domain').domain;
    },
    async switchTarget(host, target) {
      return parseResponse(oneDomain, await manage({ action: 'switch', host, target }), 'the domain').domain;
    },
    async check(host) {
      return parseResponse(oneDomain, await manage({ action: 'check', host }), 'the domain').domain;
    },
    async remove(host) {
      await manage({ action: 'remove', host });
    },
  };
}

/** Where a custom domain points (seed §7.1: the custom-domain check). */
export interface CustomDomainTarget {
  app_id: string | null;
  is_app: boolean;
  is_landing_page: boolean;
  bundle_id: string | null;
  is_bundle: boolean;
}

export interface CustomDomainsApi {
  lookup(host: string): Promise<CustomDomainTarget | null>;
  /** The signed-in owner's domains of one app or bundle (issue 18), or all of them without a scope (issue 27). */
  listMine(scope?: DomainScope): Promise<CustomDomain[]>;
  /** Adds a host (checked at once); `invalid_host`, `domain_taken`, `target_not_found` otherwise. */
  add(host: string, target: DomainTargetRef): Promise<CustomDomain>;
  switchTarget(host: string, target: DomainTargetRef): Promise<CustomDomain>;
  /** Checks the DNS records now ("Check now"). */
  check(host: string): Promise<CustomDomain>;
  remove(host: string): Promise<void>;
}
