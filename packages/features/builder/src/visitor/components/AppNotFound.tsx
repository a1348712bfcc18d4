import { useAppName } from '@appforge/sdk/react';
import { Button, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';
import { AppSkeleton } from './AppSkeleton';

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
 * visitor) it is hidden until they sign in. A deployed app for signed-in people tells a signed-out
 * visitor its name and offers the sign-in; nothing else tells them apart.
 */
export function AppNotFound({ signInHref, appId }: AppNotFoundProps) {
  const name = useAppName(signInHref !== undefined ? appId : undefined);
  if (signInHref !== undefined && name.isLoading) return <AppSkeleton />;
  if (signInHref !== undefined && name.data !== undefined) {
    return (
      <EmptyState
        className="visitor-not-found"
        headingLevel={1}
        title={`Sign in to use ${name.data}`}
        description={`${name.data} is open to signed-in people. Sign in, or create an account with your e-mail, to use it.`}
        action={
          <Button asChild>
            <Link to={signInHref}>Sign in</Link>
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      className="visitor-not-found"
      headingLevel={1}
      title="This app does not exist or is not published"
      description="Check the link you were given. If the app is new, its creator may not have deployed it yet."
      action={
        signInHref !== undefined ? (
          <p className="visitor-not-found__sign-in">
            Some apps are open to signed-in people only. <Link to={signInHref}>Sign in</Link> to see if you can open it.
          </p>
        ) : undefined
      }
    />
  );
}
