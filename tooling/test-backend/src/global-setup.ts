// Vitest globalSetup of the feature packages: hosts real embedded backends for the run's test
// files. The files run under jsdom, where the backend cannot live (its JWT library rejects
// jsdom's typed arrays), so they ask this Node process for a backend over loopback HTTP
// (POST /backends) and talk to it like a browser tab would.
//
// Every backend starts from one migrated PGlite snapshot: migrating takes seconds, restoring a
// snapshot a fraction of that. The snapshot is kept on disk, keyed by the migrations' content, so
// the feature packages of one `npm test` migrate once between them, not once each.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyMigrations,
  createBackend,
  loadConfig,
  openPglite,
  platformMigrationsDir,
  projectMigrationsDir,
} from '@appforge/backend';
import type { Backend } from '@appforge/backend';
import type { TestProject } from 'vitest/node';

/** What a test file receives for its backend (see ./backend.ts). */
export interface BackendAddress {
  id: string;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  mailboxUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    appforgeBackendFactory: string;
  }
}

const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache', 'snapshots');

function migrationFiles(): string[] {
  return [platformMigrationsDir(), projectMigrationsDir()].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => join(dir, name)),
  );
}

/** The migrated, empty database as a PGlite data-dir dump, from the disk cache when it is current. */
async function migratedSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(file));
  const path = join(cacheDir, `${hash.digest('hex').slice(0, 24)}.tar`);
  try {
    if (statSync(path).size > 0) return new Blob([readFileSync(path)]);
  } catch {
    // Not made yet for these migrations.
  }
  const db = await openPglite('memory://');
  try {
    await applyMigrations(db, [
      { name: 'platform', dir: platformMigrationsDir() },
      { name: 'project', dir: projectMigrationsDir() },
    ]);
    const dump = await db.dumpDataDir();
    mkdirSync(cacheDir, { recursive: true });
    // Written aside then renamed: another package's run may read the cache at the same moment.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  } finally {
    await db.close();
  }
}

interface FileOptions {
  outboundLoopbackPorts: number[];
  /** An OpenAI-compatible model provider on loopback in place of the built-in offline model. */
  model?: { baseUrl: string; name: string };
  /** Runs a person (or a signed-out address) may start per minute (RUN_RATE_LIMIT_PER_MINUTE). */
  runRateLimitPerMinute?: number;
  /** A production server without Stripe: paid items cannot be bought and the test checkout is off. */
  production?: boolean;
  /** The port of a DNS server the file serves on loopback: domain checks ask it (DNS_RESOLVER). */
  dnsResolverPort?: number;
}

