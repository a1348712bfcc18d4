import { useAppName } from '@appforge/sdk/react';
import { AppNotFound } from './AppNotFound';
import type { AppNotFoundProps } from './AppNotFound';
import { AppSkeleton } from './AppSkeleton';
import { SignInRequired } from './SignInRequired';

export interface AppNotFoundOrSignInProps extends AppNotFoundProps {
  /**
   * The app asked for. With `signInHref` (a signed-out visitor), its sign-in name is looked up
   * (`app_sign_in_name`): a deployed app open to signed-in people says "Sign in to use <name>".
   */
  appId?: string | undefined;
}

/**
 * What a visitor sees when the app's row is not theirs to read. Signed out (`signInHref`), the
 * app's sign-in name is asked for (`app_sign_in_name`): a deployed app open to signed-in people
 * says "Sign in to use <name>" with the sign-in; anything else is not found.
 */
export function AppNotFoundOrSignIn({ signInHref, appId }: AppNotFoundOrSignInProps) {
  const name = useAppName(signInHref !== undefined ? appId : undefined);
  if (signInHref !== undefined && name.isLoading) return <AppSkeleton />;
  if (signInHref !== undefined && name.data !== undefined) return <SignInRequired appName={name.data} signInHref={signInHref} headingLevel={1} />;
  return <AppNotFound signInHref={signInHref} />;
}
