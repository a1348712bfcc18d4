// A visitor's cold first visit at 4× CPU slow-down, before and after the visitor pages left the
// builder (issue 28, "Tests and figures"): JavaScript bytes, Largest Contentful Paint and the time
// from pressing Run to the first streamed token, for both builds in one run, as after/before ratios.
//
//   pnpm --filter @appforge/e2e bench:visitor-cold [--runs=7]
//
// Builds it needs (made when missing, reused when there; nothing checks that they are current):
// - "before": the commit before the visitor pages moved out of the builder, `fe59e9d^` (the parent
//   of "refactor(visitor): the pages visitors see move to @appforge/visitor …"), in a detached git
//   worktree at /tmp/appforge-visitor-before (VISITOR_BENCH_BEFORE_DIR to put it elsewhere):
//   `pnpm install --offline --frozen-lockfile` (without --offline when that fails), then
//   `pnpm turbo run build --filter=@appforge/web...`.
// - "after": this checkout's apps/web/dist and apps/backend/dist (`pnpm turbo run build
//   --filter=@appforge/web... --filter=@appforge/backend...` when one is missing).
//
// Servers, all on loopback and on this bench's own ports (never 4173/5173/54321/54324, which the
// e2e run and CI use): the fake OpenAI-compatible provider of @appforge/models/testing (port 0,
// streams each answer in chunks 20 ms apart); this checkout's built backend (in-memory data,
// 55421, dev inbox 55424) with AI_BASE_URL pointing at the fake; `vite preview` of each build
// (before 55473, after 55474). The after build's preview gets VITE_SUPABASE_URL = this backend, so
// its server-side share-page and frame-ancestors lookups ask this backend; both builds' JS was
// built to call 127.0.0.1:54321, and each browser context re-routes those calls to this backend
// (as bench:first-token does). Because the after build's CSP then names this backend while its
// JS calls 54321, the contexts bypass CSP (`bypassCSP`, both builds alike).
//
// Data: a creator signed in with the e-mail code from the dev inbox stores a public app with one AI
// step and one output step, deploys it (deploy-app), and puts it in a bundle.
//
// Visits: RUNS rounds; each round visits every page once per build, the build order alternating
// from round to round (before first in even rounds). Every visit is a fresh browser context
// (cold HTTP cache, no session, signed out) in Debian Chromium with CDP
// `Emulation.setCPUThrottlingRate { rate: 4 }` set before navigating. Per visit:
// - JS: every script response until the page's h1 shows and the network has been idle for 500 ms
//   (and the LCP read below), each body gzipped at level 9 like scripts/size.mjs (vite preview
//   serves uncompressed files on loopback).
// - LCP: the last 'largest-contentful-paint' entry (buffered PerformanceObserver) once the page
//   has been quiet, read before any input (input ends LCP).
// Before the rounds, one uncounted visit of the deployed app per build warms the backend's run
// path and each preview server.
// - Deployed app only: a capturing click listener notes performance.now() when Run is pressed, a
//   MutationObserver notes it when the run's unique first token first appears in the DOM; the
//   difference is "Run → first token" (one clock, the page's; it includes the backend's run start
//   and the provider's first 20 ms).
// Pages: the deployed app /deployed-app/:id, its landing page /landing-page/:id and the public
// bundle page /bundle/:id (both builds have all three).
//
// It prints each visit, then one table of medians per page and build with the after/before
// ratios. A measurement, not a test: it never fails on a number. The figures depend on the
// machine's load (print `uptime` next to them); the ratios, measured interleaved, much less.
import { execFileSync, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startFakeOpenAIServer } from '@appforge/models/testing';
import type { Browser, Page } from '@playwright/test';
import { POEM_SPEC, ROOT, answers, launchChromium, readLcp, signInCreator, startServer, stop } from './servers';

const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='));
const RUNS = runsArgument === undefined ? 7 : Number(runsArgument.slice('--runs='.length));
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a whole number ≥ 1');

/** The parent of fe59e9d "refactor(visitor): the pages visitors see move to @appforge/visitor …". */
const BEFORE_COMMIT = 'fe59e9d^';
// eslint-disable-next-line no-restricted-syntax -- a path for the bench's own worktree, nothing secret.
const BEFORE_DIR = process.env.VISITOR_BENCH_BEFORE_DIR ?? '/tmp/appforge-visitor-before';
const PNPM = path.join(ROOT, '.tools/node_modules/.bin/pnpm');

