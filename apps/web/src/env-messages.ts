// What each web app variable must hold, in words a person fixing a .env file can act on: the
// configuration problem screen's and the console's. Apart from env.ts so that only that screen
// downloads them.
import type { EnvIssue, EnvName } from './env';

/** What each variable must hold, in words a person fixing a .env file can act on. */
const EXPECTED: Record<EnvName, string> = {
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
};


/** "is not set: expected …." or "is not valid: expected …." — never the rejected value. */
export function envIssueMessage(issue: EnvIssue): string {
  return `${issue.problem === 'missing' ? 'is not set' : 'is not valid'}: expected ${EXPECTED[issue.name]}.`;
}
