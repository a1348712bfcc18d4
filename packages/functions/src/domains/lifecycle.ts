// A custom domain's verification lifecycle, as pure functions of (row, DNS answer, now), and the
// one recurring job `recheckDomains(now)` that applies it to every domain that is due.
//
//   pending ──ok──▶ verified ──record gone──▶ failed (suspended) ──ok──▶ verified
//      │  (re-checked with backoff)   (re-checked daily)     (re-checked with backoff)
//      └── still wrong after 72 h ──▶ failed (checks stop; "Check now" starts a new 72 h window)
//
// A DNS server that times out or fails (SERVFAIL) is a passing problem: it never suspends a
// verified domain, it only brings its next check closer.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DomainsConfig } from './config.ts';
import { checkDomainDns } from './dns-check.ts';
import type { DnsCheck } from './dns-check.ts';
import { parseCustomHost } from './host.ts';

export const HOUR_MS = 60 * 60 * 1000;
/** How long a pending (or suspended) domain is re-checked before it fails for good. */
export const PENDING_WINDOW_MS = 72 * HOUR_MS;
/** How often a verified domain is re-checked. */
export const VERIFIED_RECHECK_MS = 24 * HOUR_MS;
const FIRST_RETRY_MS = 60 * 1000;
const MAX_RETRY_MS = 2 * HOUR_MS;

/** The wait after `attempts` failed checks in a row: 1 min, 2, 4, … at most 2 h. */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts, 20)), MAX_RETRY_MS);
}

export type DomainStatus = 'pending' | 'verified' | 'failed';

/** The server-owned columns of a CustomDomain row. */
export interface VerificationState {
  status: DomainStatus;
  checked_at: string | null;
  failure_reason: string | null;
  next_check_at: string | null;
  pending_since: string;
  check_attempts: number;
  verified_at: string | null;
  suspended: boolean;
}

export const VERIFICATION_COLUMNS =
  'status, checked_at, failure_reason, next_check_at, pending_since, check_attempts, verified_at, suspended';

const at = (ms: number): string => new Date(ms).toISOString();

/** The state after a check that gave `result` at `now`. */
export function afterCheck(row: VerificationState, result: DnsCheck, now: Date): VerificationState {
  const time = now.getTime();
  const checked = { ...row, checked_at: at(time) };
  if (result.ok) {
    return { ...checked, status: 'verified', failure_reason: null, next_check_at: at(time + VERIFIED_RECHECK_MS), check_attempts: 0, verified_at: at(time), suspended: false };
  }
  const attempts = row.check_attempts + 1;
  if (row.status === 'verified') {
    if (result.transient) return { ...checked, check_attempts: attempts, next_check_at: at(time + backoffMs(attempts - 1)) };
    return {
      ...checked,
      status: 'failed',
      suspended: true,
      failure_reason: `Suspended: the domain stopped passing its check. ${result.message}`,
      pending_since: at(time),
      check_attempts: 1,
      next_check_at: at(time + backoffMs(0)),
    };
  }
  const reason = row.suspended ? `Suspended: ${result.message}` : result.message;
  if (time - Date.parse(row.pending_since) >= PENDING_WINDOW_MS) {
    return { ...checked, status: 'failed', failure_reason: `${reason} Automatic checks stopped after 72 hours; fix the records, then press “Check now”.`, next_check_at: null, check_attempts: attempts };
  }
  return { ...checked, failure_reason: reason, check_attempts: attempts, next_check_at: at(time + backoffMs(attempts - 1)) };
}

/** Checks a domain's records with the server's settings (resolver, timeout, target, development). */
export function checkWithConfig(host: string, token: string, config: DomainsConfig): Promise<DnsCheck> {
  return checkDomainDns(host, token, {
    target: config.target,
    resolver: config.resolver,
    timeoutMs: config.dnsTimeoutMs,
    development: config.platform.development,
  });
}

/**
 * A claim that no longer holds anything against someone else's: it failed for good (its checks
 * stopped), or it stayed pending for the whole 72-hour window. Such claims are dropped when another
 * account claims the host. A claim never blocks others while pending anyway: only a verified one does.
 */
export function isStaleClaim(row: VerificationState, now: Date): boolean {
  if (row.status === 'verified') return false;
  if (row.status === 'failed' && row.next_check_at === null) return true;
  return !row.suspended && now.getTime() - Date.parse(row.pending_since) >= PENDING_WINDOW_MS;
}

