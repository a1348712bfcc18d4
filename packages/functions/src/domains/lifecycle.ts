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
    .select(`value, verification_token, ${VERIFICATION_COLUMNS}`)
    .lte('next_check_at', now.toISOString())
    .order('next_check_at', { ascending: true })
    .limit(options.limit ?? 200)
    .returns<DueRow[]>();
  if (due.error) throw new Error(`Reading the domains due for a check failed: ${due.error.message}`);
  const summary: RecheckSummary = { checked: 0, verified: 0, stillPending: 0, failed: 0, suspended: 0, skipped: 0 };
  const queue = [...due.data];
  const worker = async (): Promise<void> => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      const result = await checkWithConfig(row.value, row.verification_token, config);
      const next = afterCheck(row, result, now);
      const { value, verification_token: _token, ...before } = row;
      const written = await supabase
        .from('CustomDomain')
        .update(next)
        .eq('value', value)
        .eq('next_check_at', before.next_check_at ?? '')
        .select('value');
      if (written.error) throw new Error(`Saving the check of ${value} failed: ${written.error.message}`);
      if (written.data.length === 0) {
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
