// Largest Contentful Paint of the sign-in route on loopback, in headless Chromium.
//
//   pnpm --filter @appforge/e2e bench:lcp          (after `pnpm --filter @appforge/web build`)
//
// Starts `vite preview` (4173) and the embedded backend (54321, in-memory data) when they are
// not already running, opens http://localhost:<port>/sign-in in a fresh browser context (no
// stored session, cold HTTP cache) RUNS times, reads the last 'largest-contentful-paint' entry
// through a PerformanceObserver, and prints every run and the median. A measurement, not a test:
// it never fails on a number.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PNPM = path.join(ROOT, '.tools/node_modules/.bin/pnpm');
const RUNS = 7;
const WEB = 'http://localhost:4173';

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function ensureServer(name: string, url: string, args: string[], env: Record<string, string>): Promise<ChildProcess | null> {
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

function stop(child: ChildProcess | null): void {
  if (child?.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
}

const web = await ensureServer('vite preview', `http://127.0.0.1:4173/`, ['--filter', '@appforge/web', 'exec', 'vite', 'preview', '--port', '4173', '--strictPort', '--host', '127.0.0.1'], {});
const backend = await ensureServer('backend', 'http://127.0.0.1:54321/health', ['--filter', '@appforge/backend', 'start'], {
  DATA_DIR: 'memory://',
  BACKEND_PORT: '54321',
  MAILBOX_PORT: '54324',
  LOG_LEVEL: 'warn',
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
});

interface Sample {
  lcp: number;
  element: string;
}

try {
  const samples: Sample[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${WEB}/sign-in`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const sample = await page.evaluate(
      () =>
        new Promise<{ lcp: number; element: string }>((resolve) => {
          let last: { lcp: number; element: string } = { lcp: -1, element: 'none' };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
              const element = entry.element;
              last = {
                lcp: entry.startTime,
                element: element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` : 'removed',
              };
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          // LCP candidates stop with the first input; without input, settle after 1.5 s of quiet.
          setTimeout(() => resolve(last), 1_500);
        }),
    );
    samples.push(sample);
    console.log(`run ${run + 1}: LCP ${sample.lcp.toFixed(0)} ms (${sample.element})`);
    await context.close();
  }
  const sorted = samples.map((sample) => sample.lcp).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`sign-in LCP on loopback, headless Chromium, ${RUNS} cold runs: median ${median.toFixed(0)} ms (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)})`);
} finally {
  await browser.close();
  stop(web);
  stop(backend);
}
