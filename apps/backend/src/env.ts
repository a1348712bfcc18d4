// The only module that reads process.env. Everything else receives a BackendConfig.
import { DEFAULT_OUTBOUND_POLICY, DEV_SECRETS_KEY, domainsConfigFrom, parseTrustedProxies, teacherDomains } from '@appforge/functions';
import type { DomainsConfig } from '@appforge/functions';
import { z } from 'zod';

/**
 * The fixed, documented development secret. Anyone can read it here, so the server refuses to
 * start with it in production mode. Tokens signed with it are only good on a developer machine.
 */
export const DEV_JWT_SECRET = 'appforge-local-development-jwt-secret-do-not-use-in-production';

// 0 asks the operating system for a free port; the backend then reports the one it got.
const port = z.coerce.number().int().min(0).max(65535);
const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  );
const optionalNonEmpty = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  BACKEND_HOST: z.string().min(1).default('127.0.0.1'),
  BACKEND_PORT: port.default(54321),
  MAILBOX_PORT: port.default(54324),
  DATA_DIR: z.string().min(1).default('.appforge/data'),
  DATABASE_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  MIGRATIONS_DIR: optionalNonEmpty,
  JWT_SECRET: optionalNonEmpty,
  JWT_EXPIRY: z.coerce.number().int().min(30).max(604_800).default(3600),
  API_EXTERNAL_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  SITE_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  ADDITIONAL_REDIRECT_URLS: csv,
  ACCESS_POLICY: z.enum(['open', 'invite']).default('open'),
  ACCESS_ALLOW_LIST: csv,
  // Classrooms (issue 19): e-mail domains whose people may teach (beside School rows).
  TEACHER_EMAIL_DOMAINS: csv,
  // Issue 28: the built web app (apps/web/dist) Caddy serves; share-page reads its entry files.
  WEB_ROOT: optionalNonEmpty,
  INTERCOM_SECRET: optionalNonEmpty,
  SMTP_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  SMTP_FROM: z.string().min(3).default('Appforge <no-reply@appforge.local>'),
  GOOGLE_CLIENT_ID: optionalNonEmpty,
  GOOGLE_CLIENT_SECRET: optionalNonEmpty,
  FACEBOOK_CLIENT_ID: optionalNonEmpty,
  FACEBOOK_CLIENT_SECRET: optionalNonEmpty,
  APPLE_CLIENT_ID: optionalNonEmpty,
  APPLE_CLIENT_SECRET: optionalNonEmpty,
  RATE_LIMIT_EMAIL_SENT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VERIFY_PER_5_MIN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOKEN_PER_5_MIN: z.coerce.number().int().min(1).default(150),
  RATE_LIMIT_SIGN_IN_SIGN_UPS_PER_5_MIN: z.coerce.number().int().min(1).default(30),
  MAILER_AUTOCONFIRM: z.enum(['true', 'false']).default('false'),
  // GoTrue's SMS_AUTOCONFIRM: phone + password sign-up confirms the number without a code.
  SMS_AUTOCONFIRM: z.enum(['true', 'false']).default('false'),
  DISABLE_SIGNUP: z.enum(['true', 'false']).default('false'),
  STORAGE_FILE_SIZE_LIMIT: z.coerce.number().int().min(1).default(52_428_800),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  AI_BASE_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  AI_API_KEY: optionalNonEmpty,
  AI_MODEL: optionalNonEmpty,
  RUN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Issue 26: the proxies (IP addresses or CIDR ranges) whose X-Forwarded-For is believed; none →
  // the socket's address is the client's. Normalised to `address/bits`.
  TRUSTED_PROXIES: csv.transform((entries, ctx) => {
    try {
      return [...parseTrustedProxies(entries).entries];
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  }),
  OFFLINE_MODEL_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(15),
  // ── Your APIs (issue 15) ──
  SECRETS_KEY: optionalNonEmpty,
  SECRETS_KEY_PREVIOUS: csv,
  OUTBOUND_PORTS: csv,
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  OUTBOUND_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(5 * 1024 * 1024),
  OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: z.enum(['true', 'false']).default('false'),
  // #17 payments: Stripe is on when both are set; STRIPE_API_URL points the client elsewhere (tests).
  STRIPE_SECRET_KEY: optionalNonEmpty,
  STRIPE_WEBHOOK_SECRET: optionalNonEmpty,
  STRIPE_API_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // ── Custom domains (issue 18) ──
  APP_HOST: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name, optionally with :port').default('localhost'),
  SCHOOLS_HOST: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name, optionally with :port').default('schools.localhost'),
  DOMAIN_CNAME_TARGET: optionalNonEmpty.pipe(z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name').optional()),
  DOMAIN_A_RECORDS: csv.pipe(z.array(z.union([z.ipv4(), z.ipv6()], 'must be IP addresses, comma-separated'))),
  DNS_RESOLVER: optionalNonEmpty.pipe(
    z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$/i, 'must be an IP address with an optional :port').optional(),
  ),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(3000),
  DOMAIN_RECHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  // Wire compatibility (#20): Supabase settings hosted projects expose.
  REST_SCHEMAS: z
    .string()
    .default('public')
    .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
    .pipe(z.array(z.string().regex(/^[a-z_][a-z0-9_$]{0,62}$/, 'schema names must be lower-case SQL identifiers')).min(1)),
  REST_AGGREGATES_ENABLED: z.enum(['true', 'false']).default('false'),
  REST_PLAN_ENABLED: z.enum(['true', 'false']).default('false'),
  AUTH_ANONYMOUS_SIGN_INS: z.enum(['true', 'false']).default('false'),
  // On by default: the product's account page links Google/Facebook/Apple identities.
  AUTH_MANUAL_LINKING: z.enum(['true', 'false']).default('true'),
  JWT_SIGNING_ALG: z.enum(['HS256', 'ES256', 'RS256']).default('HS256'),
  JWT_SIGNING_KEY: optionalNonEmpty,
  // ── Content checker of class runs (issue 19, teacher-safety) ──
  MODERATION_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  MODERATION_API_KEY: optionalNonEmpty,
  MODERATION_MODEL: optionalNonEmpty,
  MODERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  // Production and scale (#12): n backend processes behind one port (node:cluster).
  BACKEND_WORKERS: z.coerce.number('must be a whole number').int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64').default(1),
  // Usage roll-up and run clean-up jobs (#12): runs older than RUN_RETENTION_DAYS are deleted
  // (0 keeps them; at least 3, so the roll-up has read a day before its runs go).
  RUN_RETENTION_DAYS: z.coerce.number('must be a whole number').int('must be a whole number').refine((days) => days === 0 || (days >= 3 && days <= 3650), 'must be 0 (keep) or 3 to 3650').default(90),
  USAGE_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  RUN_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  // Wire compatibility, part 2 (#20): ID-token sign-in and signing-key rotation.
  GOOGLE_ID_TOKEN_CLIENT_IDS: csv,
  APPLE_ID_TOKEN_CLIENT_IDS: csv,
  GOOGLE_ID_TOKEN_ISSUER: z.url().default('https://accounts.google.com'),
  APPLE_ID_TOKEN_ISSUER: z.url().default('https://appleid.apple.com'),
  JWT_PREVIOUS_KEYS: optionalNonEmpty,
  // Phone sign-in (#20): where SMS codes go; test numbers with fixed codes ("15555550100=123456,…").
  AUTH_SMS_PROVIDER: z.enum(['none', 'inbox', 'twilio']).default('none'),
  TWILIO_ACCOUNT_SID: optionalNonEmpty,
  TWILIO_AUTH_TOKEN: optionalNonEmpty,
  TWILIO_MESSAGE_SERVICE_SID: optionalNonEmpty,
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  AUTH_SMS_TEST_OTP: csv,
  // Phone MFA and OAuth 2.1 server clients (#20, wire): off by default, as GoTrue's defaults.
  AUTH_MFA_PHONE_ENABLED: z.enum(['true', 'false']).default('false'),
  AUTH_OAUTH_SERVER_ENABLED: z.enum(['true', 'false']).default('false'),
  // Passkeys and WebAuthn MFA (#20, passkeys): relying party; defaults from SITE_URL.
  AUTH_WEBAUTHN_RP_ID: optionalNonEmpty.pipe(z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name').optional()),
  AUTH_WEBAUTHN_RP_ORIGINS: csv.pipe(z.array(z.url())),
  AUTH_WEBAUTHN_RP_DISPLAY_NAME: optionalNonEmpty,
  AUTH_WEBAUTHN_CHALLENGE_EXPIRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  AUTH_PASSKEYS_ENABLED: z.enum(['true', 'false']).default('true'),
  AUTH_MFA_WEBAUTHN_ENABLED: z.enum(['true', 'false']).default('true'),
});

