// Error reporting for the whole web app. Sentry is loaded on demand, and only when a DSN is
// configured, so it never weighs on the initial download (scripts/size.mjs checks that).
import { env } from '../env';

/** The part of @sentry/browser this app uses. Named imports keep the lazy chunk small. */
export interface SentryApi {
  init: (options: { dsn: string; sendDefaultPii: boolean; environment?: string }) => unknown;
  captureException: (error: unknown, hint?: { extra?: Record<string, unknown> }) => string;
  setUser: (user: { id: string } | null) => void;
}

export type ErrorContext = Record<string, unknown>;

export interface ErrorReporterOptions {
  /** Sentry DSN; without one errors go to the console only and nothing is downloaded. */
  dsn?: string | undefined;
  environment?: string | undefined;
  /** Loads the Sentry SDK. Injected in tests; the default is a dynamic import. */
  loadSentry?: () => Promise<SentryApi>;
  /** Where errors are written locally (console.error by default). */
  log?: (message: string, error: unknown, context?: ErrorContext) => void;
}

export interface ErrorReporter {
  reportError: (error: unknown, context?: ErrorContext) => void;
  setReportedUser: (user: { id: string } | null) => void;
}

const loadSentryBrowser = async (): Promise<SentryApi> => {
  const { init, captureException, setUser } = await import('@sentry/browser');
  return { init, captureException, setUser };
};

const logToConsole = (message: string, error: unknown, context?: ErrorContext): void => {
  if (context === undefined) console.error(message, error);
  else console.error(message, error, context);
};

export function createErrorReporter(options: ErrorReporterOptions = {}): ErrorReporter {
  const { dsn, environment, loadSentry = loadSentryBrowser, log = logToConsole } = options;
  let sentry: Promise<SentryApi | null> | undefined;

  // Initialised once, on the first report; a failed download is logged and never retried in a loop.
  const getSentry = (): Promise<SentryApi | null> => {
    if (dsn === undefined) return Promise.resolve(null);
    sentry ??= loadSentry().then(
      (api) => {
        api.init({ dsn, sendDefaultPii: false, ...(environment === undefined ? {} : { environment }) });
        return api;
      },
      (loadError: unknown) => {
        log('[appforge] Could not load the error reporter', loadError);
        return null;
      },
    );
    return sentry;
  };

  return {
    reportError(error, context) {
      log('[appforge] Unhandled error', error, context);
      if (dsn === undefined) return;
      void getSentry().then((api) => {
        api?.captureException(error, context === undefined ? undefined : { extra: context });
      });
    },
    setReportedUser(user) {
      if (dsn === undefined) return;
      void getSentry().then((api) => {
        api?.setUser(user);
      });
    },
  };
}

const appReporter = createErrorReporter({
  dsn: env.ok ? env.env.VITE_SENTRY_DSN : undefined,
  environment: env.ok ? env.env.MODE : undefined,
});

/** Reports an error: always to the console, and to Sentry when VITE_SENTRY_DSN is set. */
export const reportError: ErrorReporter['reportError'] = appReporter.reportError;

/** Tags later reports with the signed-in user's id (never their e-mail), or clears it. */
export const setReportedUser: ErrorReporter['setReportedUser'] = appReporter.setReportedUser;
