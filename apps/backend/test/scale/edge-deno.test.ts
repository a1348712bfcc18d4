// The Edge Functions under real Deno (the `deno` npm package): every supabase/functions/*/index.ts
// passes `deno check`, then runs as Supabase runs it (Deno.serve, its address from
// DENO_SERVE_ADDRESS) behind a gateway that verifies the JWT as Supabase's does (verify_jwt), with
// the embedded backend on PostgreSQL as the project's auth, REST and database (SUPABASE_DB_URL).
// One table of cases runs through unchanged supabase-js `functions.invoke` against the Node host
// and against Deno, and both must answer alike.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FunctionRegistry } from '@appforge/functions';
import { getRequestListener } from '@hono/node-server';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { defaultConfigPath } from '../../src/functions/config.js';
import { nodeWebSocket } from '../../src/http/ws-transport.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { freePort } from '../postgres-server.js';

const functionsDir = join(defaultConfigPath(), '..', 'functions');
const names = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort();
const deno = join(dirname(createRequire(import.meta.url).resolve('deno/package.json')), 'bin.cjs');
// Kept between runs: npm packages Deno fetched once (from the npm registry, the only one used).
// Of this process's environment only how to reach the npm registry is passed on (a proxy, the
// machine's certificate authorities); the functions see nothing else but their secrets.
const NETWORK = ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'DENO_CERT', 'NODE_EXTRA_CA_CERTS'];
// eslint-disable-next-line no-restricted-syntax -- the machine's network settings, not app configuration
const machine = process.env;
const network = Object.fromEntries(NETWORK.flatMap((name) => (machine[name] ? [[name, machine[name]]] : [])));
const denoEnv = {
  ...network,
  // Deno trusts the system's store plus the extra authority Node is given, as Node does.
  ...(machine.NODE_EXTRA_CA_CERTS && !machine.DENO_CERT ? { DENO_CERT: machine.NODE_EXTRA_CA_CERTS } : {}),
  DENO_DIR: join(dirname(deno), '..', '.cache', 'deno'),
  NO_COLOR: '1',
  DENO_NO_UPDATE_CHECK: '1',
};
const RUN_LIMIT = 3;

interface CheckResult {
  status: number | null;
  stderr: string;
}

type DenoLock = Record<string, unknown> & { workspace?: { dependencies?: string[] } };

/** The union of the functions' lock files (version 5: specifiers, npm and the workspace's list). */
function mergedLock(group: readonly string[]): DenoLock {
  const merged: DenoLock = {};
  const dependencies = new Set<string>();
  for (const name of group) {
    const lockPath = join(functionsDir, name, 'deno.lock');
    if (!existsSync(lockPath)) continue;
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as DenoLock;
    for (const [key, value] of Object.entries(lock)) {
      if (key === 'workspace') continue;
      merged[key] = value !== null && typeof value === 'object' ? { ...(merged[key] as object | undefined), ...value } : value;
    }
    for (const dependency of lock.workspace?.dependencies ?? []) dependencies.add(dependency);
  }
  merged.workspace = { dependencies: [...dependencies].sort() };
  return merged;
}

/** One `deno check` over every function that shares a deno.json, run on first use. */
const checks = new Map<string, Promise<CheckResult>>();
function checkGroupOf(name: string): Promise<CheckResult> {
  const config = readFileSync(join(functionsDir, name, 'deno.json'), 'utf8');
  let check = checks.get(config);
  if (!check) {
    // Checked as one program: the shared code (engine, models, supabase-js, zod) is loaded and
    // type-checked once instead of once per function (25 processes took ~400 s on two busy cores).
    const group = names.filter((other) => readFileSync(join(functionsDir, other, 'deno.json'), 'utf8') === config);
    const configPath = join(functionsDir, name, 'deno.json');
    const roots = group.map((other) => join(other, 'index.ts'));
    // Each function's deno.lock still pins what it resolves: the check reads their union from a
    // copy (the locks agree on every shared entry) and leaves the files in the repository alone.
    const lock = join(mkdtempSync(join(tmpdir(), 'appforge-deno-lock-')), 'deno.lock');
    writeFileSync(lock, JSON.stringify(mergedLock(group)));
    check = new Promise((resolve) => {
      const child = spawn(process.execPath, [deno, 'check', '--config', configPath, `--lock=${lock}`, ...roots], {
        cwd: functionsDir,
        env: denoEnv,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 240_000,
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stderr }));
    });
    checks.set(config, check);
  }
  return check;
}

