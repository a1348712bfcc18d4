// /ready: the database answers and every migration this build ships is recorded as applied.
import { readdir } from 'node:fs/promises';
import type { Database } from '../db/database.js';
import type { MigrationSource } from '../db/migrate.js';

export type Readiness =
  | { ready: true }
  | { ready: false; reason: 'database_unreachable' }
  | { ready: false; reason: 'migrations_pending'; pending: string[] };

/** Checks readiness against the migrations of these sources (their *.sql files, read once). */
export function createReadiness(db: Database, sources: readonly MigrationSource[]): () => Promise<Readiness> {
  let expected: Promise<string[]> | undefined;
  const files = async (): Promise<string[]> => {
    const lists = await Promise.all(
      sources.map(async (source) =>
        (await readdir(source.dir)).filter((file) => file.endsWith('.sql')).map((file) => `${source.name}/${file}`),
      ),
    );
    return lists.flat().sort();
  };
  return async () => {
    let applied: Set<string>;
    try {
      const rows = await db.query<{ id: string }>("select source || '/' || name as id from _appforge.migrations");
      applied = new Set(rows.rows.map((row) => row.id));
    } catch {
      return { ready: false, reason: 'database_unreachable' };
    }
    expected ??= files();
    const pending = (await expected).filter((id) => !applied.has(id));
    return pending.length === 0 ? { ready: true } : { ready: false, reason: 'migrations_pending', pending };
  };
}
