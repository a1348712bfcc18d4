// @vitest-environment-options {"url": "http://localhost:5173/"}
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { namedUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { browserWebAuthn } from '../../test/webauthn';
import { MfaChallengeScreen } from './MfaChallengeScreen';
import { PasskeySignInButton } from './PasskeySignInButton';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';

const backend = setupAppforgeBackend();

afterEach(() => {
  vi.unstubAllGlobals();
});

async function passkeysOf(client: Awaited<ReturnType<typeof namedUser>>['client']) {
  return client.auth.listPasskeys();
}

describe('passkeys in Settings', () => {
  it('adds a passkey, lists it with its dates, and deletes it after confirmation', async () => {
    const user = userEvent.setup();
    browserWebAuthn();
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<PasskeysSection supported />, { client: ada.client, path: '/settings' });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added. You can use it the next time you sign in.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    expect(await passkeysOf(ada.client)).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: /Delete passkey added/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this passkey?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(await passkeysOf(ada.client)).toEqual([]);
  });

  it('says a cancelled browser prompt created nothing, and offers no button where WebAuthn is missing', async () => {
    const user = userEvent.setup();
    const browser = browserWebAuthn();
    browser.next = 'cancel';
    const ada = await namedUser(backend(), 'Ada');
    const view = renderWithProviders(<PasskeysSection supported />, { client: ada.client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was created. Try again when you are ready.');
    expect(browser.prompts).toBe(1);
    expect(await passkeysOf(ada.client)).toEqual([]);
    view.unmount();

    renderWithProviders(<PasskeysSection supported={false} />, { client: ada.client, path: '/settings' });
    expect(await screen.findByText('This browser cannot create passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('enrols a security key as a second factor and lists it as on', async () => {
    const user = userEvent.setup();
    browserWebAuthn();
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<TwoFactorSection webauthnSupported />, { client: ada.client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Use a security key' }));
    const list = await screen.findByRole('list', { name: 'Authenticator apps' });
    expect(within(list).getByText(/Security key/)).toBeInTheDocument();
    const { data } = await backend().admin.auth.admin.mfa.listFactors({ userId: ada.id });
    expect(data?.factors.map((factor) => [factor.factor_type, factor.status])).toEqual([['webauthn', 'verified']]);
  });
});

describe('passkeys at sign-in', () => {
  it('signs in with a passkey, and explains an unknown one', async () => {
    const user = userEvent.setup();
    const browser = browserWebAuthn();
    const client = backend().client();
    renderWithProviders(<PasskeySignInButton />, { client, path: '/sign-in' });
    // The authenticator's key was never registered with Appforge.
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered with Appforge.');
    expect((await client.supabase.auth.getSession()).data.session).toBeNull();

    // Ada registers this authenticator's passkey in Settings (elsewhere); now it signs her in.
    const ada = await namedUser(backend(), 'Ada');
    await ada.client.auth.registerPasskey();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(async () => expect((await client.supabase.auth.getSession()).data.session?.user.email).toBe(ada.email));
    expect(browser.prompts).toBe(3);
  });

  it('is not offered where the browser has no WebAuthn', () => {
    renderWithProviders(<PasskeySignInButton />, { client: backend().client(), path: '/sign-in' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('asks for the security key when that is the second factor', async () => {
    const user = userEvent.setup();
    const browser = browserWebAuthn();
    const ada = await namedUser(backend(), 'Ada');
    await ada.client.auth.enrollWebauthn('Security key');
    const factorId = (await ada.client.auth.listFactors())[0]?.id ?? '';
    expect((await ada.client.auth.getAssuranceLevel()).nextLevel).toBe('aal2');
    const onVerified = vi.fn();
    renderWithProviders(<MfaChallengeScreen factorId={factorId} factorType="webauthn" onVerified={onVerified} />, { client: ada.client, path: '/' });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    const before = browser.prompts;
    await user.click(screen.getByRole('button', { name: 'Use security key' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(browser.prompts).toBe(before + 1);
    expect((await ada.client.auth.getAssuranceLevel()).currentLevel).toBe('aal2');
  });
});
