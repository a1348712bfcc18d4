import { pino } from 'pino';
import type { Logger } from 'pino';
import type { BackendConfig } from './env.js';

export type { Logger };

/** JSON logs on stdout; request ids come from the HTTP layer as child loggers. */
export function createLogger(config: Pick<BackendConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { service: 'appforge-backend' } });
}
