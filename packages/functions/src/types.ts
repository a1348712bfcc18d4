// Framework-free contract between a host (the embedded backend, or a Supabase Edge Function entry
// point) and the handlers: web-standard Request in, Response out.
import type { ModelCatalogue } from '@appforge/models';
import type { ApiCallEnv } from './api-call.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Limits } from './limits.ts';
import type { DomainsConfig } from './domains/config.ts';
import type { ContentChecker } from './safety/types.ts';

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
  /**
   * The project's public API URL (API_EXTERNAL_URL; SUPABASE_URL on Edge), for links and documents
   * that name this server. Never taken from request headers, which the caller chooses.
   */
  publicUrl?: string;
  // ── Your APIs (issue 15) ──
  /** Secret keys (SECRETS_KEY) and the outbound policy for API calls; absent → the API functions answer 503. */
  apis?: ApiCallEnv;
  // #17 bundles & payments ---------------------------------------------------------------------
  /** Checkout settings; absent means nothing can be bought (paid items say so). */
  payments?: PaymentsEnv;
  /** Custom domains (issue 18): platform hosts, the DNS target and resolver; unset → development defaults. */
  domains?: DomainsConfig;
  // ── Classrooms (issue 19) ──
  /** TEACHER_EMAIL_DOMAINS: lower-case e-mail domains whose people may teach (beside School rows). */
  teacherEmailDomains?: readonly string[];
  /** WEB_ROOT: the directory of the built web app, whose entry files share-page serves with their tags (issue 28). */
  webRoot?: string;
}

/** #17: how checkout works on this server. */
export interface PaymentsEnv {
  /** STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET; `api` points the client elsewhere (tests' fake Stripe). */
  stripe?: { secretKey: string; webhookSecret: string; api?: { host: string; port: number; protocol: 'http' | 'https' } };
  /** The clearly labelled local test checkout: development only, never in production. */
  testCheckout: boolean;
  /** The web app's URL: where checkout returns to (only paths on it are accepted), links in invitations. */
  siteUrl: string;
}

/** #17: an e-mail the host sends for a function (invitations, cap notices). */
export interface FunctionMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  tag: string;
}

export interface FunctionMailer {
  send(mail: FunctionMail): Promise<unknown>;
}

/** Structured logging; pino's Logger and the console-based Edge logger both fit. */
export interface FunctionLogger {
  info(fields: Record<string, unknown>, message?: string): void;
  warn(fields: Record<string, unknown>, message?: string): void;
  error(fields: Record<string, unknown>, message?: string): void;
}

/**
 * What a host counts for its metrics (the embedded backend: Prometheus at /metrics). Optional: an
 * Edge Function has no scrape endpoint and passes none.
 */
export interface FunctionMetrics {
  runStarted(): void;
  /** A run stopped streaming: finished, failed, or paused for the visitor's input or choice. */
  runEnded(outcome: 'done' | 'failed' | 'awaiting'): void;
  /** One model call of a run's AI step: its duration and the tokens it reported. */
  modelCall(call: { model: string; seconds: number; inputTokens: number; outputTokens: number }): void;
}

export interface FunctionContext {
  /** A service-role client (bypasses RLS) on the same project: check the caller yourself. */
  supabase: SupabaseClient;
  caller: FunctionCaller | null;
  env: FunctionEnv;
  /** The server's language models (AI_BASE_URL / AI_API_KEY / AI_MODEL, or only the offline model), built once. */
  models: ModelCatalogue;
  log: FunctionLogger;
  /** The shared rate limits (limits.ts): counters in PostgreSQL, common to every process. */
  limits: Limits;
  /**
   * Issue 26: the caller's address as the host resolved it (client-address.ts: X-Forwarded-For
   * only from a trusted proxy, else the socket's). Handlers never read forwarding headers
   * themselves; absent → 'unknown' (one shared bucket).
   */
  clientAddress?: string;
  metrics?: FunctionMetrics;
  /** #17: the host's mailer (the embedded backend's dev inbox or SMTP); absent on Edge. */
  mailer?: FunctionMailer;
  /**
   * Issue 19: checks class runs' inputs and AI outputs (safety/types.ts). SEAM: hosts pass
   * teacher-safety's createContentChecker(); without one, class runs are refused (503).
   */
  safety?: ContentChecker;
}

export type FunctionHandler = (req: Request, ctx: FunctionContext) => Promise<Response>;

export type FunctionRegistry = Readonly<Record<string, FunctionHandler>>;
