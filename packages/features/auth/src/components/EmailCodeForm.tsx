import { Button, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { codeCheckMessage, codeRequestMessage } from '../lib/auth-messages';
import { useAuthFeature } from '../lib/auth-context';
import { useSignInClient } from '../lib/sign-in-client';

export const CODE_SENT_MESSAGE = 'A code has been sent to your email address. Please enter it below.';

export interface EmailCodeFormProps {
  /** Where the link in the e-mail leads back to (the current address). */
  redirectTo: string;
}

type Step = { name: 'email' } | { name: 'code'; email: string };

/**
 * The e-mail one-time-code flow (seed §2.3): step 1 asks for the address, step 2 for the code.
 * No client-side format checks (seed §5): whatever is typed is sent, and the backend decides.
 */
export function EmailCodeForm({ redirectTo }: EmailCodeFormProps) {
  const client = useSignInClient();
  const { reportError } = useAuthFeature();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const requestCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      await client.auth.sendEmailCode(email, { redirectTo });
      setCode('');
      setStep({ name: 'code', email });
    } catch (error) {
      reportError(error, { context: 'issue with sign in with otp' });
      setMessage(codeRequestMessage(error));
    } finally {
      setPending(false);
    }
  };

  const checkCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || step.name !== 'code') return;
    setPending(true);
    setMessage(null);
    try {
      await client.auth.verifyEmailCode(step.email, code);
      // The session arrives through onAuthStateChange; whoever renders this screen moves on.
      console.info('[appforge] verify otp: signed in');
    } catch (error) {
      reportError(error, { context: 'issue with verify otp' });
      setMessage(codeCheckMessage(error));
      setPending(false);
    }
  };

  if (step.name === 'email') {
    return (
      <form className="auth-email-form" onSubmit={(event) => void requestCode(event)} noValidate>
        <TextField
          type="email"
          name="email"
          autoComplete="email"
          aria-label="Email"
          placeholder="Enter email..."
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {message === null ? null : (
          <p className="auth-form-message" role="alert">
            {message}
          </p>
        )}
        <Button type="submit" fullWidth loading={pending}>
          Sign in
        </Button>
      </form>
    );
  }

  return (
    <form className="auth-email-form" onSubmit={(event) => void checkCode(event)} noValidate>
      <p className="auth-code-sent" role="status">
        {CODE_SENT_MESSAGE}
      </p>
      <TextField
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-label="Code"
        placeholder="Enter code..."
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {message === null ? null : (
        <p className="auth-form-message" role="alert">
          {message}
        </p>
      )}
      <Button type="submit" fullWidth loading={pending}>
        Verify Code
      </Button>
      <Button
        type="button"
        variant="ghost"
        fullWidth
        disabled={pending}
        onClick={() => {
          setMessage(null);
          setStep({ name: 'email' });
        }}
      >
        Back
      </Button>
    </form>
  );
}
