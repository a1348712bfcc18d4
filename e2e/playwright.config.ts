import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { PlaywrightTestConfig } from '@playwright/test';
import { FAKE_MODEL_API_KEY, FAKE_MODEL_BASE_URL, FAKE_MODEL_ID, FAKE_MODEL_URL } from './servers/fake-model-protocol';

// Playwright drives the system's Debian Chromium (no browser download: the machine is offline).
// `turbo run e2e` builds every dependency first (apps/web with apps/web/.env.production, the
// backend); this file only starts the built servers.
const ROOT = path.resolve(import.meta.dirname, '..');
const CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const localPnpm = path.join(ROOT, '.tools/node_modules/.bin/pnpm');
const pnpm = existsSync(localPnpm) ? localPnpm : 'pnpm';

const WEB_PORT = 4173;
// One temporary data folder per run, made in the main process; workers inherit the variable.
process.env.APPFORGE_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'appforge-e2e-'));
const DATA_DIR = process.env.APPFORGE_E2E_DATA_DIR;
// Your APIs (#15): the fake outside API listens on a port the OS picks (once, in the main process;
// workers inherit it). The open backend may call it: loopback is opened by the test-only
// OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS (its configuration refuses it in production) and the port is
// added to OUTBOUND_PORTS; private, link-local and metadata addresses stay refused.
process.env.FAKE_API_PORT ??= execFileSync(
  process.execPath,
  ['-e', "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
  { encoding: 'utf8' },
).trim();
const FAKE_API_PORT = process.env.FAKE_API_PORT;
const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  throw new Error(
    'apps/web/dist is missing: build first with `pnpm turbo run e2e --filter @appforge/e2e` (builds dependencies) ' +
      'or `pnpm --filter @appforge/web build`.',
  );
}

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

const servers: WebServer[] = [
  {
    name: 'web',
    command: `${pnpm} --filter @appforge/web exec vite preview --port ${WEB_PORT} --strictPort --host 127.0.0.1`,
    cwd: ROOT,
    url: WEB_URL,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  // The embedded backend (apps/backend, built by turbo's ^build) with the invite policy off
  // (ACCESS_POLICY=open), its dev inbox on 54324, and a fresh data folder per run.
  {
    name: 'backend',
    command: `${pnpm} --filter @appforge/backend start`,
    cwd: ROOT,
    url: 'http://127.0.0.1:54321/health',
    env: {
      BACKEND_PORT: '54321',
      MAILBOX_PORT: '54324',
      DATA_DIR: DATA_DIR,
      SITE_URL: 'http://localhost:4173',
      LOG_LEVEL: 'warn',
      OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      OUTBOUND_PORTS: `80,443,8080,8443,${FAKE_API_PORT}`,
      // Issue 19: people signing in with an address at this domain are teachers (teacher.spec.ts).
      TEACHER_EMAIL_DOMAINS: 'teachers.example',
      // Issue 19: the offline model paced like a real stream (3 words every 40 ms), so the teacher's
      // live view has words to show while a class run is still being written (teacher.spec.ts).
      OFFLINE_MODEL_CHUNK_DELAY_MS: '40',
    },
    reuseExistingServer: !CI,
    // PGlite's first start (initdb + migrations) takes a while on a busy machine.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  // A second instance with ACCESS_POLICY=invite, for the access-denied test: the built web app
  // only knows 54321, so that test re-routes its browser's backend calls here (page.route).
  // Invite-only is a start-up setting of the backend, so a second process is the honest way.
  {
    name: 'backend-invite',
    command: `${pnpm} --filter @appforge/backend start`,
    cwd: ROOT,
    url: 'http://127.0.0.1:54331/health',
    env: {
      BACKEND_PORT: '54331',
      MAILBOX_PORT: '54334',
      DATA_DIR: 'memory://',
      SITE_URL: 'http://localhost:4173',
      ACCESS_POLICY: 'invite',
      ACCESS_ALLOW_LIST: '@invited.example',
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: !CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  // A protocol-true fake OpenAI-compatible model server on loopback (servers/fake-model.ts), which
  // the creator test scripts through its control API…
  {
    name: 'fake-model',
    command: `${pnpm} --filter @appforge/e2e fake-model`,
    cwd: ROOT,
    url: `${FAKE_MODEL_URL}/health`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  // …and a third backend whose model calls go to it (AI_BASE_URL), with the open policy and an
  // in-memory database. The creator test re-routes its browsers' backend calls here (page.route),
  // so every model call of its flow reaches the fake; the other tests keep the offline model.
  {
    name: 'backend-ai',
    command: `${pnpm} --filter @appforge/backend start`,
    cwd: ROOT,
    url: 'http://127.0.0.1:54341/health',
    env: {
      BACKEND_PORT: '54341',
      MAILBOX_PORT: '54344',
      DATA_DIR: 'memory://',
      SITE_URL: 'http://localhost:4173',
      ACCESS_POLICY: 'open',
      AI_BASE_URL: FAKE_MODEL_BASE_URL,
      AI_API_KEY: FAKE_MODEL_API_KEY,
      AI_MODEL: FAKE_MODEL_ID,
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: !CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  // The fake outside API the "Your APIs" test imports and calls (servers/fake-weather-api.ts).
  {
    name: 'fake-api',
    command: `${pnpm} --filter @appforge/e2e fake-api`,
    cwd: ROOT,
    url: `http://127.0.0.1:${FAKE_API_PORT}/health`,
    env: { FAKE_API_PORT },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
];

export default defineConfig({
  testDir: './tests',
  // Failure screenshots and traces land here (CI keeps test-results/ as an artifact).
  outputDir: 'test-results/',
  fullyParallel: false,
  forbidOnly: CI,
  retries: 0,
  ...(CI ? { workers: 1 } : {}),
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: WEB_URL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: servers,
});
