// The backend's recurring custom-domain work (issue 18): re-check domains that are due
// (`recheckDomains`, idempotent) and keep the in-memory set of verified domains fresh.
import { recheckDomains } from '@appforge/functions';
import { createClient } from '@supabase/supabase-js';
import type { BackendConfig } from '../env.js';
import { nodeWebSocket } from '../http/ws-transport.js';
import type { Logger } from '../logger.js';
import type { RecurringJobs } from './recurring-jobs.js';
import type { VerifiedDomains } from './verified-domains.js';

/** How often the verified-domain set (redirect allow-list) is reloaded from the database. */
export const VERIFIED_DOMAINS_REFRESH_MS = 15_000;

export async function startDomainJobs(options: {
  /** Work done once per interval across all processes (the job queue). */
  jobs: RecurringJobs;
  /** Work every process does for itself (its in-memory verified-domain set). */
  localJobs: RecurringJobs;
  verifiedDomains: VerifiedDomains;
  config: BackendConfig;
  serviceRoleKey: string;
  selfUrl: string;
  logger: Logger;
}): Promise<void> {
  const { jobs, verifiedDomains, config } = options;
  await verifiedDomains.refresh().catch((error: unknown) => options.logger.error({ err: error }, 'loading the verified domains failed'));
  await verifiedDomains
    .watch((error) => options.logger.error({ err: error }, 'reloading the verified domains failed'))
    .catch((error: unknown) => options.logger.error({ err: error }, 'watching the verified domains failed'));
  // The periodic reload stays as a safety net (a notification missed while reconnecting).
  options.localJobs.every('refresh-verified-domains', VERIFIED_DOMAINS_REFRESH_MS, () => verifiedDomains.refresh());
  if (config.domainRecheckIntervalMs === 0) return;
  const supabase = createClient(options.selfUrl, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });
  jobs.every('recheck-domains', config.domainRecheckIntervalMs, async (now) => {
    const summary = await recheckDomains(supabase, config.domains, now);
    if (summary.checked > 0) {
      options.logger.info({ job: 'recheck-domains', ...summary }, 'custom domains re-checked');
      await verifiedDomains.refresh();
    }
    return summary;
  });
}
