import { messageOf } from '@appforge/sdk';
import { useEnrollTotp, useEnrollWebauthn, useFactors, useUnenrollFactor, useVerifyTotp } from '@appforge/sdk/react';
import type { TotpEnrollment } from '@appforge/sdk';
import { Button, Card, ConfirmDialog, CopyButton, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { browserHasPasskeys } from './PasskeySignInButton';

function EnrolmentForm({ enrollment, onDone, onCancel }: { enrollment: TotpEnrollment; onDone: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const verify = useVerifyTotp();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate({ factorId: enrollment.factorId, code: code.trim() }, { onSuccess: onDone });
  };
  return (
    <form className="auth-form-grid" onSubmit={submit}>
      <p>Scan this QR code with your authenticator app (1Password, Google Authenticator, Authy…), then enter the code it shows.</p>
      <img className="auth-qr" src={enrollment.qrCode} alt="QR code for your authenticator app" width={180} height={180} />
      <p className="auth-muted">
        Can&apos;t scan? Enter this key instead: <code data-testid="totp-secret">{enrollment.secret}</code>{' '}
        <CopyButton text={enrollment.secret} label="Copy key" size="sm" />
      </p>
      <TextField
        label="6-digit code"
        name="totp_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={verify.isError ? messageOf(verify.error) : undefined}
      />
      <div className="auth-actions">
        <Button type="submit" loading={verify.isPending}>
          Verify and turn on
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Two-factor authentication with an authenticator app (TOTP): enrol with a QR code, verify, remove. */
export function TwoFactorSection({ webauthnSupported = browserHasPasskeys() }: { webauthnSupported?: boolean }) {
  const factors = useFactors();
  const enroll = useEnrollTotp();
  const enrollKey = useEnrollWebauthn();
  const unenroll = useUnenrollFactor();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const verified = (factors.data ?? []).filter(
    (factor) => (factor.factor_type === 'totp' || factor.factor_type === 'webauthn') && factor.status === 'verified',
  );

  const start = () => {
    // A unique name: an abandoned, unverified enrolment must not block the next one.
    const name = `Authenticator app ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
    enroll.mutate(name, { onSuccess: setEnrollment });
  };
  const startKey = () => enrollKey.mutate(`Security key ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`);
  const cancel = () => {
    if (enrollment !== null) unenroll.mutate(enrollment.factorId);
    setEnrollment(null);
  };

  return (
    <Card
      title="Two-factor authentication"
      description="After your e-mail code or provider, sign-in also asks for a code from your authenticator app or your security key."
    >
      {factors.isPending ? <p>Loading…</p> : null}
      {factors.isError ? <p role="alert">Your second factors could not be loaded: {messageOf(factors.error)}</p> : null}
      {verified.length > 0 ? (
        <ul className="auth-list" aria-label="Authenticator apps">
          {verified.map((factor) => (
            <li key={factor.id} className="auth-list__item">
              <span>
                <strong>On</strong> — {factor.friendly_name ?? (factor.factor_type === 'webauthn' ? 'Security key' : 'Authenticator app')}
              </span>
              <ConfirmDialog
                title="Turn off two-factor authentication?"
                description={
                  factor.factor_type === 'webauthn'
                    ? 'Sign-in will no longer ask for this security key.'
                    : 'Sign-in will no longer ask for a code from this authenticator app.'
                }
                confirmLabel="Remove"
                destructive
                onConfirm={() => unenroll.mutateAsync(factor.id)}
                trigger={
                  <Button size="sm" variant="secondary">
                    Remove
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {factors.isSuccess && verified.length === 0 && enrollment === null ? (
        <div className="auth-actions">
          <p className="auth-muted">Two-factor authentication is off.</p>
          <Button onClick={start} loading={enroll.isPending}>
            Set up authenticator app
          </Button>
          {webauthnSupported ? (
            <Button variant="secondary" onClick={startKey} loading={enrollKey.isPending}>
              Use a security key
            </Button>
          ) : null}
        </div>
      ) : null}
      {enroll.isError ? <p role="alert">Enrolment failed: {messageOf(enroll.error)}</p> : null}
      {enrollKey.isError ? <p role="alert">The security key was not added: {messageOf(enrollKey.error)}</p> : null}
      {enrollment === null ? null : (
        <EnrolmentForm enrollment={enrollment} onDone={() => setEnrollment(null)} onCancel={cancel} />
      )}
    </Card>
  );
}
