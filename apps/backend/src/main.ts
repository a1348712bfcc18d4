// `node dist/main.js`: start the embedded backend from the environment and stop it cleanly on signals.
import { isClusterWorker, runPrimary, workerNumber } from './cluster.js';
import { ConfigError, loadConfig } from './env.js';
import type { BackendConfig } from './env.js';
// server.js (the whole backend and its functions) is loaded only once the settings are valid: a
// refused start then answers in a moment instead of after loading everything it will not use.
import type { Backend, StartedBackend } from './server.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: BackendConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(
        `Appforge backend: cannot start, fix these environment variables:\n${error.problems
          .map((problem) => `  ${problem.name}: ${problem.message}`)
          .join('\n')}`,
      );
    }
    throw error;
  }

  // BACKEND_WORKERS=n (issue 12): this process forks n backends sharing the port, and only watches them.
  if (!isClusterWorker() && config.backendWorkers > 1) {
    process.stdout.write(`Appforge backend: starting ${config.backendWorkers} workers on port ${config.port}\n`);
    process.exit(await runPrimary(config.backendWorkers, (line) => process.stderr.write(`${line}\n`)));
  }
  const worker = workerNumber();

  let backend: Backend;
  try {
    const { createBackend } = await import('./server.js');
    backend = await createBackend(config);
  } catch (error) {
    fail(`Appforge backend: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
  let started: StartedBackend;
  try {
    started = await backend.start();
  } catch (error) {
    // Release the database (and its data-dir lock) before exiting, e.g. when the port is taken.
    await backend.stop().catch(() => undefined);
    fail(`Appforge backend: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
  }

  const lines = [
    '',
    `  Appforge backend (${backend.deps.db.kind}, ${config.mode}${worker ? `, worker ${worker}` : ''})`,
    `  API URL:          ${started.url}`,
    started.mailboxUrl ? `  Inbox URL:        ${started.mailboxUrl}` : `  Mail:             sent through SMTP_URL`,
    `  anon key:         ${backend.anonKey}`,
    `  service_role key: ${backend.serviceRoleKey}`,
  ];
  if (config.usingDevSecret) {
    lines.push('  WARNING: JWT_SECRET is not set; using the public development secret (fine on your machine only).');
  }
  // With several workers, the first prints the keys; the others say they are listening.
  process.stdout.write(worker && worker > 1 ? `Appforge backend: worker ${worker} listening\n` : `${lines.join('\n')}\n\n`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      process.stderr.write(`Appforge backend: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`Appforge backend: ${signal} received, finishing requests and closing the database…\n`);
    backend.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Appforge backend: shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

await main();
