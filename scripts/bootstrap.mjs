// Installs what the repository needs on a fresh machine that has only Node 20+ and the registries:
// pnpm (pinned), the workspace's dependencies from the lockfile, and — for the test suite — Debian's
// Chromium and PostgreSQL 15 when missing and we are root.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { capture, fail, root, run, step } from './lib/run.mjs';

const PNPM_VERSION = '10.34.9';
const localPnpm = join(root, '.tools', 'node_modules', '.bin', 'pnpm');

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Node ${process.versions.node} is too old: Appforge needs Node 20.19 or newer.`);
  }
}

/** The pnpm to use: a global pnpm 10, else a copy pinned under .tools/ (installed through npm). */
export async function ensurePnpm() {
  const globalVersion = capture('pnpm', ['--version']);
  if (globalVersion?.startsWith('10.')) return 'pnpm';
  // Turbo and package scripts look pnpm up on PATH, so the pinned copy goes first there.
  process.env.PATH = `${dirname(localPnpm)}${delimiter}${process.env.PATH ?? ''}`;
  if (capture(localPnpm, ['--version']) === PNPM_VERSION) return localPnpm;
  step(`Installing pnpm ${PNPM_VERSION} into .tools/`);
  // Corepack cannot verify signatures against this registry, so pnpm comes through npm instead.
  const code = await run('npm', [
    'install', '--prefix', join(root, '.tools'), '--no-audit', '--no-fund', '--no-save',
    '--loglevel=error', `pnpm@${PNPM_VERSION}`,
  ]);
  if (code !== 0 || capture(localPnpm, ['--version']) !== PNPM_VERSION) fail('Could not install pnpm.');
  return localPnpm;
}

/** pnpm keeps a copy of the lockfile it last installed; the same file means nothing to install. */
function dependenciesUpToDate() {
  try {
    return readFileSync(join(root, 'node_modules', '.pnpm', 'lock.yaml'), 'utf8') === readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
  } catch {
    return false;
  }
}

export async function installDependencies(pnpm) {
  // A warm `npm start` should not pay pnpm's own start-up and checks (seconds) for nothing.
  if (!process.env.CI && dependenciesUpToDate()) {
    console.log('Dependencies are up to date (pnpm-lock.yaml is what is installed).');
    return;
  }
  step('Installing dependencies (pnpm install --frozen-lockfile)');
  const started = Date.now();
  const code = await run(pnpm, ['install', '--frozen-lockfile', '--prefer-offline'], {
    env: { ...process.env, CI: process.env.CI ?? 'true' },
  });
  if (code !== 0) fail('pnpm install failed.');
  console.log(`  dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let aptUpdated = false;
/** How long to wait for Debian's package lock when another program holds it (APT_LOCK_TIMEOUT, seconds). */
const aptLockTimeoutS = Number(process.env.APT_LOCK_TIMEOUT ?? 600);

/** Runs apt-get, echoing its output; resolves to its exit code and whether it failed on the lock. */
function aptGet(args, env) {
  return new Promise((resolve) => {
    const child = spawn('apt-get', ['-o', `DPkg::Lock::Timeout=${aptLockTimeoutS}`, ...args], { env, cwd: root });
    let output = '';
    const forward = (stream, target) => stream.on('data', (chunk) => {
      output += chunk;
      target.write(chunk);
    });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (error) => resolve({ code: 127, locked: false, message: error.message }));
    child.on('exit', (code) => resolve({ code: code ?? 1, locked: /Could not get lock|Unable to lock/i.test(output) }));
  });
}

/**
 * apt-get that waits while another program (an unattended upgrade, another install) holds
 * Debian's package lock, up to APT_LOCK_TIMEOUT seconds, saying so, instead of failing at once.
 */
async function aptGetWaitingForLock(args, env) {
  const deadline = Date.now() + aptLockTimeoutS * 1000;
  for (;;) {
    const result = await aptGet(args, env);
    if (result.code === 0 || !result.locked) return result.code;
    if (Date.now() >= deadline) {
      console.error(`  Debian's package lock was still held by another program after ${aptLockTimeoutS} s (set APT_LOCK_TIMEOUT to wait longer).`);
      return result.code;
    }
    console.log('  Another program holds Debian\'s package lock; waiting for it (checking every 5 s)…');
    await new Promise((done) => setTimeout(done, 5000));
  }
}

async function aptInstall(packages, why) {
  if (!isRoot) {
    fail(`${why} is missing. Install it with: sudo apt-get install -y ${packages.join(' ')}`);
  }
  step(`Installing ${packages.join(' ')} from Debian (${why})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    if ((await aptGetWaitingForLock(['update', '-qq'], env)) !== 0) fail('apt-get update failed.');
    aptUpdated = true;
  }
  const code = await aptGetWaitingForLock(['install', '-y', '-qq', '--no-install-recommends', ...packages], env);
  if (code !== 0) fail(`apt-get install ${packages.join(' ')} failed.`);
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const caddyPath = process.env.CADDY_PATH ?? '/usr/bin/caddy';

/** Chromium for the end-to-end tests, PostgreSQL 15 for the backend's real-server tests. */
export async function ensureTestSystemPackages() {
  if (!existsSync(chromiumPath)) await aptInstall(['chromium'], 'Chromium for the end-to-end tests');
  if (!existsSync(join(pgBin, 'initdb'))) {
    await aptInstall(['postgresql-15'], 'PostgreSQL 15 for the backend tests');
  }
  // Debian's Caddy on loopback: the custom-domain on-demand TLS test (issue 18) and the scale-out
  // test balancing two backend processes (issue 12).
  if (!existsSync(caddyPath)) await aptInstall(['caddy'], 'Caddy for the custom-domain TLS and scale-out tests');
  // PostGIS 3 for PostgreSQL 15: the REST GeoJSON test (issue 20) creates the extension.
  if (!existsSync('/usr/share/postgresql/15/extension/postgis.control')) {
    await aptInstall(['postgresql-15-postgis-3'], 'PostGIS for the REST GeoJSON test');
  }
}

export async function bootstrap({ forTests = false } = {}) {
  checkNode();
  const pnpm = await ensurePnpm();
  await installDependencies(pnpm);
  if (forTests) await ensureTestSystemPackages();
  return pnpm;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bootstrap({ forTests: process.argv.includes('--tests') });
}
