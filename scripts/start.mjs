// `npm start`: installs what is missing and runs the whole product locally — the embedded
// backend (auth, data, storage, functions, dev inbox) and the web app.
//
//   npm start              from the sources: the backend through tsx, the web app from Vite's dev
//                          server (hot reload); nothing is built first, so a fresh clone is up in
//                          about a minute after the dependencies are installed
//   npm start -- --prod    the production build (backend dist/ and the bundled web app on
//                          `vite preview`), as the end-to-end tests and a deployment run it;
//                          APPFORGE_START=prod does the same
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap } from './bootstrap.mjs';
import { fail, root, run } from './lib/run.mjs';

const started = Date.now();
const production = process.argv.includes('--prod') || process.env.APPFORGE_START === 'prod';
const webPort = Number(process.env.WEB_PORT ?? 5173);
const backendPort = Number(process.env.BACKEND_PORT ?? 54321);
const mailboxPort = Number(process.env.MAILBOX_PORT ?? 54324);
const apiUrl = process.env.API_EXTERNAL_URL ?? `http://127.0.0.1:${backendPort}`;
const webUrl = `http://localhost:${webPort}`;
const inboxUrl = `http://127.0.0.1:${mailboxPort}`;
const interactive = process.stdout.isTTY === true;

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/**
 * Shows what is being done and for how long: on a terminal one line that counts up every second,
 * elsewhere (CI, a log file) a line when the step starts and one when it ends.
 */
async function phase(title, work) {
  const since = Date.now();
  let timer;
  if (interactive) {
    const draw = () => process.stdout.write(`\r\x1b[2K▶ ${title} … ${seconds(since)}`);
    draw();
    timer = setInterval(draw, 1000);
  } else {
    console.log(`▶ ${title} …`);
  }
  try {
    const result = await work();
    if (timer) clearInterval(timer);
    process.stdout.write(`${interactive ? '\r\x1b[2K' : ''}✔ ${title} (${seconds(since)})\n`);
    return result;
  } catch (error) {
    if (timer) clearInterval(timer);
    if (interactive) process.stdout.write('\n');
    throw error;
  }
}

console.log(`Starting Appforge (${production ? 'production build' : 'from the sources, with hot reload; --prod for the production build'})`);
const pnpm = await bootstrap();
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  SITE_URL: process.env.SITE_URL ?? webUrl,
  DATA_DIR: process.env.DATA_DIR ?? join(root, '.appforge', 'data'),
  // One JSON line per migration and per request drowns the progress lines: warnings and errors
  // only, unless the developer asks for more (LOG_LEVEL=info npm start).
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const fromSource = ['--conditions=@appforge/source', '--import', 'tsx'];
const backendDir = join(root, 'apps/backend');
const webDir = join(root, 'apps/web');

async function turboBuild(filter, buildEnv) {
  const code = await run(pnpm, ['turbo', 'run', 'build', `--filter=${filter}`, '--output-logs=errors-only'], { env: buildEnv });
  if (code !== 0) fail(`${filter} did not build.`);
}

/**
 * The workspace packages the backend is built from (itself and its `workspace:` dependencies,
 * followed through), so a build can be checked against the sources it came from.
 */
function backendClosure() {
  const dirs = new Map([['@appforge/backend', backendDir]]);
  const byName = new Map();
  for (const group of ['apps', 'packages', 'packages/features']) {
    for (const entry of existsSync(join(root, group)) ? readdirSync(join(root, group)) : []) {
      const manifest = join(root, group, entry, 'package.json');
      if (existsSync(manifest)) byName.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join(root, group, entry));
    }
  }
  const queue = [backendDir];
  while (queue.length > 0) {
    const manifest = JSON.parse(readFileSync(join(queue.pop(), 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (!String(range).startsWith('workspace:') || dirs.has(name) || !byName.has(name)) continue;
      dirs.set(name, byName.get(name));
      queue.push(byName.get(name));
    }
  }
  return [...dirs.values()];
}

/** The newest modification time of the files under `dir` (0 when there are none). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * True when every package the backend is made of has a build newer than its sources, so
 * `npm start` can run the built backend (a few seconds faster than compiling it on the fly with
 * tsx). Any edit, pull or checkout makes a source newer and the sources are run instead.
 */
function backendBuildIsFresh() {
  if (process.env.APPFORGE_BACKEND_FROM === 'source') return false;
  if (!['main.js', 'keys-cli.js'].every((name) => existsSync(join(backendDir, 'dist', name)))) return false;
  for (const dir of backendClosure()) {
    const dist = join(dir, 'dist');
    if (!existsSync(dist)) return false;
    const built = readdirSync(dist)
      .filter((name) => name.endsWith('.js'))
      .map((name) => statSync(join(dist, name)).mtimeMs);
    if (built.length === 0) return false;
    const sources = Math.max(
      newest(join(dir, 'src')),
      ...['package.json', 'tsup.config.ts', 'tsconfig.json'].map((name) => (existsSync(join(dir, name)) ? statSync(join(dir, name)).mtimeMs : 0)),
    );
    if (sources > Math.min(...built)) return false;
  }
  return true;
}

if (production) await phase('Building the backend', () => turboBuild('@appforge/backend', env));
const backendBuilt = production || backendBuildIsFresh();

/** The anon and service keys of this environment: the web app is served against them. */
async function backendKeys() {
  // keys-cli reads only the configuration (not the functions, not the database): it is quick.
  const args = backendBuilt ? [join(backendDir, 'dist/keys-cli.js'), apiUrl] : [...fromSource, 'src/keys-cli.ts', apiUrl];
  const result = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: backendDir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ status: 1, stdout, stderr: error.message }));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
  if (result.status !== 0) fail(result.stderr.trim() || 'Could not read the backend configuration.');
  return JSON.parse(result.stdout);
}

