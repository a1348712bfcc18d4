import { lazy } from 'react';

// The screens the shell's access gate shows instead of a route. They load on demand: this
// barrel must not import @appforge/sdk/react or @supabase/auth-ui-react statically, because the
// shell imports the barrel (for `routes`) into the download every visitor pays for.
const loadSignInScreen = () => import('./components/SignInScreen');
const loadMfaChallengeScreen = () => import('./components/MfaChallengeScreen');
const loadAccessDenied = () => import('./components/AccessDenied');

/** The sign-in screen (seed §2.3); wrap it in <Suspense>. */
export const SignInScreen = lazy(() => loadSignInScreen().then((module) => ({ default: module.SignInScreen })));

/** The second-factor step of sign-in; wrap it in <Suspense>. */
export const MfaChallengeScreen = lazy(() =>
  loadMfaChallengeScreen().then((module) => ({ default: module.MfaChallengeScreen })),
);

/** "Contact {supportEmail} for access" with a Logout button (seed §2.2); wrap it in <Suspense>. */
export const AccessDenied = lazy(() => loadAccessDenied().then((module) => ({ default: module.AccessDenied })));

/** Starts downloading the sign-in screen early, e.g. when no session is stored on this device. */
export function preloadSignInScreen(): void {
  void loadSignInScreen();
}
