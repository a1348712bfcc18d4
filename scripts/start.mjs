// `npm start`: installs what is missing, builds, and runs the whole product locally —
// the embedded backend (auth, data, storage, functions, dev inbox) and the web app.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { fail, root, run, step } from './lib/run.mjs';

const webPort = Number(process.env.WEB_PORT ?? 5173);
const backendPort = Number(process.env.BACKEND_PORT ?? 54321);
const mailboxPort = Number(process.env.MAILBOX_PORT ?? 54324);
const apiUrl = process.env.API_EXTERNAL_URL ?? `http://127.0.0.1:${backendPort}`;
const webUrl = `http://localhost:${webPort}`;
const inboxUrl = `http://127.0.0.1:${mailboxPort}`;

const pnpm = await bootstrap();
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  SITE_URL: process.env.SITE_URL ?? webUrl,
  DATA_DIR: process.env.DATA_DIR ?? join(root, '.appforge', 'data'),
};

step('Building the backend');
if ((await run(pnpm, ['turbo', 'run', 'build', '--filter=@appforge/backend', '--output-logs=errors-only'], { env })) !== 0) {
  fail('The backend did not build.');
}

// The web app is built against this backend: its URL and the anon key derived from the JWT secret.
const backend = await import(pathToFileURL(join(root, 'apps/backend/dist/index.js')).href);
let config;
try {
  config = backend.loadConfig(env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const keys = await backend.createJwtService(config.jwtSecret, `${apiUrl}/auth/v1`);

step('Building the web app');
const webEnv = {
  ...env,
  VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? apiUrl,
  VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? keys.anonKey,
  VITE_INBOX_URL: process.env.VITE_INBOX_URL ?? inboxUrl,
};
if ((await run(pnpm, ['turbo', 'run', 'build', '--filter=@appforge/web', '--output-logs=errors-only'], { env: webEnv })) !== 0) {
  fail('The web app did not build.');
}

step('Starting');
const children = [
  spawn(process.execPath, [join(root, 'apps/backend/dist/main.js')], { cwd: root, env, stdio: 'inherit' }),
  spawn(
    pnpm,
    ['--filter', '@appforge/web', 'exec', 'vite', 'preview', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'],
    { cwd: root, env: webEnv, stdio: ['ignore', 'ignore', 'inherit'] },
  ),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`\n✖ a process stopped (exit ${code}); shutting down.`);
      stop(code ?? 1);
    }
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, timeoutMs = 60_000) {
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

const [backendUp, webUp] = await Promise.all([waitFor(`${apiUrl}/health`), waitFor(webUrl)]);
if (!backendUp || !webUp) {
  console.error(`\n✖ ${backendUp ? 'The web app' : 'The backend'} did not become ready.`);
  stop(1);
} else {
  console.log(`
  Appforge is running.

    Web app        ${webUrl}
    API            ${apiUrl}   (auth, rest, storage, functions, realtime under /auth/v1 /rest/v1 /storage/v1 /functions/v1 /realtime/v1; /ready)
    Dev inbox      ${inboxUrl}   (every e-mail the product sends, e.g. sign-in codes)
    Anon key       ${keys.anonKey}
    Service key    ${keys.serviceRoleKey}
    Data           ${env.DATA_DIR}

  Custom domains can be tried at http://<anything>.localhost:${webPort}. Press Ctrl+C to stop.
`);
}
