// POST /functions/v1/manage-domain: everything an owner does with custom domains, so that every
// host is validated the same way and only the server writes the verification state.
import { domainToUnicode } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { issuesMessage, readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { DEVELOPMENT_DOMAINS } from './config.ts';
import type { DomainsConfig } from './config.ts';
import { txtRecordName, txtRecordValue } from './dns-check.ts';
import { parseCustomHost } from './host.ts';
import { VERIFICATION_COLUMNS, afterCheck, checkWithConfig, isStaleClaim, restartWindow, saveCheck } from './lifecycle.ts';
import type { VerificationState } from './lifecycle.ts';

/** At most this many hosts per app or bundle (e.g. www and the apex, plus a few spares). */
export const MAX_DOMAINS_PER_TARGET = 10;
/** A manual "Check now" closer than this to the last check answers the last check. */
const MANUAL_CHECK_INTERVAL_MS = 2000;

const targetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app'), app_id: z.uuid({ message: 'app_id must be a UUID' }) }),
  z.object({ kind: z.literal('landing_page'), app_id: z.uuid({ message: 'app_id must be a UUID' }) }),
  z.object({ kind: z.literal('bundle'), bundle_id: z.uuid({ message: 'bundle_id must be a UUID' }) }),
]);
export type DomainTarget = z.infer<typeof targetSchema>;

const hostField = z.string().max(2000, 'A domain has at most 253 characters.');
const bodySchema = z.discriminatedUnion('action', [
  // Neither app_id nor bundle_id: every domain of the caller (the Custom domains page, issue 27).
  z.object({ action: z.literal('list'), app_id: z.uuid().optional(), bundle_id: z.uuid().optional() }).refine(
    (body) => body.app_id === undefined || body.bundle_id === undefined,
    'Give at most one of app_id and bundle_id',
  ),
  z.object({ action: z.literal('add'), host: hostField, target: targetSchema }),
  z.object({ action: z.literal('switch'), host: hostField, target: targetSchema }),
  z.object({ action: z.literal('remove'), host: hostField }),
  z.object({ action: z.literal('check'), host: hostField }),
]);

interface DomainRow extends VerificationState {
  value: string;
  app_id: string | null;
  is_app: boolean;
  is_landing_page: boolean;
  bundle_id: string | null;
  is_bundle: boolean;
  owner_id: string;
  verification_token: string;
  created_at: string;
}
const ROW_COLUMNS = `value, app_id, is_app, is_landing_page, bundle_id, is_bundle, owner_id, verification_token, created_at, ${VERIFICATION_COLUMNS}`;

export interface DnsRecordToCreate {
  type: 'TXT' | 'CNAME' | 'A';
  name: string;
  value: string;
  purpose: string;
}

/** What the owner's screens show of a domain. */
export interface DomainView extends VerificationState {
  host: string;
  display: string;
  target: DomainTarget;
  created_at: string;
  records: DnsRecordToCreate[];
  /** Set when the check was skipped because `*.localhost` verifies at once in development. */
  note: string | null;
}

function targetOf(row: DomainRow): DomainTarget {
  if (row.is_bundle && row.bundle_id) return { kind: 'bundle', bundle_id: row.bundle_id };
  if (row.is_landing_page && row.app_id) return { kind: 'landing_page', app_id: row.app_id };
  return { kind: 'app', app_id: row.app_id ?? '' };
}

function targetColumns(target: DomainTarget) {
  return {
    app_id: target.kind === 'bundle' ? null : target.app_id,
    is_app: target.kind === 'app',
    is_landing_page: target.kind === 'landing_page',
    bundle_id: target.kind === 'bundle' ? target.bundle_id : null,
    is_bundle: target.kind === 'bundle',
  };
}

const isLocal = (host: string, config: DomainsConfig) => config.platform.development && host.endsWith('.localhost');

export function recordsFor(host: string, token: string, config: DomainsConfig): DnsRecordToCreate[] {
  const records: DnsRecordToCreate[] = [
    { type: 'TXT', name: txtRecordName(host), value: txtRecordValue(token), purpose: 'Proves the domain is yours.' },
    { type: 'CNAME', name: host, value: config.target.cname, purpose: 'Sends visitors to Appforge (for www and other subdomains).' },
  ];
  for (const address of config.target.addresses) {
    records.push({ type: 'A', name: host, value: address, purpose: 'Instead of the CNAME, for an apex domain (example.com), which cannot have one.' });
  }
  return records;
}

function viewOf(row: DomainRow, config: DomainsConfig, note: string | null = null): DomainView {
  const { value, verification_token, app_id: _a, is_app: _b, is_landing_page: _c, bundle_id: _d, is_bundle: _e, owner_id: _f, ...state } = row;
  return {
    ...state,
    host: value,
    display: domainToUnicode(value) || value,
    target: targetOf(row),
    records: recordsFor(value, verification_token, config),
    note: note ?? (isLocal(value, config) && row.status === 'verified' ? 'Verified at once: “.localhost” names point to this computer in development, so no DNS records are needed.' : null),
  };
}