describe('deno check', () => {
  it.each(names)('type-checks supabase/functions/%s/index.ts', async (name) => {
    const result = await checkGroupOf(name);
    // Deno reports type errors as "TS… [ERROR]" and "error: …" with the file they are in; its
    // "Download <url>" lines are progress (a package such as es-errors must not read as a failure
    // on a cold cache). The check covers this function with the others that share its deno.json.
    const problems = result.stderr.split('\n').filter((line) => !/^\s*Download\s/.test(line) && /\berror\b/i.test(line));
    expect(problems.length > 0 ? result.stderr : '').toBe('');
    expect(result.status).toBe(0);
  }, 250_000);
});

type Caller = 'anon' | 'user' | 'service';
interface Case {
  title: string;
  name: string;
  caller: Caller;
  body?: Record<string, unknown>;
  method?: 'GET' | 'POST';
  /** Extra request headers (the visitor's address as the trusted proxy reports it). */
  headers?: Record<string, string>;
  status: number;
}

/** What both hosts must answer alike (a user's own values are replaced before comparing). */
const CASES: readonly Case[] = [
  { title: 'add-user refuses the anon key', name: 'add-user', caller: 'anon', status: 401 },
  { title: 'add-user creates the signed-in user’s row', name: 'add-user', caller: 'user', body: {}, status: 200 },
  { title: 'add-user refuses a malformed body', name: 'add-user', caller: 'user', body: { referral_app_id: 'not-a-uuid' }, status: 400 },
  { title: 'get-user-school-info answers a user without a school', name: 'get-user-school-info', caller: 'user', status: 200 },
  { title: 'deploy-app refuses a bad body', name: 'deploy-app', caller: 'user', body: { app_id: 42 }, status: 400 },
  { title: 'deploy-app answers 404 for an unknown app', name: 'deploy-app', caller: 'user', body: { app_id: randomUUID(), version_id: randomUUID() }, status: 404 },
  { title: 'delete-account refuses the anon key', name: 'delete-account', caller: 'anon', status: 401 },
  { title: 'create-app-from-description refuses an empty description', name: 'create-app-from-description', caller: 'user', body: { description: '' }, status: 400 },
  { title: 'generate-app-version refuses a bad body', name: 'generate-app-version', caller: 'user', body: {}, status: 400 },
  { title: 'run-app answers 404 for an unknown app', name: 'run-app', caller: 'anon', body: { app_id: randomUUID(), visitor_session: randomUUID() }, status: 404 },
  { title: 'run-app refuses a bad body', name: 'run-app', caller: 'anon', body: { app_id: 'x' }, status: 400 },
  { title: 'api serves its OpenAPI document without a key', name: 'api/v1/openapi.json', caller: 'anon', method: 'GET', status: 200 },
  { title: 'domain-allowed refuses an unknown host', name: 'domain-allowed?domain=unknown-host.example.org', caller: 'anon', method: 'GET', status: 404 },
  { title: 'frame-ancestors lets nobody frame an unknown app', name: `frame-ancestors?app_id=${randomUUID()}`, caller: 'anon', method: 'GET', status: 404 },
  { title: 'share-page answers 404 for a path that is no shared page', name: 'share-page?path=/settings', caller: 'anon', method: 'GET', status: 404 },
];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '');
    });
  });
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`deno exited (${child.exitCode}): ${log()}`);
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`deno did not listen at ${url}: ${log()}`);
}