/** Where both builds' JS sends its backend calls (apps/web/.env.production, at build time). */
const BUILT_BACKEND = 'http://127.0.0.1:54321';
const BACKEND_PORT = 55421;
const MAILBOX_PORT = 55424;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const INBOX = `http://127.0.0.1:${MAILBOX_PORT}`;
const BUILDS = [
  { name: 'before', dir: BEFORE_DIR, port: 55473 },
  { name: 'after', dir: ROOT, port: 55474 },
] as const;
type BuildName = (typeof BUILDS)[number]['name'];

const CPU_SLOWDOWN = 4;
/** Time between the provider's chunks: the answer streams like a real model's. */
const CHUNK_DELAY_MS = 20;
const APP_NAME = 'Sea poem';
const BUNDLE_NAME = 'Poems kit';
const WORDS = ['and', 'the', 'sea', 'keeps', 'its', 'slow', 'grey', 'time', 'under', 'a', 'sky', 'of', 'gulls'];

// ---------------------------------------------------------------------------------------------
// Builds

function run(command: string, args: string[], cwd: string): boolean {
  console.log(`$ (${cwd}) ${path.basename(command)} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd, stdio: 'inherit' }).status === 0;
}

function must(ok: boolean, what: string): void {
  if (!ok) throw new Error(`${what} failed`);
}

function ensureBeforeBuild(): void {
  if (!existsSync(path.join(BEFORE_DIR, '.git'))) {
    const commit = execFileSync('git', ['rev-parse', '--verify', `${BEFORE_COMMIT}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
    must(run('git', ['worktree', 'add', '--detach', BEFORE_DIR, commit], ROOT), `git worktree add ${BEFORE_DIR}`);
  }
  if (!existsSync(path.join(BEFORE_DIR, 'node_modules'))) {
    const offline = run(PNPM, ['install', '--offline', '--frozen-lockfile'], BEFORE_DIR);
    if (!offline) must(run(PNPM, ['install', '--frozen-lockfile'], BEFORE_DIR), 'pnpm install (before)');
  }
  if (!existsSync(path.join(BEFORE_DIR, 'apps/web/dist/index.html'))) {
    must(run(PNPM, ['turbo', 'run', 'build', '--filter=@appforge/web...'], BEFORE_DIR), 'the before build');
  } else {
    console.log(`before: reusing ${path.join(BEFORE_DIR, 'apps/web/dist')}`);
  }
}

function ensureAfterBuild(): void {
  const built = existsSync(path.join(ROOT, 'apps/web/dist/index.html')) && existsSync(path.join(ROOT, 'apps/backend/dist/main.js'));
  if (built) {
    console.log(`after: reusing ${path.join(ROOT, 'apps/web/dist')} and apps/backend/dist`);
    return;
  }
  must(run(PNPM, ['turbo', 'run', 'build', '--filter=@appforge/web...', '--filter=@appforge/backend...'], ROOT), 'the after build');
}

// ---------------------------------------------------------------------------------------------
// Data

async function anonKey(): Promise<string> {
  const match = /^VITE_SUPABASE_ANON_KEY=(.+)$/m.exec(await readFile(path.join(ROOT, 'apps/web/.env.production'), 'utf8'));
  if (!match?.[1]) throw new Error('No VITE_SUPABASE_ANON_KEY in apps/web/.env.production');
  return match[1].trim();
}

/** A public app of one AI step and one output step, deployed, in a bundle of its own. */
async function setUp(key: string): Promise<{ appId: string; bundleId: string }> {
  const { supabase, userId } = await signInCreator(BACKEND, INBOX, key, 'visitor-cold');
  const app = await supabase
    .from('App')
    // Every run comes from one loopback address, which may use a fifth of the app's runs without
    // sign-in per day (50 by default: 10 runs); the owner's setting lifts that for the bench.
    .insert({ owner_id: userId, name: APP_NAME, description: 'A short poem about the sea, written as you watch.', visibility: 'public', anonymous_runs_per_day: 10_000 })
    .select('id')
    .single<{ id: string }>();
  if (app.error) throw app.error;
  const spec = POEM_SPEC;
  const version = await supabase.from('AppVersion').insert({ app_id: app.data.id, source: 'manual', spec, created_by: userId }).select('id').single<{ id: string }>();
  if (version.error) throw version.error;
  const draft = await supabase.from('App').update({ draft_version_id: version.data.id }).eq('id', app.data.id);
  if (draft.error) throw draft.error;
  const deployed = await supabase.functions.invoke('deploy-app', { body: { app_id: app.data.id, version_id: version.data.id } });
  if (deployed.error) throw deployed.error;
  const bundle = await supabase.from('Bundle').insert({ owner_id: userId, name: BUNDLE_NAME, description: 'Poems for every tide.' }).select('id').single<{ id: string }>();
  if (bundle.error) throw bundle.error;
  const member = await supabase.from('BundleApp').insert({ bundle_id: bundle.data.id, app_id: app.data.id, position: 0 });
  if (member.error) throw member.error;
  return { appId: app.data.id, bundleId: bundle.data.id };
}

