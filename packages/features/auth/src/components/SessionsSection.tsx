import { messageOf } from '@appforge/sdk';
import { useAppforge, useSignOutOthers } from '@appforge/sdk/react';
import { Button, Card } from '@appforge/ui';
import { useState } from 'react';
import { useAuthFeature } from '../lib/auth-context';

/** Sign out everywhere else (sign-out scope "others", seed §4). */
export function SessionsSection() {
  const signOutOthers = useSignOutOthers();
  const client = useAppforge();
  const { reportError } = useAuthFeature();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await client.auth.signOut();
    } catch (error) {
      reportError(error, { context: 'sign out from settings' });
      setSigningOut(false);
    }
  };
  return (
    <Card title="Sessions" description="Signed in on another computer or phone you no longer use? End those sessions here.">
      <div className="auth-actions">
        <Button variant="secondary" loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
          Sign out of other sessions
        </Button>
        <Button variant="ghost" loading={signingOut} onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
      {signOutOthers.isSuccess ? <p role="status">Every other session has been signed out. This one stays signed in.</p> : null}
      {signOutOthers.isError ? <p role="alert">Signing out other sessions failed: {messageOf(signOutOthers.error)}</p> : null}
    </Card>
  );
}
