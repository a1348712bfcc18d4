// The seam for recurring work. Everything the backend runs on a schedule goes through
// `RecurringJobs.every`: the job queue (jobs/queue.ts, pg-boss) runs a job once per interval across
// all processes (each job is idempotent, so at-least-once delivery is fine); the timers below run
// work each process must do for itself (refreshing its own in-memory state).
import type { Logger } from '../logger.js';

export interface RecurringJobs {
  /** Runs `run(now)` every `intervalMs` (never two runs of one job at once); returns a stop function. */
  every(name: string, intervalMs: number, run: (now: Date) => Promise<unknown>): () => void;
  /** Stops every job and waits for runs in progress. */
  stop(): Promise<void>;
}

/** In-process timers: for work each process does for itself. */
export function createTimerJobs(logger: Logger): RecurringJobs {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  return {
    every(name, intervalMs, run) {
      let busy = false;
      const tick = () => {
        if (busy) return;
        busy = true;
        const started = performance.now();
        const job = run(new Date())
          .then((result) => logger.debug({ job: name, result, duration_ms: Math.round(performance.now() - started) }, 'recurring job done'))
          .catch((error: unknown) => logger.error({ err: error, job: name }, 'recurring job failed'))
          .finally(() => {
            busy = false;
            running.delete(job);
          });
        running.add(job);
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      timers.add(timer);
      setImmediate(tick);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
      };
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
