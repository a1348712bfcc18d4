// Usage roll-up and run clean-up (issue 12), two recurring jobs on the job queue (once per
// interval across every backend process). Both are idempotent: the roll-up recomputes whole UTC
// days from the runs (public.rollup_app_usage), the clean-up deletes what is past its time.
//   usage-rollup: "AppUsageDay" for yesterday and today (what the Home cards read for older days).
//   run-cleanup:  runs older than RUN_RETENTION_DAYS (class runs excepted: they follow the class),
//                 expired rate-limit counters, and expired e-mail codes, OAuth flow states and MFA
//                 challenges (each already refused once expired; this only removes the rows).
import type { AuthSettings } from '../auth/settings.js';
import type { Queryable } from '../db/database.js';
import type { RecurringJobs } from '../domains/recurring-jobs.js';
import type { BackendConfig } from '../env.js';
import type { Logger } from '../logger.js';

export const USAGE_ROLLUP_JOB = 'usage-rollup';
export const RUN_CLEANUP_JOB = 'run-cleanup';
/** Runs deleted per statement (each is its own short transaction). */
export const CLEANUP_BATCH = 1000;
/** At most this many batches per clean-up run; the next run goes on. */
const MAX_BATCHES = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Recomputes "AppUsageDay" for the UTC day before `now` and `now`'s day; returns rows changed. */
export async function rollupUsage(db: Queryable, now: Date): Promise<{ from: string; to: string; changed: number }> {
  const from = utcDay(new Date(now.getTime() - DAY_MS));
  const to = utcDay(now);
  const { rows } = await db.query<{ changed: number }>('select public.rollup_app_usage($1::date, $2::date) as changed', [from, to]);
  return { from, to, changed: Number(rows[0]?.changed ?? 0) };
}

export interface CleanupSummary {
  runs: number;
  rateLimits: number;
  oneTimeTokens: number;
  flowStates: number;
  mfaChallenges: number;
}

/** Deletes what is past its time at `now` (see the file's header). */
export async function cleanUp(
  db: Queryable,
  now: Date,
  options: { runRetentionDays: number; auth: Pick<AuthSettings, 'otpExpirySeconds' | 'flowStateExpirySeconds' | 'mfaChallengeExpirySeconds'> },
): Promise<CleanupSummary> {
  let runs = 0;
  if (options.runRetentionDays > 0) {
    const before = new Date(now.getTime() - options.runRetentionDays * DAY_MS).toISOString();
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const { rows } = await db.query<{ deleted: number }>('select public.cleanup_runs($1::timestamptz, $2) as deleted', [before, CLEANUP_BATCH]);
      const deleted = Number(rows[0]?.deleted ?? 0);
      runs += deleted;
      if (deleted < CLEANUP_BATCH) break;
    }
  }
  const count = async (text: string, values: unknown[]): Promise<number> => (await db.query(text, values)).rowCount ?? 0;
  const older = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  return {
    runs,
    // rate-limiter-flexible's rows: `expire` in ms since the epoch (null: never).
    rateLimits: await count('delete from appforge_internal.rate_limit where expire < $1', [now.getTime()]),
    oneTimeTokens: await count('delete from auth.one_time_tokens where created_at < $1', [older(options.auth.otpExpirySeconds)]),
    // The OAuth round trip keeps a flow state four lifetimes (auth/routes/oauth.ts); so does this.
    flowStates: await count('delete from auth.flow_state where created_at < $1', [older(options.auth.flowStateExpirySeconds * 4)]),
    mfaChallenges: await count('delete from auth.mfa_challenges where created_at < $1', [older(options.auth.mfaChallengeExpirySeconds)]),
  };
}

/** Puts both jobs on the queue (each off when its interval is 0). */
export function startUsageJobs(options: {
  jobs: RecurringJobs;
  db: Queryable;
  config: Pick<BackendConfig, 'usageJobs'>;
  auth: Pick<AuthSettings, 'otpExpirySeconds' | 'flowStateExpirySeconds' | 'mfaChallengeExpirySeconds'>;
  logger: Logger;
}): void {
  const { jobs, db, config, logger } = options;
  const { rollupIntervalMs, cleanupIntervalMs, runRetentionDays } = config.usageJobs;
  if (rollupIntervalMs > 0) jobs.every(USAGE_ROLLUP_JOB, rollupIntervalMs, (now) => rollupUsage(db, now));
  if (cleanupIntervalMs > 0) {
    jobs.every(RUN_CLEANUP_JOB, cleanupIntervalMs, async (now) => {
      const summary = await cleanUp(db, now, { runRetentionDays, auth: options.auth });
      if (Object.values(summary).some((n) => n > 0)) logger.info({ job: RUN_CLEANUP_JOB, ...summary }, 'old runs and expired rows deleted');
      return summary;
    });
  }
}
