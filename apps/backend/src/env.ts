// The only module that reads process.env. Everything else receives a BackendConfig.
import { z } from 'zod';

/**
 * The fixed, documented development secret. Anyone can read it here, so the server refuses to
 * start with it in production mode. Tokens signed with it are only good on a developer machine.
 */
export const DEV_JWT_SECRET = 'appforge-local-development-jwt-secret-do-not-use-in-production';

const port = z.coerce.number().int().min(1).max(65535);
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
  DISABLE_SIGNUP: z.enum(['true', 'false']).default('false'),
  STORAGE_FILE_SIZE_LIMIT: z.coerce.number().int().min(1).default(52_428_800),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  AI_BASE_URL: optionalNonEmpty.pipe(z.string().url().optional()),
  AI_API_KEY: optionalNonEmpty,
  AI_MODEL: optionalNonEmpty,
  RUN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  OFFLINE_MODEL_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Wire compatibility (#20): Supabase settings hosted projects expose.
  REST_SCHEMAS: z
    .string()
    .default('public')
    .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
    .pipe(z.array(z.string().regex(/^[a-z_][a-z0-9_$]{0,62}$/, 'schema names must be lower-case SQL identifiers')).min(1)),
  REST_AGGREGATES_ENABLED: z.enum(['true', 'false']).default('false'),
  AUTH_ANONYMOUS_SIGN_INS: z.enum(['true', 'false']).default('false'),
  // On by default: the product's account page links Google/Facebook/Apple identities.
  AUTH_MANUAL_LINKING: z.enum(['true', 'false']).default('true'),
  JWT_SIGNING_ALG: z.enum(['HS256', 'ES256', 'RS256']).default('HS256'),
  JWT_SIGNING_KEY: optionalNonEmpty,
});

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
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  // Wire compatibility (#20).
  /** REST_SCHEMAS: schemas the data API exposes (Accept-Profile/Content-Profile); the first is the default. */
  readonly restSchemas: readonly string[];
  /** REST_AGGREGATES_ENABLED: allow count()/sum()/avg()/min()/max() in select (PostgREST's db-aggregates-enabled). */
  readonly restAggregatesEnabled: boolean;
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
    siteUrl: (e.SITE_URL ?? 'http://localhost:5173').replace(/\/+$/, ''),
    additionalRedirectUrls: Object.freeze(e.ADDITIONAL_REDIRECT_URLS),
    accessPolicy: e.ACCESS_POLICY,
    accessAllowList: Object.freeze(e.ACCESS_ALLOW_LIST.map((entry) => entry.toLowerCase())),
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
    disableSignup: e.DISABLE_SIGNUP === 'true',
    storageFileSizeLimit: e.STORAGE_FILE_SIZE_LIMIT,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    ai: Object.freeze({ baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, offlineChunkDelayMs: e.OFFLINE_MODEL_CHUNK_DELAY_MS }),
    runRateLimitPerMinute: e.RUN_RATE_LIMIT_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    // Wire compatibility (#20).
    restSchemas: Object.freeze(e.REST_SCHEMAS),
    restAggregatesEnabled: e.REST_AGGREGATES_ENABLED === 'true',
    anonymousSignIns: e.AUTH_ANONYMOUS_SIGN_INS === 'true',
    manualLinking: e.AUTH_MANUAL_LINKING === 'true',
    jwtSigning: Object.freeze({ alg: e.JWT_SIGNING_ALG, privateJwk: e.JWT_SIGNING_KEY }),
  });
}
