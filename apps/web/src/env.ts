// The one module of the web app that reads import.meta.env. Everything else receives the
// parsed, typed, frozen values (through <EnvProvider> or as arguments).
// Plain checks rather than zod: this module sits in the initial download of every visitor, and
// even zod/mini's core weighs ~16 KB gz there (scripts/size.mjs, the sign-in budget). Each rule
// below is what the zod schema said; env.test.ts holds them to it.

/** Every variable the web app reads; env-messages.ts says in words what each must hold. */
export type EnvName =
  | 'VITE_SUPABASE_URL'
  | 'VITE_SUPABASE_ANON_KEY'
  | 'VITE_APP_HOST'
  | 'VITE_SCHOOLS_HOST'
  | 'VITE_SUPPORT_EMAIL'
  | 'VITE_SENTRY_DSN'
  | 'VITE_POSTHOG_KEY'
  | 'VITE_POSTHOG_HOST'
  | 'VITE_INBOX_URL'
  | 'VITE_INTERCOM_APP_ID'
  | 'VITE_STORAGE_IMAGE_TRANSFORMATIONS'
  | 'MODE'
  | 'DEV'
  | 'PROD';

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
  readonly name: EnvName;
  /** Not set at all (or blank), or set to a value its check refuses. Never the value itself. */
  readonly problem: 'missing' | 'invalid';
}

export type EnvResult =
  | { readonly ok: true; readonly env: Env }
  | { readonly ok: false; readonly issues: readonly EnvIssue[] };

// The words for each issue (env-messages.ts) load only with the screen that shows them: this
// module sits in every first download, the visitor's and the sign-in page's (scripts/size.mjs).
function describe(name: EnvName, raw: Record<string, unknown>): EnvIssue {
  return Object.freeze({ name, problem: blankToUndefined(raw[name]) === undefined ? 'missing' : 'invalid' });
}

/**
 * Parses a raw environment (import.meta.env in the app, a plain object in tests).
 * Pure: never throws, never reads globals. Each bad variable is reported once, by name.
 */
export function parseEnv(raw: Record<string, unknown>): EnvResult {
  const values: Record<string, unknown> = {};
  const bad: EnvName[] = [];
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
