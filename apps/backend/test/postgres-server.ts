// One throwaway Debian PostgreSQL 15 server per test run, in a temp dir on a loopback port.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresServer {
  /** Connection URL of the `postgres` database (superuser `postgres`, trust auth). */
  url: string;
  port: number;
  /** Creates a fresh, empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function postgresUid(): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

/** Where the PostgreSQL 15 binaries are: PG_BIN (see vitest.config.ts) or Debian's path. */
export function postgresBinDir(override: string | undefined): string {
  const dir = override ?? '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(dir, 'initdb')) || !existsSync(join(dir, 'pg_ctl'))) {
    throw new Error(
      `PostgreSQL 15 is not installed (no initdb/pg_ctl in ${dir}). The backend tests run every ` +
        `integration test on PostgreSQL 15 too. Install it with:\n  apt-get update && apt-get install -y postgresql-15\n` +
        `or point PG_BIN at a folder holding initdb and pg_ctl.`,
    );
  }
  return dir;
}

export function databaseName(prefix = 'test'): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function createDatabaseOn(serverUrl: string, name: string = databaseName()): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Bad database name ${name}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** initdb + pg_ctl start as the postgres OS user (we run as root, which PostgreSQL refuses). */
export async function startPostgresServer(
  options: { binDir?: string | undefined; /** The bootstrap superuser's name (default postgres). */ superuser?: string } = {},
): Promise<PostgresServer> {
  const superuser = options.superuser ?? 'postgres';
  const bin = postgresBinDir(options.binDir);
  const root = mkdtempSync(join(tmpdir(), 'appforge-pg-'));
  const dataDir = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUid() : undefined;
  if (asRoot && !owner) throw new Error('Running as root but there is no postgres OS user to run PostgreSQL as.');
  if (owner) chownSync(root, owner.uid, owner.gid);
  const as = (command: string, args: string[]): Promise<{ stdout: string; stderr: string }> =>
    owner ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);

  const port = await freePort();
  try {
    await as('initdb', ['-D', dataDir, '-U', superuser, '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    await as('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(root, 'server.log'),
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start PostgreSQL 15 in ${root}: ${String(error)}`, { cause: error });
  }
  const url = `postgres://${superuser}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    createDatabase: (name) => createDatabaseOn(url, name),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
