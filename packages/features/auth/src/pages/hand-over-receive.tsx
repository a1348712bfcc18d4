import { messageOf } from '@appforge/sdk';
import { buttonClassName, FullScreenSpinner, PageTitle } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthFeature } from '../lib/auth-context';
import { handOverFragment } from '../lib/hand-over';
import { useSignInClient } from '../lib/sign-in-client';

/**
 * `/hand-over/receive#token_hash=…&next=…` on a custom domain (issue 26): the person confirmed on
 * the platform's own host that this domain may sign them in. The one-time token becomes a session
 * of this host, then the page they were on shows. The fragment is dropped from the address at
 * once, so the token stays out of the history and of any link copied from the bar.
 */
export function Component() {
  const client = useSignInClient();
  const navigate = useNavigate();
  const { reportError } = useAuthFeature();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const received = handOverFragment(window.location.hash);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (received === null) {
      setFailure('This sign-in link is incomplete.');
      return;
    }
    client.auth.verifyHandOver(received.tokenHash).then(
      () => {
        void navigate(received.next, { replace: true });
      },
      (error: unknown) => {
        reportError(error, { context: 'hand-over to a custom domain' });
        setFailure(messageOf(error));
      },
    );
  }, [client, navigate, reportError]);

  const tabTitle = <PageTitle title="Signing in" product={false} />;

  if (failure === null) {
    return (
      <>
        {tabTitle}
        <FullScreenSpinner label="Signing you in" />
      </>
    );
  }
  return (
    <>
      {tabTitle}
      <main className="auth-message-screen" id="main">
        <div className="auth-message-card">
          <h1 className="auth-message-title">This sign-in link did not work</h1>
          <p role="alert">{failure}</p>
          <p>A link like this works once and for a short time. Sign in here with a code sent to your e-mail instead.</p>
          <Link to="/sign-in" className={buttonClassName({ variant: 'primary' })}>
            Sign in
          </Link>
        </div>
      </main>
    </>
  );
}
