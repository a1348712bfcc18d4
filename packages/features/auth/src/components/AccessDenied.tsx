import { useAppforge } from '@appforge/sdk/react';
import { Button, PageTitle } from '@appforge/ui';
import { useState } from 'react';
import { useAuthFeature } from '../lib/auth-context';

/**
 * Shown to a signed-in user who does not pass the allow check (seed §2.2, §6), or who is not a
 * teacher or student on the schools host. Logout signs out; the shell's auth listener then resets
 * analytics and shuts the support chat down.
 */
export function AccessDenied() {
  const client = useAppforge();
  const { supportEmail, reportError } = useAuthFeature();
  const [pending, setPending] = useState(false);

  const tabTitle = <PageTitle title="No access" />;

  const logout = async () => {
    setPending(true);
    try {
      await client.auth.signOut();
    } catch (error) {
      reportError(error, { context: 'logout from the access-denied screen' });
      setPending(false);
    }
  };

  return (
    <>
      {tabTitle}
      <main className="auth-message-screen" id="main">
        <div className="auth-message-card">
          <p className="auth-brand">Appforge</p>
          <h1 className="auth-message-title">
            Contact <a href={`mailto:${supportEmail}`}>{supportEmail}</a> for access
          </h1>
          <Button onClick={() => void logout()} loading={pending}>
            Logout
          </Button>
        </div>
      </main>
    </>
  );
}
