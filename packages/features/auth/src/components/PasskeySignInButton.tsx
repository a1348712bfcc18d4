import { Button } from '@appforge/ui';
import { useState } from 'react';
import { useAuthFeature } from '../lib/auth-context';
import { useSignInClient } from '../lib/sign-in-client';

/** Whether this browser can do WebAuthn at all (no button where it cannot). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** A key mark, decorative (the label says "passkey"). */
const KEY_ICON = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M15 7a4 4 0 1 1-3.9 4.9L4 19v2h3v-2h2v-2h2l1.1-1.1A4 4 0 0 1 15 7zm1.5 2.5h.01"
    />
  </svg>
);

/** The browser's "cancelled / nothing chosen" answers, worded for a person. */
function passkeyMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') {
    return 'No passkey was used. Try again, or sign in another way.';
  }
  if (code === 'webauthn_verification_failed') return 'This passkey is not registered with Appforge. Sign in another way, then add it in Settings.';
  if (code === 'webauthn_challenge_expired' || code === 'webauthn_challenge_not_found') return 'That took too long. Please try again.';
  return error instanceof Error && error.message !== '' ? error.message : 'The passkey sign-in did not work. Please try again.';
}

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site; the session
 * starts without an e-mail. Shown only where the browser supports WebAuthn.
 */
export function PasskeySignInButton() {
  const client = useSignInClient();
  const { reportError } = useAuthFeature();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!browserHasPasskeys()) return null;

  const start = async () => {
    setPending(true);
    setMessage(null);
    try {
      await client.auth.signInWithPasskey();
    } catch (error) {
      reportError(error, { context: 'issue with sign in with passkey' });
      setMessage(passkeyMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="auth-social-buttons auth-passkey">
      <Button variant="secondary" fullWidth className="auth-social-button" startIcon={KEY_ICON} loading={pending} onClick={() => void start()}>
        Sign in with a passkey
      </Button>
      {message === null ? null : (
        <p className="auth-form-message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
