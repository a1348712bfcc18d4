// The backend's job queue: pg-boss over the backend's own Database, so the same queue runs on
// PostgreSQL (shared by every backend process on one DATABASE_URL: a job runs in one of them) and
// on PGlite (one process). Jobs live in the `pgboss` schema (pg-boss creates and migrates it under
// its own advisory lock; no grants to the API roles), so a job sent before a restart runs after it.
// Every queue retries with exponential backoff; a job that runs out of tries is kept in the
// `failed` state and copied to the `dead-letter` queue (its error in `output`), where it stays to
// be looked at: `appforge_job_queue_depth{queue="dead-letter"}` counts them.
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database.js';
import type { RecurringJobs } from '../domains/recurring-jobs.js';
import type { Logger } from '../logger.js';

export const JOB_SCHEMA = 'pgboss';
export const DEAD_LETTER_QUEUE = 'dead-letter';

export interface RetryPolicy {
  /** Tries after the first (0 = run once). */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each later one. */
  retryDelaySeconds: number;
  /** A run still going after this long is failed (and retried). */
  expireInSeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 4, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };

export interface DeadJob {
  id: string;
  /** The queue the job failed on. */
  queue: string;
  data: unknown;
  /** The last error, as pg-boss stored it ({ message, stack, … }). */
  error: unknown;
  createdAt: Date;
}

export interface JobQueue extends RecurringJobs {
  /** Creates the queue (idempotent) and runs `handler` for each of its jobs in this process. */
  work<T extends object>(name: string, handler: (data: T) => Promise<unknown>, policy?: Partial<RetryPolicy>): Promise<void>;
  /** Adds a job; resolves to its id. `db` sends it inside that transaction (it commits or vanishes with it). */
  send(name: string, data: object, options?: { startAfterSeconds?: number; db?: Queryable }): Promise<string>;
  /** Jobs waiting, retrying or running per queue (dead letters included). */
  depth(): Promise<Record<string, number>>;
  /** The jobs that ran out of tries, newest first. */
  deadLetters(limit?: number): Promise<DeadJob[]>;
}

/** pg-boss's `db` seam over a Queryable (the backend's Database or a transaction of it). */
function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return q.query(text, values);
    },
  };
}

/**
 * pg-boss's `db` seam over the backend's Database. pg-boss sends its locked work (schema
 * creation, migrations, maintenance) as one text "BEGIN; …; COMMIT;": that runs as a transaction
 * of the Database (a rollback on failure, and on PGlite the one session is held only for it).
 */
export function databaseForBoss(db: Database): PgBoss.Db {
  const plain = bossDb(db);
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // pg-boss 10 creates a queue's partition without a lock of its own: two processes creating
      // one queue at once deadlock. One at a time, under a lock of ours.
      if (/^\s*SELECT\s+\w+\.create_queue\(/i.test(text)) {
        return db.transaction(async (tx) => {
          await tx.query(`select pg_advisory_xact_lock(hashtext('${JOB_SCHEMA}.create_queue'))`);
          return tx.query(text, values);
        });
      }
      const locked = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i.exec(text);
      if (!locked) return plain.executeSql(text, values);
      const body = locked[1] ?? '';
      await db.transaction(async (tx) => {
        // pg-boss's own lock is taken inside its text, after that statement's snapshot: a process
        // that waited on it still sees the catalog as it was (its CREATE SCHEMA IF NOT EXISTS then
        // collides with the schema the first process made). Take a lock of ours first, then open
        // a catalog table, which makes PostgreSQL read what the previous holder committed.
        await tx.query(`select pg_advisory_xact_lock(hashtext('${JOB_SCHEMA}.locked'))`);
        await tx.query('select count(*) from pg_catalog.pg_namespace');
        await tx.exec(body);
      });
      return { rows: [] };
    },
  };
}

export interface JobQueueOptions {
  logger: Logger;
  /** How often an idle worker asks for a job (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss's maintenance (expiry, archive) runs (seconds). */
  maintenanceIntervalSeconds?: number;
}

