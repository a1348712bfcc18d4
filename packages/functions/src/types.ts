// Framework-free contract between a host (the embedded backend, or a Supabase Edge Function entry
// point) and the handlers: web-standard Request in, Response out.
import type { ModelCatalogue } from '@appforge/models';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DomainsConfig } from './domains/config.ts';

/** The verified caller of a function; null for the anon key. */
export interface FunctionCaller {
  /** The user id (`sub`); null for the service-role key, which acts for no user. */
  id: string | null;
  email: string | null;
  role: 'authenticated' | 'service_role';
  claims: Readonly<Record<string, unknown>>;
}

/** Server settings a handler may need; on Supabase Edge they come from the function's secrets. */
export interface FunctionEnv {
  accessPolicy: 'open' | 'invite';
  /** Lower-cased e-mail addresses and `@domain` entries allowed in when the policy is `invite`. */
  accessAllowList: readonly string[];
  intercomSecret: string | undefined;
  /** run-app requests per visitor per minute (RUN_RATE_LIMIT_PER_MINUTE); an app gets ten times as many. */
  runRateLimitPerMinute: number;
  /** Custom domains (issue 18): platform hosts, the DNS target and resolver; unset → development defaults. */
  domains?: DomainsConfig;
}

/** Structured logging; pino's Logger and the console-based Edge logger both fit. */
export interface FunctionLogger {
  info(fields: Record<string, unknown>, message?: string): void;
  warn(fields: Record<string, unknown>, message?: string): void;
  error(fields: Record<string, unknown>, message?: string): void;
}

export interface FunctionContext {
  /** A service-role client (bypasses RLS) on the same project: check the caller yourself. */
  supabase: SupabaseClient;
  caller: FunctionCaller | null;
  env: FunctionEnv;
  /** The server's language models (AI_BASE_URL / AI_API_KEY / AI_MODEL, or only the offline model), built once. */
  models: ModelCatalogue;
  log: FunctionLogger;
}

export type FunctionHandler = (req: Request, ctx: FunctionContext) => Promise<Response>;

export type FunctionRegistry = Readonly<Record<string, FunctionHandler>>;