// ---------------------------------------------------------------------------------------------
// Visits

interface PageToVisit {
  label: string;
  path: string;
  heading: string;
  /** Press Run and time the first streamed token. */
  run: boolean;
}

interface Visit {
  jsGz: number;
  scripts: number;
  lcp: number;
  lcpElement: string;
  firstToken?: number;
}

/**
 * Arms the page: notes when Run is pressed and when a run's first token (`FT<n>x`, unique per
 * answer; a fresh page shows no other) first shows in the DOM, on the page's clock.
 */
async function armFirstToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marker = /FT\d+x/;
    const seen: { clickAt: number | null; tokenAt: number | null } = { clickAt: null, tokenAt: null };
    (window as unknown as { __visitorCold: typeof seen }).__visitorCold = seen;
    window.addEventListener(
      'click',
      () => {
        seen.clickAt ??= performance.now();
      },
      { capture: true },
    );
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const nodes = record.type === 'characterData' ? [record.target] : [record.target, ...Array.from(record.addedNodes)];
        if (nodes.some((node) => marker.test(node.textContent ?? ''))) {
          seen.tokenAt = performance.now();
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function visit(browser: Browser, origin: string, target: PageToVisit, enqueue: () => void): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    // Both builds call the backend they were built for; this bench's backend listens elsewhere.
    await context.route(`${BUILT_BACKEND}/**`, (route) => route.continue({ url: route.request().url().replace(BUILT_BACKEND, BACKEND) }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
    });
    await page.goto(`${origin}${target.path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.getByRole('heading', { level: 1, name: target.heading }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const lcp = await readLcp(page, 1_500);
    const all = await Promise.all(sizes);
    const figures: Visit = { jsGz: all.reduce((sum, size) => sum + size, 0), scripts: all.length, lcp: lcp.lcp, lcpElement: lcp.element };
    if (target.run) {
      enqueue();
      await armFirstToken(page);
      await page.getByRole('button', { name: 'Run', exact: true }).click({ timeout: 60_000 });
      try {
        await page.waitForFunction(() => (window as unknown as { __visitorCold: { tokenAt: number | null } }).__visitorCold.tokenAt !== null, undefined, { timeout: 60_000 });
      } catch {
        // What the visitor sees instead (a refusal, an error) says why no token came.
        const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(-240));
        throw new Error(`no streamed token within 60 s; the page ends with: ${shown}`);
      }
      const seen = await page.evaluate(() => (window as unknown as { __visitorCold: { clickAt: number | null; tokenAt: number } }).__visitorCold);
      if (seen.clickAt === null) throw new Error('The click on Run was not seen');
      figures.firstToken = seen.tokenAt - seen.clickAt;
      // Let the run finish, so the next visit's run is the only one the backend works on.
      await page.getByText('gulls').first().waitFor({ timeout: 120_000 });
    }
    return figures;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Figures

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function printTable(pages: PageToVisit[], results: Map<string, Visit[]>, load: string): void {
  const rows: string[][] = [['page', 'figure (median)', 'before', 'after', 'after/before', 'visits']];
  const row = (label: string, figure: string, pick: (visit: Visit) => number | undefined, format: (value: number) => string) => {
    const values = (build: BuildName) => (results.get(`${label} ${build}`) ?? []).map(pick).filter((value): value is number => value !== undefined && value >= 0);
    const before = median(values('before'));
    const after = median(values('after'));
    const ratio = Number.isFinite(before) && Number.isFinite(after) && before > 0 ? `${(after / before).toFixed(2)}×` : '—';
    rows.push([label, figure, format(before), format(after), ratio, `${String(values('before').length)}/${String(values('after').length)}`]);
  };
  for (const target of pages) {
    row(target.label, 'JS KB gz', (visit) => visit.jsGz, (value) => (Number.isFinite(value) ? (value / 1024).toFixed(1) : '—'));
    row(target.label, 'LCP ms', (visit) => visit.lcp, (value) => (Number.isFinite(value) ? value.toFixed(0) : '—'));
    if (target.run) row(target.label, 'Run → first token ms', (visit) => visit.firstToken, (value) => (Number.isFinite(value) ? value.toFixed(0) : '—'));
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((cells) => cells[column]?.length ?? 0))) ?? [];
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(`\nCold signed-out visit, ${CPU_SLOWDOWN}× CPU slow-down, headless Debian Chromium, loopback, ${RUNS} rounds (medians; before = ${BEFORE_COMMIT}, after = this checkout)`);
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((width, column) => (column < 2 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const cells of rows.slice(1)) console.log(line(cells));
  console.log(`load during the run: ${load}`);
}

function uptime(): string {
  return execFileSync('uptime', { encoding: 'utf8' }).trim();
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  for (const url of [`${BACKEND}/health`, ...BUILDS.map((build) => `http://127.0.0.1:${String(build.port)}/`)]) {
    if (await answers(url)) throw new Error(`Something already answers at ${url}: this bench starts its own servers there`);
  }
  ensureBeforeBuild();
  ensureAfterBuild();

  const fake = await startFakeOpenAIServer({ models: ['fake-model'], apiKey: 'bench-key' });
  const started: ChildProcess[] = [];
  let browser: Browser | undefined;
  try {
    started.push(
      await startServer('backend (in memory, AI → fake provider)', `${BACKEND}/health`, ['--filter', '@appforge/backend', 'start'], {
        DATA_DIR: 'memory://',
        BACKEND_PORT: String(BACKEND_PORT),
        MAILBOX_PORT: String(MAILBOX_PORT),
        SITE_URL: `http://localhost:${String(BUILDS[1].port)}`,
        LOG_LEVEL: 'warn',
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: 'bench-key',
        AI_MODEL: 'fake-model',
        RUN_RATE_LIMIT_PER_MINUTE: '1000',
      }),
    );
    for (const build of BUILDS) {
      const port = String(build.port);
      started.push(
        await startServer(
          `vite preview (${build.name})`,
          `http://127.0.0.1:${port}/`,
          ['--filter', '@appforge/web', 'exec', 'vite', 'preview', '--port', port, '--strictPort', '--host', '127.0.0.1'],
          // The after build's preview server looks pages up in the backend (share tags, frame-ancestors).
          { VITE_SUPABASE_URL: BACKEND },
          build.dir,
        ),
      );
    }
    const { appId, bundleId } = await setUp(await anonKey());
    const deployedApp: PageToVisit = { label: 'deployed app', path: `/deployed-app/${appId}`, heading: APP_NAME, run: true };
    const pages: PageToVisit[] = [
      deployedApp,
      { label: 'landing page', path: `/landing-page/${appId}`, heading: APP_NAME, run: false },
      { label: 'bundle page', path: `/bundle/${bundleId}`, heading: BUNDLE_NAME, run: false },
    ];
    browser = await launchChromium();
    const results = new Map<string, Visit[]>();
    let marker = 0;
    const enqueueAnswer = () => {
      // One scripted answer per run; one left over by a failed visit serves the next run.
      if (fake.pending() > 0) return;
      const token = `FT${String((marker += 1))}x`;
      fake.enqueue({ text: [token, ...WORDS].join(' '), chunks: [token, ...WORDS.map((word) => ` ${word}`)], chunkDelayMs: CHUNK_DELAY_MS });
    };
    // Warm-up, not counted: the backend's first run and each preview server's first answers.
    for (const build of BUILDS) {
      const figures = await visit(browser, `http://localhost:${String(build.port)}`, deployedApp, enqueueAnswer);
      console.log(`warm-up ${build.name}: Run → first token ${figures.firstToken?.toFixed(0) ?? '—'} ms (not counted)`);
    }
    const loads: string[] = [uptime()];
    for (let round = 0; round < RUNS; round += 1) {
      const order = round % 2 === 0 ? BUILDS : [...BUILDS].reverse();
      for (const target of pages) {
        for (const build of order) {
          const key = `${target.label} ${build.name}`;
          try {
            const figures = await visit(browser, `http://localhost:${String(build.port)}`, target, enqueueAnswer);
            results.set(key, [...(results.get(key) ?? []), figures]);
            console.log(
              `round ${String(round + 1)} ${key.padEnd(19)} JS ${(figures.jsGz / 1024).toFixed(1).padStart(6)} KB gz in ${String(figures.scripts).padStart(2)} scripts` +
                `  LCP ${figures.lcp.toFixed(0).padStart(5)} ms (${figures.lcpElement})` +
                (figures.firstToken === undefined ? '' : `  Run → first token ${figures.firstToken.toFixed(0)} ms`),
            );
          } catch (error) {
            console.log(`round ${String(round + 1)} ${key}: no figures (${error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error)})`);
          }
        }
      }
      loads.push(uptime());
    }
    printTable(pages, results, `${loads[0] ?? ''} (start) … ${loads.at(-1) ?? ''} (end)`);
  } finally {
    await browser?.close();
    for (const child of started) stop(child);
    await fake.close();
  }
}

await main();