/** Identifies one claim: several accounts may claim a host until one of them verifies it. */
export interface ClaimKey {
  value: string;
  owner_id: string;
}

const TAKEN_MESSAGE =
  'Another Appforge account verified this domain first. If the domain is yours, make sure only your TXT record is at _appforge, then press “Check now”.';

/**
 * Writes the outcome of a check to one claim and returns the written rows (none when `guard` no
 * longer matches). When the check verified the host but another claim verified it first (the
 * database keeps one verified claim per host), this claim is marked failed with a reason instead.
 */
export async function saveCheck<R>(
  supabase: SupabaseClient,
  key: ClaimKey,
  before: VerificationState,
  next: VerificationState,
  now: Date,
  columns: string,
  guard?: { next_check_at: string },
): Promise<R[]> {
  const write = async (state: VerificationState) => {
    let query = supabase.from('CustomDomain').update(state).eq('value', key.value).eq('owner_id', key.owner_id);
    if (guard) query = query.eq('next_check_at', guard.next_check_at);
    return query.select(columns).returns<R[]>();
  };
  let written = await write(next);
  if (written.error?.code === '23505' && next.status === 'verified') {
    written = await write({ ...before, status: 'failed', suspended: false, checked_at: now.toISOString(), failure_reason: TAKEN_MESSAGE, next_check_at: null });
  }
  if (written.error) throw new Error(`Saving the check of ${key.value} failed: ${written.error.message}`);
  return written.data;
}

/** A failed domain whose checks stopped gets a new 72-hour window when its owner asks for a check. */
export function restartWindow(row: VerificationState, now: Date): VerificationState {
  if (row.status !== 'failed' || row.next_check_at !== null) return row;
  return { ...row, status: row.suspended ? 'failed' : 'pending', pending_since: now.toISOString(), check_attempts: 0 };
}

export interface RecheckSummary {
  checked: number;
  verified: number;
  stillPending: number;
  failed: number;
  suspended: number;
  /** Rows another run changed between our read and our write (left to that run). */
  skipped: number;
}

interface DueRow extends VerificationState {
  value: string;
  owner_id: string;
  verification_token: string;
}

/**
 * The recurring re-check: every domain whose `next_check_at` is due at `now` is checked once and
 * moved on. Idempotent: a second run at the same `now` finds nothing due, and two runs at once
 * never both write a row (each write is conditional on the `next_check_at` it read).
 */
export async function recheckDomains(
  supabase: SupabaseClient,
  config: DomainsConfig,
  now: Date,
  options: { limit?: number; concurrency?: number } = {},
): Promise<RecheckSummary> {
  const due = await supabase
    .from('CustomDomain')
    .select(`value, owner_id, verification_token, ${VERIFICATION_COLUMNS}`)
    .lte('next_check_at', now.toISOString())
    .order('next_check_at', { ascending: true })
    .limit(options.limit ?? 200)
    .returns<DueRow[]>();
  if (due.error) throw new Error(`Reading the domains due for a check failed: ${due.error.message}`);
  const summary: RecheckSummary = { checked: 0, verified: 0, stillPending: 0, failed: 0, suspended: 0, skipped: 0 };
  const queue = [...due.data];
  const worker = async (): Promise<void> => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      const { value, owner_id, verification_token, ...before } = row;
      // Defence in depth: a host the platform may never serve is never verified, whatever DNS says.
      const refused = parseCustomHost(value, config.platform);
      const result: DnsCheck = refused.ok ? await checkWithConfig(value, verification_token, config) : { ok: false, code: 'host_refused', transient: false, message: refused.message };
      const next = afterCheck(before, result, now);
      const written = await saveCheck(supabase, { value, owner_id }, before, next, now, 'value', { next_check_at: before.next_check_at ?? '' });
      if (written.length === 0) {
        summary.skipped += 1;
        continue;
      }
      summary.checked += 1;
      if (next.status === 'verified') summary.verified += 1;
      else if (next.suspended && !before.suspended) summary.suspended += 1;
      else if (next.status === 'failed' && next.next_check_at === null) summary.failed += 1;
      else summary.stillPending += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return summary;
}
