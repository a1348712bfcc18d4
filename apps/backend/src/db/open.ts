import type { BackendConfig } from '../env.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** PGlite under DATA_DIR by default; a real Postgres when DATABASE_URL is set. */
export async function openDatabase(config: Pick<BackendConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
