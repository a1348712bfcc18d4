// The public API of @appforge/auth: its route manifest and the screens the shell composes.
// Everything that needs the backend client loads on demand (see lazy-screens.ts).
export { routes } from './routes';
export { AccessDenied, MfaChallengeScreen, preloadSignInScreen, SignInScreen } from './lazy-screens';
export { DomainNotConnected } from './components/DomainNotConnected';
export { AuthFeatureProvider, useAuthFeature } from './lib/auth-context';
export { SignInClientProvider, useSignInClient, useSignInSession } from './lib/sign-in-client';
export type { SignInClient, SignInSessionState } from './lib/sign-in-client';
export type { AnalyticsConsent, AnalyticsConsentStore, AuthFeatureConfig } from './lib/auth-context';
export { readSignInParams } from './lib/sign-in-params';
export type { SignInParams } from './lib/sign-in-params';
