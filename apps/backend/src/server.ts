import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createContentChecker, LIMIT_TABLE_SQL } from '@appforge/functions';
import type { ContentChecker, FunctionRegistry } from '@appforge/functions';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.js';
import type { Database } from './db/database.js';
import { platformMigrationsDir, projectMigrationsDir } from './db/locations.js';
import { applyMigrations, execSerialised } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { sharedLimitsFor } from './db/shared-limits.js';
import { withListeningPort } from './env.js';
import type { BackendConfig } from './env.js';
import type { BackendDeps } from './http/types.js';
import { loadSigningKey } from './auth/signing-key.js';
import { createJwtService } from './jwt.js';
import { createLogger } from './logger.js';
import type { Logger } from './logger.js';
import { Mailbox } from './mail/mailbox.js';
import { readFunctionSettings } from './functions/config.js';
import { createMailboxApi } from './mail/mailbox-api.js';
import { createBackendMetrics } from './ops/metrics.js';
import { createReadiness } from './ops/ready.js';
import type { Mailer } from './mail/mailer.js';
import { createSmtpMailer } from './mail/smtp.js';
import { RealtimeServer } from './realtime/server.js';
import { startDomainJobs } from './domains/domain-jobs.js';
import { createTimerJobs } from './domains/recurring-jobs.js';
import { queuedMailer } from './jobs/mail-jobs.js';
import { startJobQueue } from './jobs/queue.js';
import { startUsageJobs } from './jobs/usage-jobs.js';
import { resolveAuthSettings } from './auth/settings.js';
import type { JobQueue } from './jobs/queue.js';
import { createVerifiedDomains } from './domains/verified-domains.js';

export interface BackendOptions {
  /** Use this database instead of opening one from the config (tests: in-memory PGlite). It is closed on stop. */
  db?: Database;
  /** Keep dev-inbox mail only in memory instead of under DATA_DIR/mailbox. */
  mailboxInMemory?: boolean;
  functions?: FunctionRegistry;
  /** Issue 19: the content checker of class runs (ctx.safety); default: createContentChecker with MODERATION_*. */
  contentChecker?: ContentChecker;
  logger?: Logger;
  /** How long stop() lets in-flight requests finish before cutting connections (ms). */
  shutdownGraceMs?: number;
}

export interface StartedBackend {
  url: string;
  /** The dev inbox, or undefined when mail goes out through SMTP_URL. */
  mailboxUrl: string | undefined;
}

export interface Backend {
  start(): Promise<StartedBackend>;
  stop(): Promise<void>;
  deps: BackendDeps;
  /** The dev inbox store, when mail is not sent through SMTP. */
  mailbox: Mailbox | undefined;
  anonKey: string;
  serviceRoleKey: string;
  /** Realtime (/realtime/v1): websocket, change feed, broadcast. */
  realtime: RealtimeServer;
  /** The job queue (pg-boss): recurring work and queued mail run on it. */
  jobs: JobQueue;
  /** Migrations this start applied (`platform/0001_….sql`); empty when the database was up to date. */
  appliedMigrations: readonly string[];
}

/** A node:http server answering with a Hono app. */
/** A fetch handler; `bindings` are @hono/node-server's `{ incoming, outgoing }` (the socket's address is read from them). */
type FetchHandler = (request: Request, bindings?: unknown) => Response | Promise<Response>;

function httpServer(fetch: FetchHandler, hostname: string): Server {
  const listener = getRequestListener(fetch, { hostname });
  // PostgREST-style filters live in the URL; long `in.(…)` lists need more than Node's 16 KiB default.
  return createServer({ maxHeaderSize: 64 * 1024 }, (incoming, outgoing) => {
    void listener(incoming, outgoing);
  });
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise(server.address() as AddressInfo);
    });
  });
}