/** Starts pg-boss on the database (creating or migrating its schema) and returns the queue. */
export async function startJobQueue(db: Database, options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const polling = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    db: databaseForBoss(db),
    schema: JOB_SCHEMA,
    // No cron: recurring work is sent by `every` (a throttled send per interval).
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    archiveCompletedAfterSeconds: 60 * 60,
    // Failed jobs stay visible (failed state) for a week; their dead-letter copy as long.
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retentionDays: 30 });

  const timers = new Set<NodeJS.Timeout>();
  const created = new Set<string>();
  let stopped = false;

  async function ensureQueue(name: string, policy: Partial<RetryPolicy>, singleton: boolean): Promise<void> {
    if (created.has(name)) return;
    const rules = { ...DEFAULT_RETRY, ...policy };
    const queue: PgBoss.Queue = {
      name,
      policy: singleton ? 'singleton' : 'standard',
      retryLimit: rules.retryLimit,
      retryDelay: rules.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: rules.expireInSeconds,
      deadLetter: DEAD_LETTER_QUEUE,
    };
    // createQueue does nothing when the queue exists; updateQueue applies changed rules.
    await boss.createQueue(name, queue);
    await boss.updateQueue(name, queue);
    created.add(name);
  }

  async function work<T extends object>(
    name: string,
    handler: (data: T) => Promise<unknown>,
    policy: Partial<RetryPolicy> = {},
    singleton = false,
  ): Promise<void> {
    await ensureQueue(name, policy, singleton);
    await boss.work<T>(name, { pollingIntervalSeconds: polling }, async ([job]) => {
      if (!job) return undefined;
      const started = performance.now();
      try {
        const result = await handler(job.data);
        logger.debug({ job: name, id: job.id, duration_ms: Math.round(performance.now() - started) }, 'job done');
        return result;
      } catch (error) {
        logger.error({ err: error, job: name, id: job.id }, 'job failed (it is retried until its tries run out)');
        throw error;
      }
    });
  }

  return {
    work: (name, handler, policy) => work(name, handler, policy),

    async send(name, data, sendOptions = {}) {
      const id = await boss.send(name, data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.db ? { db: bossDb(sendOptions.db) } : {}),
      });
      if (!id) throw new Error(`The job queue refused a job for ${name}`);
      return id;
    },

    every(name, intervalMs, run) {
      // Each process offers the job once per interval; pg-boss keeps one job per interval slot
      // (a throttled send: a unique singleton slot), and the singleton policy keeps a second one
      // from starting while one runs, so the work runs once per interval across all processes.
      const seconds = Math.max(1, Math.round(intervalMs / 1000));
      const offer = (): void => {
        if (stopped) return;
        void boss
          .sendThrottled(name, {}, {}, seconds, name)
          .catch((error: unknown) => logger.error({ err: error, job: name }, 'could not queue a recurring job'));
      };
      // The first offer comes one interval after start, as with a timer: work seeded or restored
      // at start-up (a verified domain whose DNS is not reachable yet) is not judged at once.
      const ready = work(name, () => run(new Date()), { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: Math.max(60, seconds * 4) }, true)
        .catch((error: unknown) => logger.error({ err: error, job: name }, 'could not start a recurring job'));
      const timer = setInterval(offer, intervalMs);
      timer.unref();
      timers.add(timer);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
        void ready.then(() => boss.offWork(name));
      };
    },

    async depth() {
      const { rows } = await db.query<{ name: string; size: number }>(
        `select name, count(*)::int as size from ${JOB_SCHEMA}.job where state < 'completed' group by name`,
      );
      const depth: Record<string, number> = { [DEAD_LETTER_QUEUE]: 0 };
      for (const name of created) depth[name] = 0;
      for (const row of rows) depth[row.name] = Number(row.size);
      return depth;
    },

    async deadLetters(limit = 50) {
      const { rows } = await db.query<{ id: string; data: { queue?: string } & Record<string, unknown>; output: unknown; created_on: Date; source: string | null }>(
        `select d.id, d.data, d.output, d.created_on,
                (select f.name from ${JOB_SCHEMA}.job f where f.dead_letter = d.name and f.state = 'failed' and f.data = d.data order by f.completed_on desc limit 1) as source
           from ${JOB_SCHEMA}.job d where d.name = $1 order by d.created_on desc limit $2`,
        [DEAD_LETTER_QUEUE, limit],
      );
      return rows.map((row) => ({ id: row.id, queue: row.source ?? 'unknown', data: row.data, error: row.output, createdAt: new Date(row.created_on) }));
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await boss.stop({ graceful: true, timeout: 10_000, close: false, wait: true });
    },
  };
}
