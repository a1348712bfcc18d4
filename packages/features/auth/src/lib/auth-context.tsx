import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

export type AnalyticsConsent = 'granted' | 'denied';

/** The analytics consent store the shell owns (telemetry lives in apps/web). */
export interface AnalyticsConsentStore {
  /** False when the build has no analytics key: the setting is shown as unavailable. */
  readonly enabled: boolean;
  getConsent: () => AnalyticsConsent;
  setConsent: (consent: AnalyticsConsent) => void;
  subscribe: (listener: () => void) => () => void;
}

/** What the feature needs from the app that hosts it. Packages take configuration as arguments. */
export interface AuthFeatureConfig {
  /** Shown on the access-denied screen: "Contact {supportEmail} for access". */
  readonly supportEmail: string;
  /** The app's error reporter (console + Sentry when configured). */
  readonly reportError: (error: unknown, context?: Record<string, unknown>) => void;
  readonly analytics: AnalyticsConsentStore;
}

const AuthFeatureContext = createContext<AuthFeatureConfig | null>(null);

export function AuthFeatureProvider({ config, children }: { config: AuthFeatureConfig; children: ReactNode }) {
  return <AuthFeatureContext.Provider value={config}>{children}</AuthFeatureContext.Provider>;
}

export function useAuthFeature(): AuthFeatureConfig {
  const config = useContext(AuthFeatureContext);
  if (config === null) {
    throw new Error('@appforge/auth: render its screens inside <AuthFeatureProvider config={…}>.');
  }
  return config;
}