async function ownsTarget(supabase: SupabaseClient, target: DomainTarget, ownerId: string): Promise<boolean> {
  const [table, id] = target.kind === 'bundle' ? ['Bundle', target.bundle_id] : ['App', target.app_id];
  const found = await supabase.from(table).select('id').eq('id', id).eq('owner_id', ownerId).maybeSingle();
  if (found.error) throw new Error(`Reading the ${table.toLowerCase()} failed: ${found.error.message}`);
  return found.data !== null;
}

/** The caller's claim on the host (several accounts may claim a host until one verifies it). */
async function readRow(supabase: SupabaseClient, host: string, ownerId: string): Promise<DomainRow | null> {
  const found = await supabase.from('CustomDomain').select(ROW_COLUMNS).eq('value', host).eq('owner_id', ownerId).maybeSingle<DomainRow>();
  if (found.error) throw new Error(`Reading the domain failed: ${found.error.message}`);
  return found.data;
}

async function claimsOn(supabase: SupabaseClient, host: string): Promise<DomainRow[]> {
  const found = await supabase.from('CustomDomain').select(ROW_COLUMNS).eq('value', host).returns<DomainRow[]>();
  if (found.error) throw new Error(`Reading the domain failed: ${found.error.message}`);
  return found.data;
}

/**
 * Makes sure the database knows this deployment's own hosts (APP_HOST with every name under it,
 * SCHOOLS_HOST), so that it refuses them whoever writes; the development defaults come with the
 * migration. Cheap, and run before every claim so that a hosted project needs no extra step.
 */
async function registerPlatformHosts(supabase: SupabaseClient, config: DomainsConfig): Promise<void> {
  const bare = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const appHost = bare(config.platform.appHost);
  const rows = [
    // *.localhost names are development custom domains, so "localhost" covers only itself.
    { host: appHost, with_subdomains: appHost !== 'localhost' },
    { host: bare(config.platform.schoolsHost), with_subdomains: false },
  ].filter((row) => row.host !== '');
  const saved = await supabase.from('platform_host').upsert(rows, { onConflict: 'host' });
  if (saved.error) throw new Error(`Registering the platform hosts failed: ${saved.error.message}`);
}

/** Checks one claim now; null when the claim vanished meanwhile (another account's claim verified). */
async function runCheck(supabase: SupabaseClient, row: DomainRow, config: DomainsConfig, now: Date): Promise<{ row: DomainRow; note: string | null } | null> {
  const start = restartWindow(row, now);
  const result = await checkWithConfig(row.value, row.verification_token, config);
  // Stamped when DNS answered, not when the request came: "Check now" waits from the real check.
  const checkedAt = new Date(Math.max(now.getTime(), Date.now()));
  const next = afterCheck(start, result, checkedAt);
  const [saved] = await saveCheck<DomainRow>(supabase, { value: row.value, owner_id: row.owner_id }, start, next, checkedAt, ROW_COLUMNS);
  if (!saved) return null;
  return { row: saved, note: result.ok && saved.status === 'verified' ? result.note : null };
}

const takenMeanwhile = (display: string) =>
  errorResponse(409, 'domain_taken', `${display} was just verified by another Appforge account. If the domain is yours, check its DNS records.`);

const notYours = () => errorResponse(404, 'domain_not_found', 'You have no such domain.');

/**
 * `{action: 'list', app_id? | bundle_id?}` → `{domains}` (all the caller's without either); `{action: 'add', host, target}` → 201
 * `{domain}` (checked at once); `{action: 'switch', host, target}`, `{action: 'check', host}` →
 * `{domain}`; `{action: 'remove', host}` → `{removed}`. Signed-in owners only; a bad host → 400
 * `invalid_host` with what to do; a host someone else holds → 409 `domain_taken` (never who).
 */
