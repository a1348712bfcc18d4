// The verified custom domains, kept in memory for questions that must be answered synchronously
// and fast (the auth server's redirect allow-list). Refreshed from the database by a recurring job.
import type { Database } from '../db/database.js';

export interface VerifiedDomains {
  has(host: string): boolean;
  refresh(): Promise<number>;
  /**
   * Reloads the set whenever a domain is connected, removed or changes status (a trigger on
   * "CustomDomain" notifies `appforge_custom_domains`), so a change counts at once. Returns the
   * function that stops watching.
   */
  watch(onError: (error: unknown) => void): Promise<() => Promise<void>>;
}

export function createVerifiedDomains(db: Database): VerifiedDomains {
  let hosts: ReadonlySet<string> = new Set();
  return {
    has: (host) => hosts.has(host.toLowerCase()),
    async refresh() {
      const exists = await db.query<{ present: boolean }>(`select to_regclass('public."CustomDomain"') is not null as present`);
      if (!exists.rows[0]?.present) return 0;
      const rows = await db.query<{ value: string }>(`select value from public."CustomDomain" where status = 'verified'`);
      hosts = new Set(rows.rows.map((row) => row.value));
      return hosts.size;
    },
    async watch(onError) {
      return db.listen('appforge_custom_domains', () => {
        this.refresh().catch(onError);
      });
    },
  };
}
