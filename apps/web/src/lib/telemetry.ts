// Product analytics (PostHog) for the web app. The slim bundle is imported on demand, after the
// first paint, and only when VITE_POSTHOG_KEY is set and the person has not opted out — so the
// initial download never carries it (scripts/size.mjs checks that). Errors go through
// report-error.ts; this module also tags Sentry reports with the signed-in user's id.
import { env } from '../env';
import { setReportedUser } from './report-error';
import { safeLocalStorage } from './stored-session';

export type AnalyticsConsent = 'granted' | 'denied';

/** The part of posthog-js this app uses. */
export interface PostHogApi {
  init: (token: string, config: Record<string, unknown>) => unknown;
  identify: (distinctId: string) => void;
  reset: () => void;
  capture: (event: string, properties?: Record<string, unknown>) => unknown;
  opt_in_capturing: () => void;
  opt_out_capturing: () => void;
}

export interface TelemetryOptions {
  /** PostHog project key; without one nothing is downloaded and every call is a no-op. */
  key?: string | undefined;
  /** PostHog API host, e.g. https://eu.i.posthog.com. */
  host?: string | undefined;
  /**
   * A production build that names an analytics host but no key logs a critical line (seed §8:
   * missing analytics token). A build with neither has analytics simply not configured: one
   * info line says so, since an optional feature left off is not an error (issue 31).
   */
  production?: boolean;
  loadPostHog?: () => Promise<PostHogApi>;
  /** Where consent is kept (localStorage by default). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Runs `task` once the page has painted and is idle. */
  afterFirstPaint?: (task: () => void) => void;
  setReportedUser?: (user: { id: string } | null) => void;
  log?: (level: 'error' | 'warn' | 'info', message: string, detail?: unknown) => void;
}

export const CONSENT_STORAGE_KEY = 'appforge.analytics-consent';

/** PostHog rejects these ids; so do we (seed §5), before anything is sent. */
export function isValidDistinctId(id: string): boolean {
  const trimmed = id.trim().toLowerCase();
  return trimmed !== '' && trimmed !== 'distinct_id' && trimmed !== 'distinctid';
}

const loadPostHogSlim = async (): Promise<PostHogApi> => {
  const { default: posthog } = await import('posthog-js/dist/module.slim');
  return posthog;
};

const defaultAfterFirstPaint = (task: () => void): void => {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: 3_000 });
    else setTimeout(task, 1);
  };
  // Two frames: the first paint has happened once the second callback runs.
  requestAnimationFrame(() => requestAnimationFrame(idle));
};

const defaultLog = (level: 'error' | 'warn' | 'info', message: string, detail?: unknown): void => {
  if (detail === undefined) console[level](message);
  else console[level](message, detail);
};

function readConsent(storage: Pick<Storage, 'getItem'> | undefined): AnalyticsConsent {
  try {
    return storage?.getItem(CONSENT_STORAGE_KEY) === 'denied' ? 'denied' : 'granted';
  } catch {
    return 'granted';
  }
}

export interface Telemetry {
  /** False when no analytics key is configured. */
  readonly enabled: boolean;
  /** Schedules the analytics download after first paint (when enabled and consented). */
  start: () => void;
  identify: (userId: string) => void;
  reset: () => void;
  pageview: (url: string) => void;
  getConsent: () => AnalyticsConsent;
  setConsent: (consent: AnalyticsConsent) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createTelemetry(options: TelemetryOptions = {}): Telemetry {
  const {
    key,
    host,
    production = false,
    loadPostHog = loadPostHogSlim,
    storage = safeLocalStorage(),
    afterFirstPaint = defaultAfterFirstPaint,
    setReportedUser: setUser = setReportedUser,
    log = defaultLog,
  } = options;
  const enabled = key !== undefined;
  let consent = readConsent(storage);
  const listeners = new Set<() => void>();
  let started = false;
  let posthog: Promise<PostHogApi | null> | undefined;
  // What happened before the SDK arrived, replayed in order once it is there.
  const pending: ((api: PostHogApi) => void)[] = [];

  const load = (): Promise<PostHogApi | null> => {
    if (!enabled) return Promise.resolve(null);
    posthog ??= loadPostHog().then(
      (api) => {
        api.init(key, {
          ...(host === undefined ? {} : { api_host: host }),
          person_profiles: 'identified_only',
          // Page views are sent on every route change by the shell (pageview()).
          capture_pageview: false,
          respect_dnt: true,
          loaded: () => undefined,
        });
        for (const call of pending.splice(0)) call(api);
        return api;
      },
      (error: unknown) => {
        log('error', '[appforge] Could not load analytics', error);
        return null;
      },
    );
    return posthog;
  };

  const run = (call: (api: PostHogApi) => void): void => {
    if (!enabled || consent === 'denied') return;
    if (posthog === undefined) {
      pending.push(call);
      return;
    }
    void posthog.then((api) => {
      if (api !== null) call(api);
    });
  };

  return {
    enabled,
    start() {
      if (started) return;
      started = true;
      if (!enabled) {
        if (!production) return;
        if (host !== undefined) {
          log('error', '[appforge] CRITICAL: VITE_POSTHOG_HOST is set but VITE_POSTHOG_KEY is not: product analytics are off in this production build.');
        } else {
          log('info', '[appforge] Product analytics are off (VITE_POSTHOG_KEY is not set).');
        }
        return;
      }
      if (consent === 'granted') afterFirstPaint(() => void load());
    },
    identify(userId) {
      setUser({ id: userId });
      if (!isValidDistinctId(userId)) return;
      run((api) => api.identify(userId));
    },
    reset() {
      setUser(null);
      run((api) => api.reset());
    },
    pageview(url) {
      run((api) => api.capture('$pageview', { $current_url: url }));
    },
    getConsent: () => consent,
    setConsent(next) {
      if (next === consent) return;
      consent = next;
      try {
        storage?.setItem(CONSENT_STORAGE_KEY, next);
      } catch {
        // Private mode or a full quota: the choice still holds for this visit.
      }
      if (next === 'denied') {
        pending.length = 0;
        void posthog?.then((api) => api?.opt_out_capturing());
      } else if (enabled) {
        if (posthog === undefined) {
          if (started) void load();
        } else {
          void posthog.then((api) => api?.opt_in_capturing());
        }
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** This app's telemetry, configured from the environment. */
export const telemetry: Telemetry = createTelemetry({
  key: env.ok ? env.env.VITE_POSTHOG_KEY : undefined,
  host: env.ok ? env.env.VITE_POSTHOG_HOST : undefined,
  production: env.ok ? env.env.PROD : false,
});
