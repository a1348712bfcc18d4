// The one module of the web app that reads import.meta.env. Everything else receives the
// parsed, typed, frozen values (through <EnvProvider> or as arguments).
// zod/mini: the same validation as 'zod' at a fraction of the size, because this module sits
// in the initial bundle that every visitor downloads.
import { z } from 'zod/mini';

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

const httpUrl = z.pipe(
  z.string().check(z.refine(isHttpUrl)),
  // One spelling everywhere: `${url}/health` must never produce a double slash.
  z.transform((value: string) => value.replace(/\/+$/, '')),
);

const hostName = z.pipe(
  z.string().check(z.regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i)),
  z.transform((value: string) => value.toLowerCase()),
);

const envSchema = z.object({
  VITE_SUPABASE_URL: httpUrl,
  VITE_SUPABASE_ANON_KEY: z.string().check(z.minLength(1)),
  VITE_APP_HOST: z._default(hostName, 'localhost'),
  VITE_SCHOOLS_HOST: z._default(hostName, 'schools.localhost'),
  VITE_SUPPORT_EMAIL: z._default(z.email(), 'support@appforge.local'),
  VITE_SENTRY_DSN: z.optional(httpUrl),
  VITE_POSTHOG_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_POSTHOG_HOST: z.optional(httpUrl),
  VITE_INBOX_URL: z.optional(httpUrl),
  VITE_INTERCOM_APP_ID: z.optional(z.string().check(z.regex(/^[a-z0-9]{1,32}$/i))),
  MODE: z.string().check(z.minLength(1)),
  DEV: z.boolean(),
  PROD: z.boolean(),
});

export type Env = Readonly<z.output<typeof envSchema>>;

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
  const cleaned = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, blankToUndefined(raw[name])]));
  const result = envSchema.safeParse(cleaned);
  if (result.success) {
    return Object.freeze({ ok: true, env: Object.freeze(result.data) });
  }
  const names = new Set<string>();
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string') names.add(name);
  }
  return Object.freeze({
    ok: false,
    issues: Object.freeze([...names].map((name) => describe(name, raw))),
  });
}

/** This build's configuration, parsed once. main.tsx shows every issue by name when it is not ok. */
export const env: EnvResult = parseEnv(import.meta.env);
