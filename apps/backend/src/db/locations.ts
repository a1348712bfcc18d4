import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walks up from this module (src/db/ when run from source, dist/ when built) to find a folder. */
function findUp(relative: string, from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Could not find ${relative} in any folder above ${from}`);
    }
    dir = parent;
  }
}

/** apps/backend/sql/platform: what hosted Supabase provides (roles, auth.*, storage.*). */
export function platformMigrationsDir(): string {
  return findUp(join('sql', 'platform'));
}

/** <repo>/supabase/migrations: the project's own schema, applied unchanged to hosted Supabase too. */
export function projectMigrationsDir(): string {
  return findUp(join('supabase', 'migrations'));
}
