// The built web app and backend for a benchmark: started when nothing answers on their port,
// stopped (the whole process group) at the end. Run benchmarks that use the fixed ports under
// the e2e lock (flock /tmp/appforge-e2e.lock …).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';

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

/** The benches' app: one AI step writing a short poem, then an output step showing it. */
export const POEM_SPEC = {
  entryStepId: 'write',
  steps: [
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Write a short poem about the sea.', outputVariable: 'poem', outputFormat: 'markdown' } },
    { id: 'show', kind: 'output', title: 'Poem', config: { template: '{{poem}}' } },
  ],
};

/** Signs a new creator in on `backend` with the e-mail code from its dev inbox (`inbox`). */
export async function signInCreator(backend: string, inbox: string, key: string, label: string) {
  const supabase = createClient(backend, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const email = `${label}-${Date.now().toString(36)}@example.org`;
  const sent = await supabase.auth.signInWithOtp({ email });
  if (sent.error) throw sent.error;
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && code === undefined; attempt += 1) {
    const found = (await (await fetch(`${inbox}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as { messages: { Subject: string }[] };
    code = /\b(\d{6})\b/.exec(found.messages[0]?.Subject ?? '')?.[1];
    if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (code === undefined) throw new Error('No sign-in code arrived in the dev inbox');
  const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  if (verified.error || !verified.data.user) throw verified.error ?? new Error('No user after verifying');
  return { supabase, userId: verified.data.user.id };
}

/** The last LCP entry once the page has been quiet for `settleMs` (LCP candidates stop with the first input). */
export function readLcp(page: Page, settleMs: number): Promise<{ lcp: number; element: string }> {
  return page.evaluate(
    (settle) =>
      new Promise<{ lcp: number; element: string }>((resolve) => {
        let last = { lcp: -1, element: 'none' };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            const element = entry.element;
            last = {
              lcp: entry.startTime,
              element: element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` : 'removed',
            };
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), settle);
      }),
    settleMs,
  );
}
