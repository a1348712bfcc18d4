// Shared set-up for the storage integration tests: a backend whose DATA_DIR is a temp folder
// (so tests can look at the bytes on disk), user tokens, and the fixture RLS policies.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from '../harness.js';
import type { TestBackend, TestDatabase } from '../harness.js';

export interface StorageTestBackend extends TestBackend {
  dataDir: string;
  /** A supabase-js client signed in as a (made-up) user with this id. */
  userClient(userId: string): Promise<SupabaseClient>;
  /** Every file under DATA_DIR/storage, staging included (relative paths). */
  filesOnDisk(): string[];
}

export async function startStorageBackend(database: TestDatabase): Promise<StorageTestBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'appforge-storage-test-'));
  const backend = await startTestBackend({ database, env: { DATA_DIR: dataDir } });
  const stopBackend = (): Promise<void> => backend.stop();
  return {
    ...backend,
    dataDir,
    async userClient(userId) {
      const token = await backend.deps.jwt.sign(
        { sub: userId, role: 'authenticated', aud: 'authenticated', email: `${userId}@example.test` },
        3600,
      );
      return backend.client({ global: { headers: { Authorization: `Bearer ${token}` } } });
    },
    filesOnDisk() {
      const root = join(dataDir, 'storage');
      const found: string[] = [];
      const walk = (dir: string, prefix: string): void => {
        let entries: string[];
        try {
          entries = readdirSync(dir);
        } catch {
          return;
        }
        for (const entry of entries) {
          const path = join(dir, entry);
          if (statSync(path).isDirectory()) walk(path, `${prefix}${entry}/`);
          else found.push(`${prefix}${entry}`);
        }
      };
      walk(root, '');
      return found.sort();
    },
    async stop() {
      await stopBackend();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The fixture policy set: in bucket `private`, a signed-in user may read, write, update and delete
 * only objects under a folder named after their own id (`<auth.uid()>/…`).
 */
export const OWN_FOLDER_POLICIES = `
  create policy "own folder: read" on storage.objects for select to authenticated
    using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "own folder: create" on storage.objects for insert to authenticated
    with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "own folder: update" on storage.objects for update to authenticated
    using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text)
    with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "own folder: delete" on storage.objects for delete to authenticated
    using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

export const newUserId = (): string => randomUUID();

/** The smallest valid PNG (1×1, transparent). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function countRows(backend: TestBackend, bucket: string, name?: string): Promise<number> {
  const result = await backend.db.query<{ count: number }>(
    'select count(*)::int as count from storage.objects where bucket_id = $1 and ($2::text is null or name = $2)',
    [bucket, name ?? null],
  );
  return result.rows[0]?.count ?? -1;
}