export const manageDomain: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to manage your domains');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const config = ctx.env.domains ?? DEVELOPMENT_DOMAINS;
  const { supabase } = ctx;
  const now = new Date();
  const input = body.data;

  if (input.action === 'list') {
    const query = supabase.from('CustomDomain').select(ROW_COLUMNS).eq('owner_id', caller.id);
    const scoped =
      input.app_id !== undefined ? query.eq('app_id', input.app_id) : input.bundle_id !== undefined ? query.eq('bundle_id', input.bundle_id) : query;
    const listed = await scoped.order('created_at', { ascending: true }).returns<DomainRow[]>();
    if (listed.error) throw new Error(`Listing the domains failed: ${listed.error.message}`);
    return json(200, { domains: listed.data.map((row) => viewOf(row, config)) });
  }

  const parsed = parseCustomHost(input.host, config.platform);
  if (!parsed.ok) return json(400, { code: 'invalid_host', message: parsed.message, problem: parsed.problem });
  const host = parsed.host;

  if (input.action === 'add') {
    if (!(await ownsTarget(supabase, input.target, caller.id))) {
      return errorResponse(404, 'target_not_found', input.target.kind === 'bundle' ? 'You have no such bundle.' : 'You have no such app.');
    }
    const existing = await claimsOn(supabase, host);
    if (existing.some((claim) => claim.owner_id === caller.id)) {
      return errorResponse(409, 'domain_already_yours', `You have already connected ${parsed.display}; switch what it shows instead.`);
    }
    // Only a verified claim holds a host: a pending one never blocks its real owner, whose DNS
    // records decide (the first claim to verify keeps the host; the database drops the others).
    if (existing.some((claim) => claim.status === 'verified')) {
      return errorResponse(409, 'domain_taken', `${parsed.display} is already connected to another Appforge account. If the domain is yours, remove it there first.`);
    }
    const columns = targetColumns(input.target);
    const scope = input.target.kind === 'bundle' ? ['bundle_id', input.target.bundle_id] : ['app_id', input.target.app_id];
    const count = await supabase.from('CustomDomain').select('value', { count: 'exact', head: true }).eq(scope[0] ?? '', scope[1] ?? '');
    if (count.error) throw new Error(`Counting the domains failed: ${count.error.message}`);
    if ((count.count ?? 0) >= MAX_DOMAINS_PER_TARGET) {
      return errorResponse(409, 'too_many_domains', `At most ${MAX_DOMAINS_PER_TARGET} domains can show the same ${input.target.kind === 'bundle' ? 'bundle' : 'app'}.`);
    }
    // Stale claims of others expire: one that failed for good, or pending past its 72-hour window.
    const stale = existing.filter((claim) => isStaleClaim(claim, now)).map((claim) => claim.owner_id);
    if (stale.length > 0) {
      const dropped = await supabase.from('CustomDomain').delete().eq('value', host).in('owner_id', stale).neq('status', 'verified');
      if (dropped.error) throw new Error(`Releasing the stale claims failed: ${dropped.error.message}`);
    }
    await registerPlatformHosts(supabase, config);
    const inserted = await supabase
      .from('CustomDomain')
      .insert({ value: host, owner_id: caller.id, ...columns, next_check_at: now.toISOString(), pending_since: now.toISOString() })
      .select(ROW_COLUMNS)
      .single<DomainRow>();
    if (inserted.error) {
      if (inserted.error.code === '23514' && /cannot be a custom domain/.test(inserted.error.message)) {
        return json(400, { code: 'invalid_host', message: 'This is one of Appforge’s own hosts or an address; use a domain you own.', problem: 'platform_host' });
      }
      if (inserted.error.code === '23505') {
        return errorResponse(409, 'domain_taken', `${parsed.display} is already connected to another Appforge account. If the domain is yours, remove it there first.`);
      }
      throw new Error(`Adding the domain failed: ${inserted.error.message}`);
    }
    const checked = await runCheck(supabase, inserted.data, config, now);
    if (!checked) return takenMeanwhile(parsed.display);
    ctx.log.info({ host, status: checked.row.status }, 'custom domain added');
    return json(201, { domain: viewOf(checked.row, config, checked.note) });
  }

  const row = await readRow(supabase, host, caller.id);
  if (!row) return notYours();

  if (input.action === 'remove') {
    const removed = await supabase.from('CustomDomain').delete().eq('value', host).eq('owner_id', caller.id);
    if (removed.error) throw new Error(`Removing the domain failed: ${removed.error.message}`);
    ctx.log.info({ host }, 'custom domain removed');
    return json(200, { removed: host });
  }

  if (input.action === 'switch') {
    if (!(await ownsTarget(supabase, input.target, caller.id))) {
      return errorResponse(404, 'target_not_found', input.target.kind === 'bundle' ? 'You have no such bundle.' : 'You have no such app.');
    }
    const switched = await supabase
      .from('CustomDomain')
      .update(targetColumns(input.target))
      .eq('value', host)
      .eq('owner_id', caller.id)
      .select(ROW_COLUMNS)
      .single<DomainRow>();
    if (switched.error) throw new Error(`Switching the domain failed: ${switched.error.message}`);
    return json(200, { domain: viewOf(switched.data, config) });
  }

  // check
  if (row.checked_at !== null && now.getTime() - Date.parse(row.checked_at) < MANUAL_CHECK_INTERVAL_MS) {
    return json(200, { domain: viewOf(row, config) });
  }
  const checked = await runCheck(supabase, row, config, now);
  if (!checked) return takenMeanwhile(parsed.display);
  return json(200, { domain: viewOf(checked.row, config, checked.note) });
};
