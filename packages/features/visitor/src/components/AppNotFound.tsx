import { useAppName } from '@appforge/sdk/react';
import { EmptyState } from '@appforge/ui';
import { VisitorLink } from './VisitorLink';
import { AppSkeleton } from './AppSkeleton';
import { SignInRequired } from './SignInRequired';

export interface AppNotFoundProps {
  /** Shown to signed-out visitors: the app may be open to signed-in people only. */
  signInHref?: string | undefined;
  /**
   * The app asked for. With `signInHref` (a signed-out visitor), its sign-in name is looked up
   * (`app_sign_in_name`): a deployed app open to signed-in people says "Sign in to use <name>".
   */
  appId?: string | undefined;
}

/**
 * No app to show: the id is wrong, the app was deleted or never deployed, or (for a signed-out
 * visitor) it is hidden until they sign in. All look the same to the database on purpose.
 */
export function AppNotFound({ signInHref }: Pick<AppNotFoundProps, 'signInHref'>) {
  return (
    <EmptyState
      className="visitor-not-found"
      headingLevel={1}
      title="This app does not exist or is not published"
      description="Check the link you were given. If the app is new, its creator may not have deployed it yet."
      action={
        signInHref !== undefined ? (
          <p className="visitor-not-found__sign-in">
            Some apps are open to signed-in people only. <VisitorLink to={signInHref}>Sign in</VisitorLink> to see if you can open it.
          </p>
        ) : undefined
      }
    />
  );
}

/**
 * What a visitor sees when the app's row is not theirs to read. Signed out (`signInHref`), the
 * app's sign-in name is asked for (`app_sign_in_name`): a deployed app open to signed-in people
 * says "Sign in to use <name>" with the sign-in; anything else is not found.
 */
export function AppNotFoundOrSignIn({ signInHref, appId }: AppNotFoundProps) {
  const name = useAppName(signInHref !== undefined ? appId : undefined);
  if (signInHref !== undefined && name.isLoading) return <AppSkeleton />;
  if (signInHref !== undefined && name.data !== undefined) return <SignInRequired appName={name.data} signInHref={signInHref} headingLevel={1} />;
  return <AppNotFound signInHref={signInHref} />;
}
