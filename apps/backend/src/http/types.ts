import type { Logger } from 'pino';
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
  /** Verified custom domains in memory (issue 18), for the redirect allow-list. */
  verifiedDomains?: VerifiedDomains;
}

/** Hono environment shared by every route module. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /**
     * The route put the gateway's own headers (CORS, x-request-id) on its response already, so
     * the middlewares need not rebuild it to add them (the data API's hot path).
     */
    gatewayHeadersSet?: boolean;
  };
}