/** #20: providers whose ID tokens `grant_type=id_token` accepts. */
export type IdTokenProvider = 'google' | 'apple';
export type IdTokenProviders = Partial<Record<IdTokenProvider, { readonly issuer: string; readonly clientIds: readonly string[] }>>;

export type OAuthProvider = 'google' | 'facebook' | 'apple';

export interface BackendConfig {
  readonly mode: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly mailboxPort: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly migrationsDir: string | undefined;
  readonly jwtSecret: string;
  /** True when the fixed development secret is in use (JWT_SECRET not set). */
  readonly usingDevSecret: boolean;
  readonly jwtExpiry: number;
  /** Public base URL of this server, e.g. http://127.0.0.1:54321 (auth issuer = `${apiExternalUrl}/auth/v1`). */
  readonly apiExternalUrl: string;
  /** False when apiExternalUrl was derived from BACKEND_PORT (it then follows the port the server got). */
  readonly apiExternalUrlSet: boolean;
  /** The web app's URL: default redirect target for e-mail links and OAuth. */
  readonly siteUrl: string;
  readonly additionalRedirectUrls: readonly string[];
  readonly accessPolicy: 'open' | 'invite';
  readonly accessAllowList: readonly string[];
  readonly intercomSecret: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  readonly oauth: Readonly<Partial<Record<OAuthProvider, { clientId: string; clientSecret: string }>>>;
  readonly rateLimits: {
    readonly emailSentPerHour: number;
    readonly verifyPer5Min: number;
    readonly tokenPer5Min: number;
    /** Sign-up, sign-in, OTP, recover and resend requests per IP per 5 minutes. */
    readonly signInSignUpsPer5Min: number;
  };
  readonly maxBodyBytes: number;
  /** false (default, like hosted Supabase): sign-up mails a confirmation before a session. */
  readonly mailerAutoconfirm: boolean;
  /** SMS_AUTOCONFIRM: phone sign-up is confirmed at once and signs in, no code sent (GoTrue's SMS_AUTOCONFIRM). */
  readonly smsAutoconfirm: boolean;
  readonly disableSignup: boolean;
  /** Largest object storage accepts, whatever a bucket allows. */
  readonly storageFileSizeLimit: number;
  readonly statementTimeoutMs: number;
  /** An OpenAI-compatible endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL); all unset → the offline model. */
  readonly ai: {
    readonly baseUrl: string | undefined;
    readonly apiKey: string | undefined;
    readonly model: string | undefined;
    /** The offline model's pause between streamed chunks, so its answers arrive word by word. */
    readonly offlineChunkDelayMs: number;
  };
  /** run-app requests per visitor per minute (an app gets ten times as many). */
  readonly runRateLimitPerMinute: number;
  /** TRUSTED_PROXIES (issue 26): ranges whose X-Forwarded-For names the client; empty → the socket's address. */
  readonly trustedProxies: readonly string[];
  /** Your APIs: secrets encryption keys and the outbound policy (see @appforge/functions outbound.ts). */
  readonly apis: {
    readonly secretKeys: { readonly current: string; readonly previous: readonly string[] };
    readonly usingDevSecretsKey: boolean;
    readonly outbound: {
      readonly allowedPorts: readonly number[];
      readonly maxRequestBytes: number;
      readonly maxResponseBytes: number;
      readonly timeoutMs: number;
      readonly maxRedirects: number;
      readonly allowHosts: readonly string[];
      readonly allowLoopbackForTests: boolean;
    };
  };
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** #17: Stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET); undefined → the test checkout in development. */
  readonly stripe:
    | {
        readonly secretKey: string;
        readonly webhookSecret: string;
        readonly api?: { readonly host: string; readonly port: number; readonly protocol: 'http' | 'https' };
      }
    | undefined;
  /** Custom domains: platform hosts, the DNS records owners create, the resolver verification asks. */
  readonly domains: DomainsConfig;
  /** Classrooms (issue 19): TEACHER_EMAIL_DOMAINS, lower-case, without a leading @. */
  readonly teacherEmailDomains: readonly string[];
  /** WEB_ROOT: the built web app's directory, for the share-page function (issue 28); unset → that function answers 404. */
  readonly webRoot: string | undefined;
  /** How often the backend runs the recurring domain re-check (0 = never). */
  readonly domainRecheckIntervalMs: number;
  // Wire compatibility (#20).
  /** REST_SCHEMAS: schemas the data API exposes (Accept-Profile/Content-Profile); the first is the default. */
  readonly restSchemas: readonly string[];
  /** REST_AGGREGATES_ENABLED: allow count()/sum()/avg()/min()/max() in select (PostgREST's db-aggregates-enabled). */
  readonly restAggregatesEnabled: boolean;
  /** REST_PLAN_ENABLED: answer `Accept: application/vnd.pgrst.plan…` with EXPLAIN output (PostgREST's db-plan-enabled). */
  readonly restPlanEnabled: boolean;
  /** AUTH_ANONYMOUS_SIGN_INS: allow signInAnonymously (GoTrue's GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED). */
  readonly anonymousSignIns: boolean;
  /** AUTH_MANUAL_LINKING: allow linkIdentity/unlinkIdentity (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED). */
  readonly manualLinking: boolean;
  /**
   * JWT_SIGNING_ALG / JWT_SIGNING_KEY: ES256 or RS256 signs access tokens with a private JWK
   * (published at /auth/v1/.well-known/jwks.json); HS256 tokens stay valid. Outside production a
   * missing key is generated once and kept under DATA_DIR.
   */
  readonly jwtSigning: { readonly alg: 'HS256' | 'ES256' | 'RS256'; readonly privateJwk: string | undefined };
  // ── Content checker of class runs (issue 19, teacher-safety) ──
  /**
   * An OpenAI-compatible moderation endpoint asked alongside the local lists (MODERATION_URL,
   * MODERATION_API_KEY, MODERATION_MODEL, MODERATION_TIMEOUT_MS); undefined → local lists only.
   * Give it to `createContentChecker({ moderation })` from @appforge/functions.
   */
  readonly moderation: { readonly url: string; readonly apiKey?: string; readonly model?: string; readonly timeoutMs: number } | undefined;
  /** Backend processes `node dist/main.js` runs behind its port (#12; 1 = this process alone). */
  readonly backendWorkers: number;
  /** #12 jobs: run retention in days (0 = keep), roll-up and clean-up intervals (0 = off). */
  readonly usageJobs: { readonly runRetentionDays: number; readonly rollupIntervalMs: number; readonly cleanupIntervalMs: number };
  /**
   * GOOGLE_/APPLE_ID_TOKEN_CLIENT_IDS (plus GOOGLE_/APPLE_CLIENT_ID) and _ISSUER: the audiences and
   * issuer whose ID tokens sign users in (a provider without client IDs is not enabled).
   */
  readonly idTokenProviders: IdTokenProviders;
  /** JWT_PREVIOUS_KEYS: JSON array of earlier signing keys (JWKs with kid), still verified and published. */
  readonly jwtPreviousKeys: string | undefined;
  /** AUTH_SMS_PROVIDER (+ TWILIO_*): where SMS codes go; 'none' turns phone sign-in off. */
  readonly sms:
    | { readonly provider: 'none' | 'inbox' }
    | { readonly provider: 'twilio'; readonly twilio: { readonly accountSid: string; readonly authToken: string; readonly from: string; readonly apiUrl: string } };
  /** AUTH_SMS_TEST_OTP: fixed codes for test numbers (no SMS is sent to them). */
  readonly smsTestOtp: Readonly<Record<string, string>>;
  /** AUTH_MFA_PHONE_ENABLED: phone factors (enrol, challenge by SMS, verify) — GoTrue's MFA_PHONE_{ENROLL,VERIFY}_ENABLED. */
  readonly mfaPhone: boolean;
  /** AUTH_OAUTH_SERVER_ENABLED: the OAuth 2.1 server's admin client endpoints — GoTrue's OAUTH_SERVER_ENABLED. */
  readonly oauthServer: boolean;
  /**
   * Passkeys and WebAuthn MFA (#20): the relying party (AUTH_WEBAUTHN_RP_ID, default the SITE_URL
   * host; AUTH_WEBAUTHN_RP_ORIGINS, default the SITE_URL origin), challenge lifetime, switches.
   */
  readonly webauthn: {
    readonly rpId: string;
    readonly rpName: string;
    readonly origins: readonly string[];
    readonly challengeExpirySeconds: number;
    readonly passkeysEnabled: boolean;
    readonly mfaEnabled: boolean;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly { name: string; message: string }[]) {
    super(
      `Invalid backend configuration:\n${problems.map((p) => `  ${p.name}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Parses a configuration source (process.env by default). Throws ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): BackendConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        name: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const problems: { name: string; message: string }[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) problems.push({ name: 'JWT_SECRET', message: 'is required in production' });
    else if (e.JWT_SECRET.length < 32)
      problems.push({ name: 'JWT_SECRET', message: 'must be at least 32 characters' });
    else if (e.JWT_SECRET === DEV_JWT_SECRET)
      problems.push({ name: 'JWT_SECRET', message: 'is the public development secret; set your own' });
    if (!e.SITE_URL) problems.push({ name: 'SITE_URL', message: 'is required in production' });
    if (e.JWT_SIGNING_ALG !== 'HS256' && !e.JWT_SIGNING_KEY) {
      problems.push({ name: 'JWT_SIGNING_KEY', message: `is required in production with JWT_SIGNING_ALG=${e.JWT_SIGNING_ALG}` });
    }
    if (e.AUTH_SMS_PROVIDER === 'inbox') problems.push({ name: 'AUTH_SMS_PROVIDER', message: 'inbox is for development; use twilio in production' });
    for (const name of ['GOOGLE_ID_TOKEN_ISSUER', 'APPLE_ID_TOKEN_ISSUER'] as const) {
      if (!e[name].startsWith('https://')) problems.push({ name, message: 'must be an https URL in production' });
    }
  } else if (e.JWT_SECRET !== undefined && e.JWT_SECRET.length < 32) {
    problems.push({ name: 'JWT_SECRET', message: 'must be at least 32 characters' });
  }
  const badEntries = e.ACCESS_ALLOW_LIST.filter((entry) => !/^(@[^@\s]+|[^@\s]+@[^@\s]+)$/.test(entry));
  if (badEntries.length > 0) {
    problems.push({
      name: 'ACCESS_ALLOW_LIST',
      message: `entries must be e-mail addresses or @domains; not: ${badEntries.join(', ')}`,
    });
  }
  // #20: phone sign-in settings.
  if (e.AUTH_SMS_PROVIDER === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_MESSAGE_SERVICE_SID'] as const) {
      if (!e[name]) problems.push({ name, message: 'is required when AUTH_SMS_PROVIDER=twilio' });
    }
  }
  // `number=code` (hosted Supabase's sms_test_otp) or `number:code` (GOTRUE_SMS_TEST_OTP).
  const badOtps = e.AUTH_SMS_TEST_OTP.filter((entry) => !/^\+?[1-9][0-9]{1,14}\s*[=:]\s*[0-9]{6,10}$/.test(entry));
  if (badOtps.length > 0) problems.push({ name: 'AUTH_SMS_TEST_OTP', message: `entries must be <E.164 number>=<6–10 digits>; not: ${badOtps.join(', ')}` });
  const oauth: Partial<Record<OAuthProvider, { clientId: string; clientSecret: string }>> = {};
  for (const provider of ['google', 'facebook', 'apple'] as const) {
    const upper = provider.toUpperCase() as 'GOOGLE' | 'FACEBOOK' | 'APPLE';
    const clientId = e[`${upper}_CLIENT_ID`];
    const clientSecret = e[`${upper}_CLIENT_SECRET`];
    if (clientId && clientSecret) oauth[provider] = { clientId, clientSecret };
    else if (clientId || clientSecret)
      problems.push({
        name: clientId ? `${upper}_CLIENT_SECRET` : `${upper}_CLIENT_ID`,
        message: `is required when ${clientId ? `${upper}_CLIENT_ID` : `${upper}_CLIENT_SECRET`} is set`,
      });
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    problems.push({ name: 'AI_MODEL', message: 'is required when AI_BASE_URL is set (e.g. gpt-4o-mini)' });
  }
  // ── Your APIs (issue 15) ──
  if (e.NODE_ENV === 'production') {
    if (!e.SECRETS_KEY) problems.push({ name: 'SECRETS_KEY', message: 'is required in production' });
    else if (e.SECRETS_KEY === DEV_SECRETS_KEY) problems.push({ name: 'SECRETS_KEY', message: 'is the public development key; set your own' });
    if (e.OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS === 'true') {
      problems.push({ name: 'OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS', message: 'is for tests only and cannot be enabled in production' });
    }
  }
  if (e.SECRETS_KEY !== undefined && e.SECRETS_KEY.length < 32) problems.push({ name: 'SECRETS_KEY', message: 'must be at least 32 characters' });
  const outboundPorts = e.OUTBOUND_PORTS.map(Number);
  if (outboundPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
    problems.push({ name: 'OUTBOUND_PORTS', message: 'must be a comma-separated list of port numbers' });
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push({
      name: e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY',
      message: `is required when ${e.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'} is set`,
    });
  }
  // #12: several workers share one database and one outgoing mail server.
  if (e.BACKEND_WORKERS > 1 && !e.DATABASE_URL) {
    problems.push({ name: 'BACKEND_WORKERS', message: 'more than one worker needs DATABASE_URL (PGlite is used by one process only)' });
  }
  if (e.BACKEND_WORKERS > 1 && e.BACKEND_PORT === 0) {
    problems.push({ name: 'BACKEND_WORKERS', message: 'more than one worker needs a fixed BACKEND_PORT (with 0 each would get its own port)' });
  }
  if (e.BACKEND_WORKERS > 1 && !e.SMTP_URL) {
    problems.push({ name: 'BACKEND_WORKERS', message: 'more than one worker needs SMTP_URL (the development inbox lives in one process)' });
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const apiExternalUrl = (e.API_EXTERNAL_URL ?? `http://127.0.0.1:${e.BACKEND_PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    mode: e.NODE_ENV,
    host: e.BACKEND_HOST,
    port: e.BACKEND_PORT,
    mailboxPort: e.MAILBOX_PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    migrationsDir: e.MIGRATIONS_DIR,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    usingDevSecret: e.JWT_SECRET === undefined,
    jwtExpiry: e.JWT_EXPIRY,
    apiExternalUrl,
    apiExternalUrlSet: e.API_EXTERNAL_URL !== undefined,
    siteUrl: (e.SITE_URL ?? 'http://localhost:5173').replace(/\/+$/, ''),
    additionalRedirectUrls: Object.freeze(e.ADDITIONAL_REDIRECT_URLS),
    accessPolicy: e.ACCESS_POLICY,
    accessAllowList: Object.freeze(e.ACCESS_ALLOW_LIST.map((entry) => entry.toLowerCase())),
    teacherEmailDomains: Object.freeze(teacherDomains(e.TEACHER_EMAIL_DOMAINS.join(','))),
    webRoot: e.WEB_ROOT,
    intercomSecret: e.INTERCOM_SECRET,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    oauth: Object.freeze(oauth),
    rateLimits: Object.freeze({
      emailSentPerHour: e.RATE_LIMIT_EMAIL_SENT_PER_HOUR,
      verifyPer5Min: e.RATE_LIMIT_VERIFY_PER_5_MIN,
      tokenPer5Min: e.RATE_LIMIT_TOKEN_PER_5_MIN,
      signInSignUpsPer5Min: e.RATE_LIMIT_SIGN_IN_SIGN_UPS_PER_5_MIN,
    }),
    maxBodyBytes: e.MAX_BODY_BYTES,
    mailerAutoconfirm: e.MAILER_AUTOCONFIRM === 'true',
    smsAutoconfirm: e.SMS_AUTOCONFIRM === 'true',
    disableSignup: e.DISABLE_SIGNUP === 'true',
    storageFileSizeLimit: e.STORAGE_FILE_SIZE_LIMIT,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    ai: Object.freeze({ baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, offlineChunkDelayMs: e.OFFLINE_MODEL_CHUNK_DELAY_MS }),
    runRateLimitPerMinute: e.RUN_RATE_LIMIT_PER_MINUTE,
    trustedProxies: Object.freeze(e.TRUSTED_PROXIES),
    apis: Object.freeze({
      secretKeys: Object.freeze({ current: e.SECRETS_KEY ?? DEV_SECRETS_KEY, previous: Object.freeze(e.SECRETS_KEY_PREVIOUS) }),
      usingDevSecretsKey: e.SECRETS_KEY === undefined,
      outbound: Object.freeze({
        ...DEFAULT_OUTBOUND_POLICY,
        allowedPorts: Object.freeze(outboundPorts.length > 0 ? outboundPorts : [...DEFAULT_OUTBOUND_POLICY.allowedPorts]),
        timeoutMs: e.OUTBOUND_TIMEOUT_MS,
        maxResponseBytes: e.OUTBOUND_MAX_RESPONSE_BYTES,
        allowLoopbackForTests: e.NODE_ENV !== 'production' && e.OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS === 'true',
      }),
    }),
    logLevel: e.LOG_LEVEL,
    stripe: stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL),
    domains: domainsConfigFrom((name) =>
      name === 'DOMAIN_A_RECORDS' ? e.DOMAIN_A_RECORDS.join(',') : name === 'NODE_ENV' ? e.NODE_ENV : name === 'DNS_TIMEOUT_MS' ? String(e.DNS_TIMEOUT_MS) : (e as Record<string, unknown>)[name] as string | undefined,
    ),
    domainRecheckIntervalMs: e.DOMAIN_RECHECK_INTERVAL_MS,
    // Wire compatibility (#20).
    restSchemas: Object.freeze(e.REST_SCHEMAS),
    restAggregatesEnabled: e.REST_AGGREGATES_ENABLED === 'true',
    restPlanEnabled: e.REST_PLAN_ENABLED === 'true',
    anonymousSignIns: e.AUTH_ANONYMOUS_SIGN_INS === 'true',
    manualLinking: e.AUTH_MANUAL_LINKING === 'true',
    jwtSigning: Object.freeze({ alg: e.JWT_SIGNING_ALG, privateJwk: e.JWT_SIGNING_KEY }),
    // Content checker (issue 19).
    moderation: e.MODERATION_URL
      ? Object.freeze({
          url: e.MODERATION_URL,
          ...(e.MODERATION_API_KEY ? { apiKey: e.MODERATION_API_KEY } : {}),
          ...(e.MODERATION_MODEL ? { model: e.MODERATION_MODEL } : {}),
          timeoutMs: e.MODERATION_TIMEOUT_MS,
        })
      : undefined,
    backendWorkers: e.BACKEND_WORKERS,
    usageJobs: Object.freeze({ runRetentionDays: e.RUN_RETENTION_DAYS, rollupIntervalMs: e.USAGE_ROLLUP_INTERVAL_MS, cleanupIntervalMs: e.RUN_CLEANUP_INTERVAL_MS }),
    idTokenProviders: idTokenProvidersFrom(e),
    jwtPreviousKeys: e.JWT_PREVIOUS_KEYS,
    sms:
      e.AUTH_SMS_PROVIDER === 'twilio'
        ? Object.freeze({
            provider: 'twilio' as const,
            twilio: Object.freeze({
              accountSid: e.TWILIO_ACCOUNT_SID ?? '',
              authToken: e.TWILIO_AUTH_TOKEN ?? '',
              from: e.TWILIO_MESSAGE_SERVICE_SID ?? '',
              apiUrl: e.TWILIO_API_URL,
            }),
          })
        : Object.freeze({ provider: e.AUTH_SMS_PROVIDER }),
    smsTestOtp: Object.freeze(
      Object.fromEntries(
        e.AUTH_SMS_TEST_OTP.map((entry): [string, string] => {
          const [phone = '', code = ''] = entry.split(/[=:]/).map((part) => part.trim().replace(/^\+/, ''));
          return [phone, code];
        }),
      ),
    ),
    mfaPhone: e.AUTH_MFA_PHONE_ENABLED === 'true',
    oauthServer: e.AUTH_OAUTH_SERVER_ENABLED === 'true',
    webauthn: webauthnConfigFrom(e),
  });
}

/** #20 passkeys: the WebAuthn relying party, from SITE_URL unless set. */
function webauthnConfigFrom(e: z.infer<typeof schema>): BackendConfig['webauthn'] {
  const site = new URL(e.SITE_URL ?? 'http://localhost:5173');
  return Object.freeze({
    rpId: e.AUTH_WEBAUTHN_RP_ID?.toLowerCase() ?? site.hostname,
    rpName: e.AUTH_WEBAUTHN_RP_DISPLAY_NAME ?? 'Appforge',
    origins: Object.freeze(e.AUTH_WEBAUTHN_RP_ORIGINS.length > 0 ? e.AUTH_WEBAUTHN_RP_ORIGINS.map((url) => new URL(url).origin) : [site.origin]),
    challengeExpirySeconds: e.AUTH_WEBAUTHN_CHALLENGE_EXPIRY_SECONDS,
    passkeysEnabled: e.AUTH_PASSKEYS_ENABLED === 'true',
    mfaEnabled: e.AUTH_MFA_WEBAUTHN_ENABLED === 'true',
  });
}

/** #20: the ID-token providers that have at least one client ID. */
function idTokenProvidersFrom(e: z.infer<typeof schema>): IdTokenProviders {
  const providers: IdTokenProviders = {};
  const google = [...e.GOOGLE_ID_TOKEN_CLIENT_IDS, ...(e.GOOGLE_CLIENT_ID ? [e.GOOGLE_CLIENT_ID] : [])];
  const apple = [...e.APPLE_ID_TOKEN_CLIENT_IDS, ...(e.APPLE_CLIENT_ID ? [e.APPLE_CLIENT_ID] : [])];
  if (google.length > 0) providers.google = Object.freeze({ issuer: e.GOOGLE_ID_TOKEN_ISSUER, clientIds: Object.freeze(google) });
  if (apple.length > 0) providers.apple = Object.freeze({ issuer: e.APPLE_ID_TOKEN_ISSUER, clientIds: Object.freeze(apple) });
  return Object.freeze(providers);
}

/** #17: Stripe's settings, or undefined when it is not configured. */
function stripeConfig(secretKey: string | undefined, webhookSecret: string | undefined, apiUrl: string | undefined): BackendConfig['stripe'] {
  if (!secretKey || !webhookSecret) return undefined;
  if (!apiUrl) return Object.freeze({ secretKey, webhookSecret });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return Object.freeze({ secretKey, webhookSecret, api: Object.freeze({ host: url.hostname, port, protocol }) });
}

/**
 * The configuration once the API server listens: with BACKEND_PORT=0 the operating system picked
 * the port, and a public URL derived from the port follows it (an explicit API_EXTERNAL_URL stays).
 */
export function withListeningPort(config: BackendConfig, port: number): BackendConfig {
  if (config.port === port) return config;
  return Object.freeze({
    ...config,
    port,
    apiExternalUrl: config.apiExternalUrlSet ? config.apiExternalUrl : `http://127.0.0.1:${port}`,
  });
}
