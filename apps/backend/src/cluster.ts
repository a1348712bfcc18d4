// BACKEND_WORKERS=n: n backend processes behind one port (node:cluster). The primary only forks,
// watches and stops workers; each worker is a whole backend on the same DATABASE_URL, and the
// primary hands incoming connections to them in turn. Everything a request depends on is in
// PostgreSQL (limits, jobs, sessions), so any worker can answer any request.
import cluster from 'node:cluster';

/** Whether this process is a worker forked by runPrimary (it then starts a backend as usual). */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** The worker's number (1…n, then n+1… for replacements), or undefined outside a cluster. */
export function workerNumber(): number | undefined {
  return cluster.worker?.id;
}

/**
 * The primary: forks n workers, replaces one that dies (at most 10 times a minute, then gives up
 * and stops the others), and on SIGTERM/SIGINT stops every worker and exits when they have.
 */
export function runPrimary(workers: number, log: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false;
    let gaveUp = false;
    const restarts: number[] = [];
    const fork = (): void => {
      cluster.fork();
    };
    const stopAll = (signal: NodeJS.Signals): void => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    };
    cluster.on('exit', (worker, code, signal) => {
      if (!stopping) {
        const now = Date.now();
        while (restarts.length > 0 && (restarts[0] ?? 0) < now - 60_000) restarts.shift();
        if (restarts.length < 10) {
          restarts.push(now);
          log(`Appforge backend: worker ${worker.id} exited (${signal ?? `code ${code}`}); starting a new one`);
          fork();
          return;
        }
        log('Appforge backend: workers keep exiting; stopping');
        gaveUp = true;
        stopAll('SIGTERM');
      }
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(gaveUp ? 1 : 0);
    });
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal));
    for (let n = 1; n <= workers; n += 1) fork();
  });
}