/** What a test file may change of its backend (./backend.ts's BackendOptions), checked. */
function optionsFrom(body: string): FileOptions {
  const parsed: unknown = body.trim() === '' ? {} : JSON.parse(body);
  const ports = (parsed as { outboundLoopbackPorts?: unknown }).outboundLoopbackPorts ?? [];
  if (!Array.isArray(ports) || !ports.every((port) => Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new Error('outboundLoopbackPorts must be a list of port numbers');
  }
  const rate = (parsed as { runRateLimitPerMinute?: unknown }).runRateLimitPerMinute;
  if (rate !== undefined && !(Number.isInteger(rate) && (rate as number) >= 1 && (rate as number) <= 100_000)) {
    throw new Error('runRateLimitPerMinute must be a whole number from 1');
  }
  const production = (parsed as { production?: unknown }).production;
  if (production !== undefined && typeof production !== 'boolean') throw new Error('production must be true or false');
  const dnsPort = (parsed as { dnsResolverPort?: unknown }).dnsResolverPort;
  if (dnsPort !== undefined && !(Number.isInteger(dnsPort) && (dnsPort as number) > 0 && (dnsPort as number) < 65536)) {
    throw new Error('dnsResolverPort must be a port number');
  }
  const limits = {
    ...(rate === undefined ? {} : { runRateLimitPerMinute: rate as number }),
    ...(production === true ? { production: true } : {}),
    ...(dnsPort === undefined ? {} : { dnsResolverPort: dnsPort as number }),
  };
  const model = (parsed as { model?: unknown }).model;
  if (model === undefined) return { outboundLoopbackPorts: ports as number[], ...limits };
  const { baseUrl, name } = (model ?? {}) as { baseUrl?: unknown; name?: unknown };
  // The outside world only: a model provider the file serves on loopback.
  if (typeof baseUrl !== 'string' || !/^http:\/\/127\.0\.0\.1:\d{1,5}(\/[\w./-]*)?$/.test(baseUrl)) {
    throw new Error('model.baseUrl must be an http://127.0.0.1:<port> address');
  }
  if (typeof name !== 'string' || !/^[\w.:-]{1,100}$/.test(name)) throw new Error('model.name must be a model name');
  return { outboundLoopbackPorts: ports as number[], ...limits, model: { baseUrl, name } };
}

async function startFromSnapshot(
  snapshot: Blob,
  options: FileOptions,
): Promise<{ backend: Backend; address: BackendAddress }> {
  const outbound =
    options.outboundLoopbackPorts.length > 0
      ? { OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true', OUTBOUND_PORTS: ['80', '443', ...options.outboundLoopbackPorts.map(String)].join(',') }
      : {};
  const model = options.model ? { AI_BASE_URL: options.model.baseUrl, AI_MODEL: options.model.name, AI_API_KEY: 'test-key' } : {};
  const rate = options.runRateLimitPerMinute === undefined ? {} : { RUN_RATE_LIMIT_PER_MINUTE: String(options.runRateLimitPerMinute) };
  // Domain checks ask the file's DNS server, and no background re-check job runs (0): a test owns
  // the state it reads.
  const dns =
    options.dnsResolverPort === undefined
      ? {}
      : {
          DNS_RESOLVER: `127.0.0.1:${String(options.dnsResolverPort)}`,
          DNS_TIMEOUT_MS: '500',
          DOMAIN_CNAME_TARGET: 'domains.appforge.test',
          DOMAIN_RECHECK_INTERVAL_MS: '0',
        };
  // Production needs its own secrets (never the public development ones).
  const production = options.production
    ? { NODE_ENV: 'production', JWT_SECRET: `${randomUUID()}${randomUUID()}`, SECRETS_KEY: `${randomUUID()}${randomUUID()}` }
    : { NODE_ENV: 'test' };
  const config = loadConfig({
    ...outbound,
    ...model,
    ...rate,
    ...dns,
    ...production,
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: '0',
    MAILBOX_PORT: '0',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://localhost:5173',
    // Each file signs in several users from one address; the limits are tested in the backend.
    RATE_LIMIT_EMAIL_SENT_PER_HOUR: '1000',
    RATE_LIMIT_VERIFY_PER_5_MIN: '1000',
    RATE_LIMIT_TOKEN_PER_5_MIN: '1000',
    OFFLINE_MODEL_CHUNK_DELAY_MS: '0',
  });
  const db = await openPglite('memory://', { loadDataDir: snapshot });
  const backend = await createBackend(config, { db, mailboxInMemory: true, shutdownGraceMs: 2000 });
  try {
    const started = await backend.start();
    if (!started.mailboxUrl) throw new Error('the test backend should serve its dev inbox');
    return {
      backend,
      address: {
        id: randomUUID(),
        url: started.url,
        anonKey: backend.anonKey,
        serviceRoleKey: backend.serviceRoleKey,
        mailboxUrl: started.mailboxUrl,
      },
    };
  } catch (error) {
    await backend.stop().catch(() => undefined);
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = migratedSnapshot();
  const running = new Map<string, Backend>();
  const server = createServer((request, response) => {
    const reply = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const stopMatch = /^\/backends\/([0-9a-f-]{36})$/.exec(request.url ?? '');
    if (request.method === 'POST' && request.url === '/backends') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        snapshot
          .then((dump) => startFromSnapshot(dump, optionsFrom(body)))
          .then(({ backend, address }) => {
            running.set(address.id, backend);
            reply(201, address);
          })
          .catch((error: unknown) => reply(500, { message: error instanceof Error ? error.stack : String(error) }));
      });
    } else if (request.method === 'DELETE' && stopMatch?.[1]) {
      const id = stopMatch[1];
      const backend = running.get(id);
      running.delete(id);
      (backend ? backend.stop() : Promise.resolve())
        .then(() => reply(200, { stopped: Boolean(backend) }))
        .catch((error: unknown) => reply(500, { message: String(error) }));
    } else {
      reply(404, { message: 'POST /backends or DELETE /backends/:id' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('appforgeBackendFactory', `http://127.0.0.1:${port}`);
  // Made now, while the test files are still being transformed, not when the first one asks.
  await snapshot;
  return async () => {
    server.close();
    await Promise.all([...running.values()].map((backend) => backend.stop().catch(() => undefined)));
  };
}
