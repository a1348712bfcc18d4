// What the custom-domain host check costs a visitor (issue 18): time until the deployed app's
// heading is painted when it is opened at a custom domain's root (http://<host>.localhost:4173/:
// the shell looks the host up, then shows the app) versus at its own address on the main host
// (http://localhost:4173/deployed-app/:id: no lookup). Goal: the lookup adds ≤ 20 ms.
//
//   flock /tmp/appforge-e2e.lock pnpm --filter @appforge/e2e bench:domain-paint   (after building web and backend)
//
// Starts the built backend on 54321 (in-memory data, sign-ups confirmed at once) and `vite preview`
// on 4173 unless they answer already; makes an app with the offline model, deploys it, connects a
// *.localhost domain (verified at once in development); then RUNS times each, alternating, opens
// both addresses in a fresh headless Chromium context. A measurement: it prints, never fails.
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { ROOT, ensureServer, stop } from './servers';

const RUNS = 9;
const BACKEND = 'http://127.0.0.1:54321';
const WEB_PORT = 4173;


async function setUp(host: string): Promise<{ appId: string; name: string }> {
  const env = await readFile(path.join(ROOT, 'apps/web/.env.production'), 'utf8');
  const anonKey = /^VITE_SUPABASE_ANON_KEY=(.+)$/m.exec(env)?.[1]?.trim() ?? '';
  const supabase = createClient(BACKEND, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signedUp = await supabase.auth.signUp({ email: `paint-${Date.now().toString(36)}@example.org`, password: 'bench-password-123' });
  if (!signedUp.data.session) throw signedUp.error ?? new Error('No session: start the backend with MAILER_AUTOCONFIRM=true');
  const created = await supabase.functions.invoke<{ app_id: string; version_id: string }>('create-app-from-description', { body: { description: 'A summariser for long articles' } });
  if (!created.data) throw created.error ?? new Error('No app');
  const deployed = await supabase.functions.invoke('deploy-app', { body: { app_id: created.data.app_id, version_id: created.data.version_id } });
  if (deployed.error) throw deployed.error;
  const domain = await supabase.functions.invoke('manage-domain', { body: { action: 'add', host, target: { kind: 'app', app_id: created.data.app_id } } });
  if (domain.error) throw domain.error;
  const app = await supabase.from('App').select('name').eq('id', created.data.app_id).single();
  return { appId: created.data.app_id, name: String(app.data?.name) };
}

/** ms from navigation start until the app's heading is in the DOM, and the first contentful paint. */
async function measure(browser: Browser, url: string, name: string): Promise<{ heading: number; fcp: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((wanted) => {
    const state = { at: -1 };
    (window as unknown as { __heading: typeof state }).__heading = state;
    new MutationObserver(() => {
      if (state.at < 0 && [...document.querySelectorAll('h1')].some((h) => h.textContent === wanted)) state.at = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, name);
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });
  const figures = await page.evaluate(() => ({
    heading: (window as unknown as { __heading: { at: number } }).__heading.at,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
  }));
  await context.close();
  return figures;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const started: (ChildProcess | null)[] = [];
  try {
    started.push(
      await ensureServer('backend', `${BACKEND}/health`, ['--filter', '@appforge/backend', 'start'], {
        BACKEND_PORT: '54321', MAILBOX_PORT: '54324', DATA_DIR: 'memory://', MAILER_AUTOCONFIRM: 'true', LOG_LEVEL: 'warn', SITE_URL: 'http://localhost:4173',
      }),
    );
    started.push(
      await ensureServer('web', `http://127.0.0.1:${WEB_PORT}/`, ['--filter', '@appforge/web', 'exec', 'vite', 'preview', '--port', String(WEB_PORT), '--strictPort', '--host', '127.0.0.1'], {}),
    );
    const host = `paint-${Date.now().toString(36)}.localhost`;
    const { appId, name } = await setUp(host);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
    });
    const direct: { heading: number; fcp: number }[] = [];
    const viaDomain: { heading: number; fcp: number }[] = [];
    // One warm-up of each (the preview server's and the browser's first-use costs), then alternate.
    await measure(browser, `http://localhost:${WEB_PORT}/deployed-app/${appId}`, name);
    await measure(browser, `http://${host}:${WEB_PORT}/`, name);
    for (let run = 0; run < RUNS; run += 1) {
      direct.push(await measure(browser, `http://localhost:${WEB_PORT}/deployed-app/${appId}`, name));
      viaDomain.push(await measure(browser, `http://${host}:${WEB_PORT}/`, name));
    }
    await browser.close();
    const row = (label: string, list: { heading: number; fcp: number }[]) =>
      `${label.padEnd(44)} heading ${median(list.map((f) => f.heading)).toFixed(1).padStart(7)} ms   FCP ${median(list.map((f) => f.fcp)).toFixed(1).padStart(7)} ms`;
    console.log(`\ncustom-domain first paint, median of ${RUNS} runs each (fresh browser context per run)`);
    console.log(row('main host: /deployed-app/:id (no lookup)', direct));
    console.log(row(`custom domain: ${host}/ (host lookup)`, viaDomain));
    const added = median(viaDomain.map((f) => f.heading)) - median(direct.map((f) => f.heading));
    console.log(`host check adds ${added.toFixed(1)} ms to the app's heading (ratio ${(median(viaDomain.map((f) => f.heading)) / median(direct.map((f) => f.heading))).toFixed(2)}×; goal ≤ 20 ms → ${added <= 20 ? 'met' : 'NOT met'})`);
  } finally {
    for (const child of started) stop(child);
  }
}

await main();
