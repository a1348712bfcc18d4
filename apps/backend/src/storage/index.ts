import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv, BackendDeps } from '../http/types.js';
import { registerBucketRoutes } from './buckets.js';
import { removeStaleStagingFiles } from './ingest.js';
import { createFsObjectStore } from './object-store.js';
import type { ObjectStore } from './object-store.js';
import { registerListV2Route } from './list-v2.js';
import { registerObjectRoutes } from './objects.js';
import { registerRenderRoutes } from './render.js';
import { createUrlSigner } from './signing.js';

/** Supabase Storage's default global upload limit (FILE_SIZE_LIMIT), 50 MiB. */
export const DEFAULT_STORAGE_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface StorageApiOptions {
  /** Where bytes go; defaults to the file system under `${config.dataDir}/storage`. */
  store?: ObjectStore;
  /** The largest object any bucket accepts, in bytes. */
  fileSizeLimit?: number;
}

const STALE_STAGING_MS = 60 * 60 * 1000;

const ephemeralRoots = new Set<string>();

/**
 * `${DATA_DIR}/storage`; with an in-memory database (DATA_DIR=memory://) the bytes are as
 * short-lived as the rows, in a temporary folder removed when the process exits.
 */
function storageRoot(dataDir: string): string {
  if (!dataDir.startsWith('memory://')) return join(dataDir, 'storage');
  const root = mkdtempSync(join(tmpdir(), 'appforge-storage-'));
  if (ephemeralRoots.size === 0) {
    process.once('exit', () => {
      for (const dir of ephemeralRoots) rmSync(dir, { recursive: true, force: true });
    });
  }
  ephemeralRoots.add(root);
  return root;
}

/**
 * The Supabase Storage API as storage-js calls it, mounted at /storage/v1. Metadata lives in
 * storage.buckets / storage.objects and every read or write of it runs as the caller, so RLS
 * policies decide; bytes live in an ObjectStore.
 */
export function createStorageApi(deps: BackendDeps, options: StorageApiOptions = {}): Hono<AppEnv> {
  const root = storageRoot(deps.config.dataDir);
  const store = options.store ?? createFsObjectStore(root);
  const globalLimit = options.fileSizeLimit ?? DEFAULT_STORAGE_FILE_SIZE_LIMIT;
  const signer = createUrlSigner(deps.jwt, deps.config.jwtSecret);
  // Staging sits beside the buckets so that handing a file to the store is a rename. The name
  // starts with a dot, which no bucket directory does (see bucketDirectory).
  const stagingDir = join(root, '.staging');
  removeStaleStagingFiles(stagingDir, STALE_STAGING_MS).catch((error: unknown) =>
    deps.logger.warn({ err: error }, 'storage: could not clean the staging folder'),
  );
  const app = new Hono<AppEnv>();
  registerBucketRoutes(app, deps, store, globalLimit);
  // Before the object routes: /object/:bucket/* would take /object/list-v2/<bucket> too.
  registerListV2Route(app, deps);
  registerObjectRoutes(app, deps, { store, signer, stagingDir, globalLimit });
  registerRenderRoutes(app, deps, { store, signer });
  return app;
}
