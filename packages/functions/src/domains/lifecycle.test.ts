import { describe, expect, it } from 'vitest';
import { HOUR_MS, afterCheck, backoffMs, restartWindow } from './lifecycle.ts';
import type { VerificationState } from './lifecycle.ts';

const t0 = new Date('2026-11-25T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const pending: VerificationState = {
  status: 'pending', checked_at: null, failure_reason: null, next_check_at: t0.toISOString(),
  pending_since: t0.toISOString(), check_attempts: 0, verified_at: null, suspended: false,
};
const missing = { ok: false as const, code: 'txt_missing' as const, message: 'No TXT record found.', transient: false };
const timeout = { ok: false as const, code: 'dns_timeout' as const, message: 'The DNS server did not answer in time.', transient: true };
const ok = { ok: true as const, note: null };

describe('a custom domain’s lifecycle', () => {
  it('a pending domain is re-checked ever later (1 min, 2, 4 … at most 2 h) with the last reason shown', () => {
    const first = afterCheck(pending, missing, t0);
    expect(first).toMatchObject({ status: 'pending', failure_reason: 'No TXT record found.', check_attempts: 1, next_check_at: later(60_000).toISOString() });
    const second = afterCheck(first, missing, later(60_000));
    expect(second.next_check_at).toBe(later(60_000 + 120_000).toISOString());
    expect(backoffMs(30)).toBe(2 * HOUR_MS);
  });

  it('fails for good after 72 hours without the records, and stops checking', () => {
    const failed = afterCheck({ ...pending, check_attempts: 40 }, missing, later(72 * HOUR_MS));
    expect(failed).toMatchObject({ status: 'failed', next_check_at: null });
    expect(failed.failure_reason).toMatch(/stopped after 72 hours/);
    expect(restartWindow(failed, later(80 * HOUR_MS))).toMatchObject({ status: 'pending', pending_since: later(80 * HOUR_MS).toISOString(), check_attempts: 0 });
  });

  it('a verified domain is re-checked daily, and suspended when its record disappears', () => {
    const verified = afterCheck(pending, ok, t0);
    expect(verified).toMatchObject({ status: 'verified', failure_reason: null, next_check_at: later(24 * HOUR_MS).toISOString(), verified_at: t0.toISOString() });
    const suspended = afterCheck(verified, missing, later(24 * HOUR_MS));
    expect(suspended).toMatchObject({ status: 'failed', suspended: true, verified_at: t0.toISOString() });
    expect(suspended.failure_reason).toMatch(/^Suspended/);
    expect(suspended.next_check_at).not.toBeNull();
    const back = afterCheck(suspended, ok, later(25 * HOUR_MS));
    expect(back).toMatchObject({ status: 'verified', suspended: false, failure_reason: null });
  });

  it('a DNS server that times out never suspends a verified domain; it only brings the next check closer', () => {
    const verified = afterCheck(pending, ok, t0);
    const shaky = afterCheck(verified, timeout, later(24 * HOUR_MS));
    expect(shaky).toMatchObject({ status: 'verified', suspended: false, check_attempts: 1 });
    expect(Date.parse(shaky.next_check_at ?? '')).toBeLessThan(later(25 * HOUR_MS).getTime());
  });
});
