import { messageOf } from '@appforge/sdk';
import { useIdentities, useLinkIdentity, useUnlinkIdentity } from '@appforge/sdk/react';
import type { UserIdentity } from '@appforge/sdk';
import { Badge, Button, Card, ConfirmDialog } from '@appforge/ui';
import { currentAddress } from '../lib/sign-in-params';
import { SIGN_IN_PROVIDERS } from './SocialButtons';

const PROVIDER_NAMES: Record<string, string> = { email: 'E-mail code', google: 'Google', facebook: 'Facebook', apple: 'Apple' };

function identityLabel(identity: UserIdentity): string {
  const data = identity.identity_data ?? {};
  const email = typeof data.email === 'string' ? data.email : null;
  return email ?? identity.identity_id;
}

/** Sign-in methods and linked identities: link Google/Facebook/Apple, unlink all but the last. */
export function SignInMethodsSection() {
  const identities = useIdentities();
  const link = useLinkIdentity();
  const unlink = useUnlinkIdentity();
  const linked = identities.data ?? [];
  const linkedProviders = new Set(linked.map((identity) => identity.provider));

  return (
    <Card title="Sign-in methods" description="Ways you can sign in to this account.">
      {identities.isPending ? <p>Loading sign-in methods…</p> : null}
      {identities.isError ? <p role="alert">Your sign-in methods could not be loaded: {messageOf(identities.error)}</p> : null}
      {identities.isSuccess ? (
        <ul className="auth-list" aria-label="Linked sign-in methods">
          {linked.map((identity) => (
            <li key={identity.identity_id} className="auth-list__item">
              <span>
                <Badge tone="brand">{PROVIDER_NAMES[identity.provider] ?? identity.provider}</Badge> {identityLabel(identity)}
              </span>
              <ConfirmDialog
                title={`Unlink ${PROVIDER_NAMES[identity.provider] ?? identity.provider}?`}
                description="You will no longer be able to sign in with it."
                confirmLabel="Unlink"
                destructive
                onConfirm={() => unlink.mutateAsync(identity)}
                trigger={
                  <Button size="sm" variant="secondary" disabled={linked.length < 2}>
                    Unlink
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {linked.length === 1 ? <p className="auth-muted">Your only sign-in method cannot be unlinked.</p> : null}
      <div className="auth-actions">
        {SIGN_IN_PROVIDERS.filter((provider) => !linkedProviders.has(provider)).map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            loading={link.isPending && link.variables.provider === provider}
            onClick={() => link.mutate({ provider, redirectTo: currentAddress(window.location.href) })}
          >
            Link {PROVIDER_NAMES[provider]}
          </Button>
        ))}
      </div>
      {link.isError ? <p role="alert">Linking failed: {messageOf(link.error)}</p> : null}
    </Card>
  );
}