function urlOf(host: string, address: AddressInfo): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${address.port}`;
}

/** Closes a server: stops accepting, lets requests finish for up to graceMs, then cuts the rest. */
function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolvePromise) => {
    if (!server.listening) {
      resolvePromise();
      return;
    }
    const timer = setTimeout(() => {
      server.closeAllConnections();
    }, graceMs);
    // Keep-alive connections go idle as their last response ends: close each as soon as it does.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolvePromise();
    });
    server.closeIdleConnections();
  });
}

/**
 * Opens the database, applies platform and project migrations, and wires the services. Nothing
 * listens until start(); a migration failure rejects here, naming the file.
 */
export async function createBackend(requested: BackendConfig, options: BackendOptions = {}): Promise<Backend> {
  const logger = options.logger ?? createLogger(requested);
  // BACKEND_PORT=0: the port is taken now, before the services that put the public URL into tokens
  // and e-mail links are built, so they carry the port the operating system picked. Nothing knows
  // the port yet, so nothing is served before start().
  let handle: FetchHandler | undefined;
  let apiServer: Server | undefined;
  let config = requested;
  if (requested.port === 0) {
    apiServer = httpServer(
      // The bindings go through: without them every caller's address would be "unknown" (issue 26).
      (request, bindings) => (handle ? handle(request, bindings) : new Response('starting', { status: 503 })),
      requested.host,
    );
    config = withListeningPort(requested, (await listen(apiServer, 0, requested.host)).port);
  }
  const preBound = apiServer;
  const releasePort = async (): Promise<void> => {
    if (preBound) await closeServer(preBound, 0);
  };
  let opened: Database;
  try {
    opened = options.db ?? (await openDatabase(config));
  } catch (error) {
    await releasePort();
    throw error;
  }
  const { db, limits: sharedLimits, current } = sharedLimitsFor(opened);
  let mailbox: Mailbox | undefined;
  let mailer: Mailer;
  let closeMailer: (() => void) | undefined;
  let queue: JobQueue | undefined;
  let appliedMigrations: string[];
  const migrationSources = [
    { name: 'platform', dir: platformMigrationsDir() },
    { name: 'project', dir: config.migrationsDir ? resolve(config.migrationsDir) : projectMigrationsDir() },
  ];
  try {
    ({ applied: appliedMigrations } = await applyMigrations(
      db,
      migrationSources,
      (source, file) => logger.info({ source, file }, 'migration applied'),
    ));
    await seedAccessAllowList(db, config);
    // The shared limits' table (also in supabase/migrations; again here for a custom MIGRATIONS_DIR).
    await execSerialised(db, LIMIT_TABLE_SQL);
    // The job queue (pg-boss in the `pgboss` schema): recurring work and queued mail (issue 12).
    queue = await startJobQueue(db, { logger });
    if (config.smtpUrl) {
      const smtp = createSmtpMailer(config.smtpUrl, config.smtpFrom);
      closeMailer = () => smtp.close();
      mailer = await queuedMailer(queue, smtp, current);
    } else {
      mailbox = await Mailbox.open({
        from: config.smtpFrom,
        dir:
          options.mailboxInMemory || config.dataDir.startsWith('memory://')
            ? undefined
            : join(resolve(config.dataDir), 'mailbox'),
      });
      mailer = mailbox;
    }
  } catch (error) {
    await queue?.stop().catch(() => undefined);
    closeMailer?.();
    await db.close().catch(() => undefined);
    await releasePort();
    throw error;
  }
  const jobQueue = queue;

  const jwt = await createJwtService(config.jwtSecret, `${config.apiExternalUrl}/auth/v1`, await loadSigningKey(config));
  const metrics = createBackendMetrics();
  let functionSettings: ReturnType<typeof readFunctionSettings>;
  try {
    functionSettings = readFunctionSettings();
  } catch (error) {
    await jobQueue.stop().catch(() => undefined);
    closeMailer?.();
    await db.close().catch(() => undefined);
    await releasePort();
    throw error;
  }
  const verifiedDomains = createVerifiedDomains(db);
  const deps: BackendDeps = { config, db, jwt, mailer, logger, sharedLimits, metrics, verifiedDomains };
  // Recurring work (issue 18) runs once per interval across processes on the job queue; what
  // refreshes this process's own memory runs on a timer in each process.
  const localJobs = createTimerJobs(logger);
  const unregisterDepth = metrics.setQueueDepth(() => jobQueue.depth());
  let selfUrl = config.apiExternalUrl;
  const realtime = new RealtimeServer(db, jwt, logger);
  const app = createApp(deps, {
    ...(options.functions ? { functions: options.functions } : {}),
    // Class runs (issue 19): the local lists, plus the moderation endpoint when MODERATION_URL is set.
    contentChecker:
      options.contentChecker ??
      createContentChecker({ ...(config.moderation ? { moderation: config.moderation } : {}), log: logger }),
    selfUrl: () => selfUrl,
    readiness: createReadiness(db, migrationSources),
    verifyJwt: (name) => functionSettings.verifyJwt(name),
    realtime,
  });
  const graceMs = options.shutdownGraceMs ?? 10_000;

  let mailServer: Server | undefined;
  let started = false;
  let stopping: Promise<void> | undefined;

  return {
    deps,
    mailbox,
    realtime,
    jobs: jobQueue,
    appliedMigrations,
    anonKey: jwt.anonKey,
    serviceRoleKey: jwt.serviceRoleKey,
    async start() {
      if (started) throw new Error('The backend is already started');
      started = true;
      await realtime.start();
      handle = app.fetch;
      const server = apiServer ?? httpServer(app.fetch, config.host);
      apiServer = server;
      server.on('upgrade', (request, socket, head) => {
        if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
      });
      let apiAddress: AddressInfo;
      try {
        apiAddress = server.listening ? (server.address() as AddressInfo) : await listen(server, config.port, config.host);
      } catch (error) {
        apiServer = undefined;
        started = false;
        throw error;
      }
      const url = urlOf(config.host, apiAddress);
      selfUrl = url;
      let mailboxUrl: string | undefined;
      if (mailbox) {
        const mailApp = createMailboxApi(mailbox);
        mailServer = httpServer(mailApp.fetch, config.host);
        try {
          mailboxUrl = urlOf(config.host, await listen(mailServer, config.mailboxPort, config.host));
        } catch (error) {
          await closeServer(server, 0);
          apiServer = undefined;
          mailServer = undefined;
          started = false;
          throw error;
        }
      }
      await startDomainJobs({ jobs: jobQueue, localJobs, verifiedDomains, config, serviceRoleKey: jwt.serviceRoleKey, selfUrl: url, logger });
      // Usage roll-up and run clean-up (issue 12), once per interval across processes.
      startUsageJobs({ jobs: jobQueue, db, config, auth: resolveAuthSettings(config), logger });
      logger.info({ url, mailboxUrl, database: db.kind }, 'backend listening');
      return { url, mailboxUrl };
    },
    stop() {
      stopping ??= (async () => {
        await realtime.stop();
        await localJobs.stop();
        unregisterDepth();
        await jobQueue.stop();
        if (apiServer) await closeServer(apiServer, graceMs);
        if (mailServer) await closeServer(mailServer, 1000);
        closeMailer?.();
        await db.close();
      })();
      return stopping;
    },
  };
}

/** ACCESS_ALLOW_LIST entries go into public.access_allow_list (if the project has that table). */
async function seedAccessAllowList(db: Database, config: BackendConfig): Promise<void> {
  if (config.accessAllowList.length === 0) return;
  const exists = await db.query<{ present: boolean }>(
    "select to_regclass('public.access_allow_list') is not null as present",
  );
  if (!exists.rows[0]?.present) return;
  await db.query(
    'insert into public.access_allow_list (entry) select unnest($1::text[]) on conflict (entry) do nothing',
    [config.accessAllowList],
  );
}
