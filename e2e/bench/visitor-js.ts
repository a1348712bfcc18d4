// How much JavaScript a visitor's first visit downloads, page by page (issue 28): the deployed
// app and its landing page on the main host, the public bundle page, and the deployed app at a
// custom domain's root. Measured from the network in headless Chromium, like bench:lcp.
//
//   flock /tmp/appforge-ports.lock pnpm --filter @appforge/e2e bench:visitor-js   (after building web and backend)
//
// Starts the built backend on 54321 (in-memory data, sign-ups confirmed at once) and `vite preview`
// on 4173 unless they answer already; signs a creator up, deploys an app of one output step, puts it
// in a bundle and connects a *.localhost domain to it (verified at once in development). Then opens
// each page signed out in a fresh browser context (cold HTTP cache), waits until its heading shows
// and the network has been idle for 500 ms, and sums every script response, each gzipped at level 9
// as scripts/size.mjs does (vite preview serves uncompressed files on loopback).
// A measurement, not a test: it prints, it never fails on a number (scripts/size.mjs holds budgets).
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { ROOT, ensureServer, launchChromium, stop } from './servers';

const BACKEND = 'http://127.0.0.1:54321';
const WEB_PORT = 4173;
/** The goal for a first visit to a deployed app: React's own runtime plus ≤ 20 KB of ours. */
const GOAL_KB = 90;

const HELLO_SPEC = { entryStepId: 'show', steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hello, visitor.' } }] };

interface Pages {
  appName: string;
  bundleName: string;
  appId: string;
  bundleId: string;
  host: string;
}

async function setUp(): Promise<Pages> {
  const env = await readFile(path.join(ROOT, 'apps/web/.env.production'), 'utf8');
  const anonKey = /^VITE_SUPABASE_ANON_KEY=(.+)$/m.exec(env)?.[1]?.trim() ?? '';
  const supabase = createClient(BACKEND, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signedUp = await supabase.auth.signUp({ email: `visitor-js-${Date.now().toString(36)}@example.org`, password: 'bench-password-123' });
  const ownerId = signedUp.data.user?.id;
  if (!signedUp.data.session || ownerId === undefined) throw signedUp.error ?? new Error('No session: start the backend with MAILER_AUTOCONFIRM=true');
  const appName = 'Greeting card';
  const app = await supabase.from('App').insert({ owner_id: ownerId, name: appName, description: 'Says hello.', visibility: 'public' }).select('id').single();
  if (app.error) throw app.error;
  const appId = String(app.data.id);
  const version = await supabase.from('AppVersion').insert({ app_id: appId, spec: HELLO_SPEC, source: 'template' }).select('id').single();
  if (version.error) throw version.error;
  const deployed = await supabase.functions.invoke('deploy-app', { body: { app_id: appId, version_id: String(version.data.id) } });
  if (deployed.error) throw deployed.error;
  const bundleName = 'Greetings kit';
  const bundle = await supabase.from('Bundle').insert({ owner_id: ownerId, name: bundleName, description: 'Cards for every day.' }).select('id').single();
  if (bundle.error) throw bundle.error;
  const bundleId = String(bundle.data.id);
  const member = await supabase.from('BundleApp').insert({ bundle_id: bundleId, app_id: appId, position: 0 });
  if (member.error) throw member.error;
  const host = `visitor-js-${Date.now().toString(36)}.localhost`;
  const domain = await supabase.functions.invoke('manage-domain', { body: { action: 'add', host, target: { kind: 'app', app_id: appId } } });
  if (domain.error) throw domain.error;
  return { appName, bundleName, appId, bundleId, host };
}

interface Visit {
  scripts: number;
  gz: number;
}

/** A signed-out first visit: the scripts downloaded until `heading` shows and the network is idle. */
async function visit(browser: Browser, url: string, heading: string): Promise<Visit> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  });
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  await context.close();
  return { scripts: all.length, gz: all.reduce((sum, size) => sum + size, 0) };
}

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
    const pages = await setUp();
    const browser = await launchChromium();
    const web = `http://localhost:${WEB_PORT}`;
    const rows: [string, string, string][] = [
      ['deployed app  /deployed-app/:id', `${web}/deployed-app/${pages.appId}`, pages.appName],
      ['landing page  /landing-page/:id', `${web}/landing-page/${pages.appId}`, pages.appName],
      ['bundle page   /bundle/:id', `${web}/bundle/${pages.bundleId}`, pages.bundleName],
      ['custom domain /  (the deployed app)', `http://${pages.host}:${WEB_PORT}/`, pages.appName],
    ];
    console.log(`\nJavaScript of a signed-out first visit (gzip -9, from the network; goal for the deployed app ≤ ${GOAL_KB} KB)`);
    for (const [label, url, heading] of rows) {
      const figures = await visit(browser, url, heading);
      console.log(`${label.padEnd(38)} ${(figures.gz / 1024).toFixed(1).padStart(7)} KB gz in ${String(figures.scripts).padStart(3)} scripts`);
    }
    await browser.close();
  } finally {
    for (const child of started) stop(child);
  }
}

await main();