describe('the Edge Functions under Deno answer as the Node host does', () => {
  let backend: TestBackend;
  let gateway: Server;
  let gatewayUrl: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    backend = await startTestBackend({ database: 'postgres', env: { RUN_RATE_LIMIT_PER_MINUTE: String(RUN_LIMIT) } });
    const databaseUrl = backend.config.databaseUrl;
    if (!databaseUrl) throw new Error('the backend runs on PostgreSQL here');
    const urls = new Map<string, string>();
    await Promise.all(
      names.map(async (name) => {
        const port = await freePort();
        let output = '';
        const child = spawn(process.execPath, [deno, 'run', '--allow-all', '--config', 'deno.json', 'index.ts'], {
          cwd: join(functionsDir, name),
          env: {
            ...denoEnv,
            DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
            SUPABASE_URL: backend.url,
            SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
            SUPABASE_DB_URL: databaseUrl,
            RUN_RATE_LIMIT_PER_MINUTE: String(RUN_LIMIT),
            // The gateway on loopback stands for the platform's proxy, as the Node host's harness does.
            TRUSTED_PROXIES: '127.0.0.1,::1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const url = `http://127.0.0.1:${port}`;
        await waitFor(url, child, () => output);
        urls.set(name, url);
      }),
    );
    // The gateway: the same auth, REST and JWT checks, with each function relayed to its Deno server.
    const relay: FunctionRegistry = Object.fromEntries(
      names.map((name) => [
        name,
        async (req: Request) => {
          const { pathname, search } = new URL(req.url);
          const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
          const answer = await fetch(`${urls.get(name)}${pathname}${search}`, { method: req.method, headers: req.headers, ...(body ? { body } : {}) });
          // Re-made in this realm: @hono/node-server puts its own Response class on globalThis.
          return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
        },
      ]),
    );
    const app = createApp(backend.deps, { functions: relay, selfUrl: () => backend.url });
    const listener = getRequestListener(app.fetch);
    gateway = createServer((incoming, outgoing) => void listener(incoming, outgoing));
    gatewayUrl = await listen(gateway);
  }, 300_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
    await backend?.stop();
  });

  const clientFor = async (url: string, caller: Caller) => {
    let token: string | undefined;
    let replace: [string, string][] = [];
    if (caller === 'service') token = backend.serviceRoleKey;
    if (caller === 'user') {
      const id = randomUUID();
      const email = `${id}@example.org`;
      await backend.db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
      token = await backend.deps.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated', email }, 3600);
      replace = [[id, '<user id>'], [email, '<user email>']];
    }
    const client = createClient(url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: nodeWebSocket },
      ...(token ? { global: { headers: { authorization: `Bearer ${token}` } } } : {}),
    });
    return { client, replace };
  };

  async function invoke(url: string, test: Case): Promise<{ status: number; body: unknown }> {
    const { client, replace } = await clientFor(url, test.caller);
    const { data, error } = await client.functions.invoke(test.name, {
      method: test.method ?? 'POST',
      ...(test.body ? { body: test.body } : {}),
      ...(test.headers ? { headers: test.headers } : {}),
    });
    let status = 200;
    let body: unknown = data;
    if (error) {
      if (!(error instanceof FunctionsHttpError)) throw error;
      const response = error.context as Response;
      status = response.status;
      body = await response.json();
    }
    let text = JSON.stringify(body);
    for (const [value, placeholder] of replace) text = text.split(value).join(placeholder);
    // Times differ between two calls; their presence and shape are compared.
    text = text.replace(/"\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)"/g, '"<time>"');
    // So do the hosts' own origins (the OpenAPI document names the URL it was fetched from).
    text = text.replace(/http:\/\/127\.0\.0\.1:\d+/g, '<origin>');
    return { status, body: JSON.parse(text) };
  }

  it.each(CASES)('$title', async (test) => {
    const node = await invoke(backend.url, test);
    const edge = await invoke(gatewayUrl, test);
    expect(node.status).toBe(test.status);
    expect(edge).toEqual(node);
  });

  it('shares one run limit between the Node host and the Deno isolates (counters in PostgreSQL)', async () => {
    const session = randomUUID();
    // One visitor (issue 26: limited by their address, which both hosts read from the trusted proxy).
    const visitor = { 'x-forwarded-for': '198.18.200.7' };
    const statuses: number[] = [];
    for (let index = 0; index < RUN_LIMIT + 2; index += 1) {
      const { status } = await invoke(index % 2 === 0 ? backend.url : gatewayUrl, {
        title: 'run',
        name: 'run-app',
        caller: 'anon',
        body: { app_id: randomUUID(), visitor_session: session },
        headers: visitor,
        status: 0,
      });
      statuses.push(status);
    }
    expect(statuses).toEqual([...Array<number>(RUN_LIMIT).fill(404), 429, 429]);
  });

  it('refuses a call without a valid JWT at the gateway, before Deno runs anything', async () => {
    const answer = await fetch(`${gatewayUrl}/functions/v1/run-app`, { method: 'POST', headers: { authorization: 'Bearer forged' } });
    expect(answer.status).toBe(401);
  });
});
