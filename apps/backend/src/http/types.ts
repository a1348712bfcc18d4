import type { Limits } from '@appforge/functions';
import type { Logger } from 'pino';
import type { BackendMetrics } from '../ops/metrics.js';
import type { Database } from '../db/database.js';
import type { VerifiedDomains } from '../domains/verified-domains.js';
import type { BackendConfig } from '../env.js';
import type { JwtService } from '../jwt.js';
import type { Mailer } from '../mail/mailer.js';

/** Everything a route module needs; built once at start by createBackend(). */
export interface BackendDeps {
  config: BackendConfig;
  db: Database;
  jwt: JwtService;
  mailer: Mailer;
  logger: Logger;
  /**
   * The shared rate limits (rate-limiter-flexible's PostgreSQL store on this database): every
   * limit a request depends on takes its points here, so they hold across backend processes.
   * `deps.sharedLimits.limiter({ name, points, durationSeconds }).consume(key, points?)`.
   */
  sharedLimits: Limits;
  /** This process's Prometheus metrics (served at /metrics). */
  metrics: BackendMetrics;
  /** Verified custom domains in memory (issue 18), for the redirect allow-list. */
  verifiedDomains?: VerifiedDomains;
}

/** Hono environment shared by every route module. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /**
     * Issue 26: the client's address (X-Forwarded-For believed only from TRUSTED_PROXIES, else the
     * socket's); every rate limit and log keyed on an address reads this, never a header.
     */
    clientAddress: string;
    /**
     * The route put the gateway's own headers (CORS, x-request-id) on its response already, so
     * the middlewares need not rebuild it to add them (the data API's hot path).
     */
    gatewayHeadersSet?: boolean;
  };
}
