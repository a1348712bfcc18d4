import { Navigate, useLocation } from 'react-router';
import { SignInScreen } from '../components/SignInScreen';
import { useSignInSession } from '../lib/sign-in-client';
import { safeNextPath } from '../lib/safe-next';

/**
 * `/sign-in` — a linkable sign-in page (the access gate also shows the same screen in place of
 * any page that needs a signed-in user). Inputs: `app_id`, `bundle_id`, `new_signup`,
 * `app_description_id` from the query or router state; `next` = where to go once signed in.
 */
export function Component() {
  const session = useSignInSession();
  const location = useLocation();
  if (session.status === 'signed_in') return <Navigate to={safeNextPath(location.search)} replace />;
  return <SignInScreen />;
}
