import type { AuthFeatureConfig } from '@appforge/auth';
import type { Env } from '../env';
import { reportError } from '../lib/report-error';
import type { Telemetry } from '../lib/telemetry';

/** What @appforge/auth needs from the shell: the support address, the reporter, the consent store. */
export function createAuthFeatureConfig(env: Env, telemetry: Telemetry): AuthFeatureConfig {
  return {
    supportEmail: env.VITE_SUPPORT_EMAIL,
    reportError,
    analytics: {
      enabled: telemetry.enabled,
      getConsent: telemetry.getConsent,
      setConsent: telemetry.setConsent,
      subscribe: telemetry.subscribe,
    },
  };
}
