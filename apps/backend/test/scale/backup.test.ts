// Backups round trip: what was written before the backup is there after a restore, and what was
// written after it is gone; a running backend's data folder is never copied or overwritten.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../../src/db/pglite.js';
import { backup, restore } from '../../src/ops/backup.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'appforge-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function appNames(backend: TestBackend): Promise<string[]> {
  const { data, error } = await backend.serviceClient().from('App').select('name').order('name');
  if (error) throw new Error(error.message);
  return (data as { name: string }[]).map((row) => row.name);
}

async function addApp(backend: TestBackend, ownerId: string, name: string): Promise<void> {
  const { error } = await backend.serviceClient().from('App').insert({ owner_id: ownerId, name });
  if (error) throw new Error(error.message);
}

describe.each(DATABASES)('backup and restore on %s', (database) => {
  it('restores exactly what the backup held', async () => {
    const dataDir = join(scratch, `${database}-${randomUUID()}`);
    const file = join(scratch, `${database}-${randomUUID()}.backup`);
    const env = { DATA_DIR: dataDir };
    let backend = await startTestBackend({ database, env });
    const config = backend.config;
    const owner = await signedIn(backend);
    await addApp(backend, owner.id, 'Kept app');

    if (database === 'pglite') {
      // PGlite is copied only while no backend runs on it.
      await expect(backup(config, file)).rejects.toBeInstanceOf(DataDirLockedError);
      await backend.stop();
    }
    expect(await backup(config, file)).toEqual({ kind: database, file });

    if (database === 'pglite') backend = await startTestBackend({ database, env });
    else backend = await startTestBackend({ database, env: { ...env, DATABASE_URL: config.databaseUrl ?? '' } });
    await addApp(backend, owner.id, 'Made after the backup');
    expect(await appNames(backend)).toEqual(['Kept app', 'Made after the backup']);

    if (database === 'pglite') {
      await expect(restore(config, file, { force: true })).rejects.toBeInstanceOf(DataDirLockedError);
      await backend.stop();
      await expect(restore(config, file)).rejects.toThrow(/not empty: pass --force/);
      await restore(config, file, { force: true });
      backend = await startTestBackend({ database, env });
    } else {
      await restore(config, file);
    }
    try {
      expect(await appNames(backend)).toEqual(['Kept app']);
      // Sign-in data came back too: the owner's session token still names a user the server knows.
      const { data } = await backend.serviceClient().auth.admin.getUserById(owner.id);
      expect(data.user?.id).toBe(owner.id);
    } finally {
      await backend.stop();
    }
  }, 120_000);

  it('says plainly when there is nothing to back up or restore', async () => {
    const config = { dataDir: join(scratch, 'empty'), databaseUrl: undefined };
    await expect(backup(config, join(scratch, 'x.tgz'))).rejects.toThrow(/no Appforge database/);
    await expect(restore(config, join(scratch, 'missing.tgz'))).rejects.toThrow(/No backup at/);
  });
});
