import { messageOf } from '@appforge/sdk';
import { useDeletePasskey, usePasskeys, useRegisterPasskey } from '@appforge/sdk/react';
import { Button, Card, ConfirmDialog, formatDateTime } from '@appforge/ui';
import { browserHasPasskeys } from './PasskeySignInButton';

function when(value: string | undefined): string {
  return formatDateTime(value, { fallback: '' });
}

/** Why adding a passkey failed, in a person's words (a cancelled browser prompt is not an error of theirs). */
function addFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_CEREMONY_ABORTED' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' || (error instanceof Error && error.name === 'NotAllowedError')) {
    return 'No passkey was created. Try again when you are ready.';
  }
  if (code === 'webauthn_credential_exists') return 'This passkey is already registered.';
  return `The passkey could not be added: ${messageOf(error)}`;
}

/**
 * Passkeys (issue 20): sign in with this device's screen lock or a security key instead of an
 * e-mail code. Add one (the browser asks the authenticator), see when each was added and last
 * used, delete one with confirmation.
 */
export function PasskeysSection({ supported = browserHasPasskeys() }: { supported?: boolean }) {
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const remove = useDeletePasskey();
  const list = passkeys.data ?? [];

  return (
    <Card title="Passkeys" description="Sign in with your fingerprint, face, screen lock or a security key — no e-mail code needed.">
      {passkeys.isPending ? <p>Loading…</p> : null}
      {passkeys.isError ? <p role="alert">Your passkeys could not be loaded: {messageOf(passkeys.error)}</p> : null}
      {list.length > 0 ? (
        <ul className="auth-list" aria-label="Passkeys">
          {list.map((passkey) => (
            <li key={passkey.id} className="auth-list__item">
              <span>
                <strong>{passkey.friendly_name ?? 'Passkey'}</strong> — added {when(passkey.created_at)}
                {passkey.last_used_at === undefined ? ', not used yet' : `, last used ${when(passkey.last_used_at)}`}
              </span>
              <ConfirmDialog
                title="Delete this passkey?"
                description="You will no longer be able to sign in with it. Remove it from your device or password manager too."
                confirmLabel="Delete"
                destructive
                onConfirm={() => remove.mutateAsync(passkey.id)}
                trigger={
                  <Button size="sm" variant="secondary" aria-label={`Delete passkey added ${when(passkey.created_at)}`}>
                    Delete
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {passkeys.isSuccess && list.length === 0 ? <p className="auth-muted">You have no passkeys yet.</p> : null}
      {supported ? (
        <div className="auth-actions">
          <Button onClick={() => register.mutate()} loading={register.isPending}>
            Add a passkey
          </Button>
        </div>
      ) : (
        <p className="auth-muted">This browser cannot create passkeys.</p>
      )}
      {register.isError ? <p role="alert">{addFailure(register.error)}</p> : null}
      {register.isSuccess ? <p role="status">Passkey added. You can use it the next time you sign in.</p> : null}
    </Card>
  );
}
