// The built web app and backend for a benchmark: started when nothing answers on their port,
// stopped (the whole process group) at the end. Run benchmarks that use the fixed ports under
// the e2e lock (flock /tmp/appforge-e2e.lock …).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const PNPM = path.join(ROOT, '.tools/node_modules/.bin/pnpm');

export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts `pnpm <args>` unless `url` already answers; null when it was already running. */
export async function ensureServer(name: string, url: string, args: string[], env: Record<string, string>): Promise<ChildProcess | null> {
  if (await answers(url)) return null;
  console.log(`starting ${name} …`);
  // eslint-disable-next-line no-restricted-syntax -- the child inherits this environment; nothing is read from it here.
  const child = spawn(PNPM, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await answers(url)) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not answer at ${url}`);
}

export function stop(child: ChildProcess | null): void {
  if (child?.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
}
