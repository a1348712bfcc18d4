// The built web app and backend for a benchmark: started when nothing answers on their port,
// stopped (the whole process group) at the end. Run benchmarks that use the fixed ports under
// the e2e lock (flock /tmp/appforge-e2e.lock …).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';

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

/**
 * Starts `pnpm <args>` (detached, its own process group) in `cwd` (this checkout by default) and
 * waits until `url` answers.
 */
export async function startServer(name: string, url: string, args: string[], env: Record<string, string>, cwd = ROOT): Promise<ChildProcess> {
  console.log(`starting ${name} …`);
  // eslint-disable-next-line no-restricted-syntax -- the child inherits this environment; nothing is read from it here.
  const child = spawn(PNPM, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await answers(url)) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not answer at ${url}`);
}

/** Like startServer, unless `url` already answers; null when it was already running. */
export async function ensureServer(name: string, url: string, args: string[], env: Record<string, string>): Promise<ChildProcess | null> {
  return (await answers(url)) ? null : startServer(name, url, args, env);
}

/** `vite preview` of the built app on `port` and the embedded backend (54321, in memory). */
export async function ensureWebAndBackend(port = 4173): Promise<{ web: ChildProcess | null; backend: ChildProcess | null }> {
  const web = await ensureServer('vite preview', `http://127.0.0.1:${String(port)}/`, ['--filter', '@appforge/web', 'exec', 'vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {});
  const backend = await ensureServer('backend', 'http://127.0.0.1:54321/health', ['--filter', '@appforge/backend', 'start'], {
    DATA_DIR: 'memory://',
    BACKEND_PORT: '54321',
    MAILBOX_PORT: '54324',
    LOG_LEVEL: 'warn',
  });
  return { web, backend };
}

/** Debian Chromium, headless, with the e2e configuration's flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export function stop(child: ChildProcess | null): void {
  if (child?.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
}
