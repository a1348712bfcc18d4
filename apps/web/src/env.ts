// The one module of the web app that reads import.meta.env. Everything else receives the
// parsed, typed, frozen values (through <EnvProvider> or as arguments).
// Plain checks rather than zod: this module sits in the initial download of every visitor, and
// even zod/mini's core weighs ~16 KB gz there (scripts/size.mjs, the sign-in budget). Each rule
// below is what the zod schema said; env.test.ts holds them to it.

/** What each variable must hold, in words a person fixing a .env file can act on. */
const EXPECTED = {
  VITE_SUPABASE_URL:
    'the http(s) URL of the Supabase API, e.g. http://127.0.0.1:54321 for the embedded backend or https://<project>.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'the public anon key of that Supabase project (a non-empty string)',
  VITE_APP_HOST: "the main host name without scheme or path, e.g. 'localhost' or 'appforge.example.com'",
  VITE_SCHOOLS_HOST: "the schools host name without scheme or path, e.g. 'schools.localhost'",
  VITE_SUPPORT_EMAIL: "an e-mail address users can write to for access, e.g. 'support@example.com'",
  VITE_SENTRY_DSN: 'a Sentry DSN URL (https://<key>@<host>/<project>), or leave it unset to report errors to the console only',
  VITE_POSTHOG_KEY: 'a PostHog project API key, or leave it unset',
  VITE_POSTHOG_HOST: 'the http(s) URL of the PostHog instance, e.g. https://eu.i.posthog.com, or leave it unset',
  VITE_INBOX_URL: 'the http(s) URL of the development mailbox page, or leave it unset',
  VITE_INTERCOM_APP_ID: 'the Intercom workspace (app) id for the support chat, e.g. abc123de, or leave it unset',
  VITE_STORAGE_IMAGE_TRANSFORMATIONS:
    "'true' to show app icons as Storage renderings at icon size, 'false' for the uploads themselves, or leave it unset (on, except for a hosted *.supabase.co project)",
  MODE: "the Vite mode, e.g. 'development' or 'production'",
  DEV: 'a boolean set by Vite',
  PROD: 'a boolean set by Vite',
} as const;

export type EnvName = keyof typeof EXPECTED;

// Vite turns `NAME=` in a .env file into '' — that means "not set", for every variable.
const blankToUndefined = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

type Check<T> = (value: unknown) => { ok: true; value: T } | { ok: false };

const valid = <T>(value: T) => ({ ok: true as const, value });
const INVALID = { ok: false as const };

const nonEmptyString: Check<string> = (value) => (typeof value === 'string' && value.length > 0 ? valid(value) : INVALID);

// One spelling everywhere: `${url}/health` must never produce a double slash.
const httpUrl: Check<string> = (value) =>
  typeof value === 'string' && isHttpUrl(value) ? valid(value.replace(/\/+$/, '')) : INVALID;

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
const hostName: Check<string> = (value) => (typeof value === 'string' && HOST_NAME.test(value) ? valid(value.toLowerCase()) : INVALID);

// zod's e-mail pattern (v4), which this module used before.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const email: Check<string> = (value) => (typeof value === 'string' && EMAIL.test(value) ? valid(value) : INVALID);

const INTERCOM_APP_ID = /^[a-z0-9]{1,32}$/i;
const intercomAppId: Check<string> = (value) => (typeof value === 'string' && INTERCOM_APP_ID.test(value) ? valid(value) : INVALID);

const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? valid(value) : INVALID);

/** A switch written in a .env file: 'true' or 'false' (any case). */
const flag: Check<boolean> = (value) => {
  const text = typeof value === 'string' ? value.toLowerCase() : value;
  if (text === 'true' || text === true) return valid(true);
  if (text === 'false' || text === false) return valid(false);
  return INVALID;
};

/** Unset is fine; a set value must pass. */
const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value) =>
    value === undefined ? valid(undefined) : check(value);