const children = [];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
/** Starts a process that runs as long as Appforge does: when one stops, everything stops. */
function supervise(args, options) {
  const child = spawn(process.execPath, args, options);
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`\n✖ a process stopped (exit ${code}); shutting down.`);
      stop(code ?? 1);
    }
  });
  return child;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

// The backend starts first: it takes longest, and the keys and the web app are prepared meanwhile.
supervise(backendBuilt ? [join(backendDir, 'dist/main.js')] : [...fromSource, 'src/main.ts'], {
  cwd: backendBuilt ? root : backendDir,
  env,
  stdio: 'inherit',
});
const keys = await backendKeys();
const webEnv = {
  ...env,
  VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? apiUrl,
  VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? keys.anonKey,
  VITE_INBOX_URL: process.env.VITE_INBOX_URL ?? inboxUrl,
};
if (production) await phase('Building the web app', () => turboBuild('@appforge/web', webEnv));

// Vite is run by node directly (not through `pnpm exec`), so stopping this script stops it too.
const vite = join(webDir, 'node_modules/vite/bin/vite.js');
// From the sources, vite.config.ts is loaded by Node itself through tsx with the source condition:
// its plugins (the share-page tags, issue 28) import workspace packages that are not built yet.
const webArgs = production
  ? [vite, 'preview', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1']
  : [...fromSource, vite, '--configLoader', 'native', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'];
supervise(webArgs, { cwd: webDir, env: webEnv, stdio: ['ignore', 'ignore', 'inherit'] });

async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const upAfter = {};
const ready = await phase('Starting the backend and the web app', async () => {
  const since = Date.now();
  const timed = (name, promise) => promise.then((up) => ((upAfter[name] = seconds(since)), up));
  const [backendUp, webUp] = await Promise.all([
    timed('backend', waitFor(`${apiUrl}/health`)),
    // From the sources, the first page is ready once Vite has prepared the entry module.
    timed('web app', waitFor(production ? webUrl : `${webUrl}/src/main.tsx`)),
  ]);
  return { backendUp, webUp };
});
console.log(`  (backend ready after ${upAfter.backend}, web app after ${upAfter['web app']})`);
if (!ready.backendUp || !ready.webUp) {
  console.error(`\n✖ ${ready.backendUp ? 'The web app' : 'The backend'} did not become ready.`);
  stop(1);
} else {
  console.log(`
  Appforge is running (ready in ${seconds(started)}${production ? ', production build' : `, the web app from the sources, the backend from ${backendBuilt ? 'its build' : 'the sources'}`}).

    Web app        ${webUrl}
    API            ${apiUrl}   (auth, rest, storage, functions, realtime under /auth/v1 /rest/v1 /storage/v1 /functions/v1 /realtime/v1; /ready)
    Dev inbox      ${inboxUrl}   (every e-mail the product sends, e.g. sign-in codes)
    Anon key       ${keys.anonKey}
    Service key    ${keys.serviceRoleKey}
    Data           ${env.DATA_DIR}

  Custom domains can be tried at http://<anything>.localhost:${webPort}.
  The backend logs warnings and errors here; LOG_LEVEL=info npm start shows every request.
  Press Ctrl+C to stop.
`);
}

// A backend run from the sources starts a few seconds slower than a built one: build it now, at
// the lowest priority, so the next `npm start` is quicker. Nothing here waits for it.
if (ready.backendUp && ready.webUp && !backendBuilt && process.env.APPFORGE_BACKEND_FROM !== 'source') {
  console.log('  (Building the backend in the background at low priority, so the next start is quicker.)\n');
  const build = spawn('nice', ['-n', '19', pnpm, 'turbo', 'run', 'build', '--filter=@appforge/backend', '--output-logs=none'], {
    cwd: root,
    env,
    stdio: 'ignore',
    detached: true,
  });
  build.on('error', () => undefined);
  // Stopped with everything else: its whole process group (pnpm, turbo, tsup).
  const stopBuild = () => {
    try {
      process.kill(-build.pid, 'SIGTERM');
    } catch {
      // already done
    }
  };
  build.unref();
  process.on('exit', stopBuild);
  build.on('exit', () => process.off('exit', stopBuild));
}
