import { toAppforgeError } from '@appforge/sdk';
import { useMe, useSession, useSignOut } from '@appforge/sdk/react';
import { Avatar, Button } from '@appforge/ui';
import { useNavigate } from 'react-router';
import { reportError } from '../lib/report-error';

/**
 * The sidebar's footer: who is signed in (display name, else e-mail) and "Sign out", which ends
 * the session and lands on the sign-in screen. Nothing when nobody is signed in (public pages).
 */
export function SidebarAccount() {
  const { user } = useSession();
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (user === null) return null;

  const email = user.email ?? '';
  const displayName = me.data?.display_name?.trim() ?? '';
  const name = displayName !== '' ? displayName : email;

  // mutateAsync, not mutate's callbacks: signing out swaps the layout for the sign-in screen,
  // unmounting this component before a per-call onSuccess would run.
  const leave = async () => {
    try {
      await signOut.mutateAsync(undefined);
    } catch (error) {
      reportError(error, { context: 'sign out from the sidebar' });
      return;
    }
    await navigate('/sign-in', { replace: true });
  };

  return (
    <div className="shell-account">
      <div className="shell-account__who">
        <Avatar name={name !== '' ? name : 'You'} size="sm" />
        <div className="shell-account__text">
          <span className="shell-account__name">{name !== '' ? name : 'Signed in'}</span>
          {displayName !== '' && email !== '' ? <span className="shell-account__email">{email}</span> : null}
        </div>
      </div>
      <Button variant="secondary" size="sm" loading={signOut.isPending} onClick={() => void leave()}>
        Sign out
      </Button>
      {signOut.isError ? <p role="alert" className="shell-account__error">Signing out failed: {toAppforgeError(signOut.error).message}</p> : null}
    </div>
  );
}
