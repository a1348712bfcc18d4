import { AppforgeError } from '@appforge/sdk';
import { createFakeAppforgeClient, makeUserRow } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MfaChallengeScreen } from './MfaChallengeScreen';
import { PasskeySignInButton } from './PasskeySignInButton';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';

function signedIn(): FakeAppforgeClient {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  client.fake.data.me = makeUserRow({ id: session.user.id, email: 'ada@example.org', display_name: 'Ada' });
  return client;
}

/** jsdom has no WebAuthn; the buttons appear only where the browser has it. */
function withWebAuthn(): void {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('passkeys in Settings', () => {
  it('adds a passkey, lists it with its dates, and deletes it after confirmation', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    renderWithProviders(<PasskeysSection supported />, { client, path: '/settings' });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added. You can use it the next time you sign in.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    expect(client.fake.data.passkeys).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: /Delete passkey added/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this passkey?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(client.fake.data.passkeys).toEqual([]);
  });

  it('says a cancelled browser prompt created nothing, and offers no button where WebAuthn is missing', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    client.fake.fail('auth.registerPasskey', new AppforgeError({ code: 'ERROR_CEREMONY_ABORTED', message: 'The operation either timed out or was not allowed.' }));
    const view = renderWithProviders(<PasskeysSection supported />, { client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was created. Try again when you are ready.');
    expect(client.fake.data.passkeys).toEqual([]);
    view.unmount();

    renderWithProviders(<PasskeysSection supported={false} />, { client, path: '/settings' });
    expect(await screen.findByText('This browser cannot create passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('enrols a security key as a second factor and lists it as on', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    renderWithProviders(<TwoFactorSection webauthnSupported />, { client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Use a security key' }));
    const list = await screen.findByRole('list', { name: 'Authenticator apps' });
    expect(within(list).getByText(/Security key/)).toBeInTheDocument();
    expect(client.fake.data.factors.map((factor) => [factor.factor_type, factor.status])).toEqual([['webauthn', 'verified']]);
  });
});

describe('passkeys at sign-in', () => {
  it('signs in with a passkey, and explains an unknown one', async () => {
    withWebAuthn();
    const user = userEvent.setup();
    const client = createFakeAppforgeClient();
    renderWithProviders(<PasskeySignInButton />, { client, path: '/sign-in' });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered with Appforge.');
    expect(client.fake.data.session).toBeNull();

    client.fake.data.passkeys = [{ id: crypto.randomUUID(), created_at: new Date().toISOString() }];
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(client.fake.data.session?.user.email).toBe('passkey@example.com'));
  });

  it('is not offered where the browser has no WebAuthn', () => {
    renderWithProviders(<PasskeySignInButton />, { path: '/sign-in' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('asks for the security key when that is the second factor', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    await client.auth.enrollWebauthn('Security key');
    const factorId = client.fake.data.factors[0]?.id ?? '';
    const onVerified = vi.fn();
    renderWithProviders(<MfaChallengeScreen factorId={factorId} factorType="webauthn" onVerified={onVerified} />, { client, path: '/' });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use security key' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(client.fake.calls('auth.verifyWebauthn')).toEqual([[factorId]]);
  });
});
