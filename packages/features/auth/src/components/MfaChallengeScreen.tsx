import { useAppforge } from '@appforge/sdk/react';
import { Button, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAuthFeature } from '../lib/auth-context';
import { isRateLimited, RATE_LIMIT_MESSAGE } from '../lib/auth-messages';

export interface MfaChallengeScreenProps {
  /** The verified factor to challenge. */
  factorId: string;
  /** An authenticator app's code (default) or a security key / passkey device (WebAuthn, #20). */
  factorType?: 'totp' | 'webauthn';
  /** Called after the code was accepted (the session is now aal2). */
  onVerified: () => void;
}

/** Sign-in's second step when the user has a verified authenticator app (seed §4: aal2). */
export function MfaChallengeScreen({ factorId, factorType = 'totp', onVerified }: MfaChallengeScreenProps) {
  const client = useAppforge();
  const { reportError } = useAuthFeature();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      await client.auth.challengeAndVerify(factorId, code);
      onVerified();
    } catch (error) {
      reportError(error, { context: 'mfa challenge on sign-in' });
      setMessage(isRateLimited(error) ? RATE_LIMIT_MESSAGE : 'That code is not right. Enter the current 6-digit code from your authenticator app.');
      setPending(false);
    }
  };

  const verifyWithKey = async () => {
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      await client.auth.verifyWebauthn(factorId);
      onVerified();
    } catch (error) {
      reportError(error, { context: 'webauthn mfa challenge on sign-in' });
      setMessage(isRateLimited(error) ? RATE_LIMIT_MESSAGE : 'Your security key was not accepted. Try again, or use another account.');
      setPending(false);
    }
  };

  const cancel = async () => {
    try {
      await client.auth.signOut('local');
    } catch (error) {
      reportError(error, { context: 'sign out from the mfa challenge' });
    }
  };

  if (factorType === 'webauthn') {
    return (
      <main className="auth-message-screen" id="main">
        <div className="auth-message-card auth-email-form">
          <p className="auth-brand">Appforge</p>
          <h1 className="auth-message-title">Two-factor authentication</h1>
          <p>Confirm it is you with your security key or this device&apos;s screen lock.</p>
          {message === null ? null : (
            <p className="auth-form-message" role="alert">
              {message}
            </p>
          )}
          <Button type="button" fullWidth loading={pending} onClick={() => void verifyWithKey()}>
            Use security key
          </Button>
          <Button type="button" variant="ghost" fullWidth onClick={() => void cancel()}>
            Use another account
          </Button>
        </div>
      </main>
    );
  }

  return (
    <main className="auth-message-screen" id="main">
      <form className="auth-message-card auth-email-form" onSubmit={(event) => void verify(event)} noValidate>
        <p className="auth-brand">Appforge</p>
        <h1 className="auth-message-title">Two-factor authentication</h1>
        <p>Enter the 6-digit code from your authenticator app.</p>
        <TextField
          name="totp"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {message === null ? null : (
          <p className="auth-form-message" role="alert">
            {message}
          </p>
        )}
        <Button type="submit" fullWidth loading={pending}>
          Verify
        </Button>
        <Button type="button" variant="ghost" fullWidth onClick={() => void cancel()}>
          Use another account
        </Button>
      </form>
    </main>
  );
}
