// Router- and query-free: the light visitor entry (issue 28) renders it too.
import { EmptyState } from '@appforge/ui';
import { VisitorLink } from './VisitorLink';

export interface AppNotFoundProps {
  /** Shown to signed-out visitors: the app may be open to signed-in people only. */
  signInHref?: string | undefined;
}

/**
 * No app to show: the id is wrong, the app was deleted or never deployed, or (for a signed-out
 * visitor) it is hidden until they sign in. All look the same to the database on purpose.
 */
export function AppNotFound({ signInHref }: AppNotFoundProps) {
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