/** Unset takes the default; a set value must pass. */
const withDefault =
  <T>(check: Check<T>, fallback: T): Check<T> =>
  (value) =>
    value === undefined ? valid(fallback) : check(value);

const envChecks = {
  VITE_SUPABASE_URL: httpUrl,
  VITE_SUPABASE_ANON_KEY: nonEmptyString,
  VITE_APP_HOST: withDefault(hostName, 'localhost'),
  VITE_SCHOOLS_HOST: withDefault(hostName, 'schools.localhost'),
  VITE_SUPPORT_EMAIL: withDefault(email, 'support@appforge.local'),
  VITE_SENTRY_DSN: optional(httpUrl),
  VITE_POSTHOG_KEY: optional(nonEmptyString),
  VITE_POSTHOG_HOST: optional(httpUrl),
  VITE_INBOX_URL: optional(httpUrl),
  VITE_INTERCOM_APP_ID: optional(intercomAppId),
  VITE_STORAGE_IMAGE_TRANSFORMATIONS: optional(flag),
  MODE: nonEmptyString,
  DEV: boolean,
  PROD: boolean,
} satisfies Record<EnvName, Check<unknown>>;

type Checked<C> = C extends Check<infer T> ? T : never;
export type Env = Readonly<{ [K in EnvName]: Checked<(typeof envChecks)[K]> }>;

export interface EnvIssue {
  /** The variable's name, exactly as it is spelled in a .env file. */
  readonly name: string;
  /** What is wrong and what is expected instead. */
  readonly message: string;
}

export type EnvResult =
  | { readonly ok: true; readonly env: Env }
  | { readonly ok: false; readonly issues: readonly EnvIssue[] };

function describe(name: string, raw: Record<string, unknown>): EnvIssue {
  const expected = name in EXPECTED ? EXPECTED[name as EnvName] : 'a valid value';
  const present = blankToUndefined(raw[name]) !== undefined;
  return Object.freeze({
    name,
    message: `${present ? 'is not valid' : 'is not set'}: expected ${expected}.`,
  });
}

/**
 * Parses a raw environment (import.meta.env in the app, a plain object in tests).
 * Pure: never throws, never reads globals. Each bad variable is reported once, by name.
 */
export function parseEnv(raw: Record<string, unknown>): EnvResult {
  const values: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const name of Object.keys(envChecks) as EnvName[]) {
    const result = envChecks[name](blankToUndefined(raw[name]));
    if (result.ok) {
      // An optional variable that is not set stays absent, as it did with the schema.
      if (result.value !== undefined) values[name] = result.value;
    } else {
      bad.push(name);
    }
  }
  if (bad.length === 0) {
    // Every check passed, so each name holds the type its check promises.
    return Object.freeze({ ok: true, env: Object.freeze(values as Env) });
  }
  return Object.freeze({
    ok: false,
    issues: Object.freeze(bad.map((name) => describe(name, raw))),
  });
}

/** This build's configuration, parsed once. main.tsx shows every issue by name when it is not ok. */
export const env: EnvResult = parseEnv(import.meta.env);

/**
 * Whether the clients ask Storage for icon renderings (issue 32): as VITE_STORAGE_IMAGE_TRANSFORMATIONS
 * says, or, when it is unset, on for the embedded backend and any self-hosted Storage, and off
 * for a hosted Supabase project (*.supabase.co), whose free plan has no image transformations.
 */
export function imageTransformationsOf(env: Pick<Env, 'VITE_SUPABASE_URL' | 'VITE_STORAGE_IMAGE_TRANSFORMATIONS'>): boolean {
  if (env.VITE_STORAGE_IMAGE_TRANSFORMATIONS !== undefined) return env.VITE_STORAGE_IMAGE_TRANSFORMATIONS;
  return !new URL(env.VITE_SUPABASE_URL).hostname.toLowerCase().endsWith('.supabase.co');
}
