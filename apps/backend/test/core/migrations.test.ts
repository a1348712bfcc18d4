import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMigrationsDir, projectMigrationsDir } from '../../src/db/locations.js';
import { withRequestContext } from '../../src/db/request-context.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { describeCoreTablesRls } from '../rls/core-tables.js';
import type { RlsTarget } from '../rls/core-tables.js';

describe.each(DATABASES)('project migrations on %s', (database) => {
  let backend: TestBackend;

  const target = (): RlsTarget => ({
    as: (role, sub) => (sql, params = []) =>
      withRequestContext(
        backend.db,
        {
          role,
          claims: sub ? { sub, role, aud: 'authenticated' } : { role },
          headers: {},
          method: 'POST',
          path: '/',
          readOnly: false,
        },
        (tx) => tx.query(sql, params),
      ),
    admin: (sql, params = []) => backend.db.query(sql, params),
  });

  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  it('applies every platform and project file, recorded in the ledger', async () => {
    const ledger = await backend.db.query<{ source: string; name: string }>(
      'select source, name from _appforge.migrations order by source, name',
    );
    const sql = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
    expect(ledger.rows.filter((r) => r.source === 'project').map((r) => r.name)).toEqual(sql(projectMigrationsDir()));
    expect(ledger.rows.filter((r) => r.source === 'platform').map((r) => r.name)).toEqual(sql(platformMigrationsDir()));
  });

  describeCoreTablesRls(target);
});
