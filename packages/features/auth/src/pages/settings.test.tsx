import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { namedUser, network, storedDisplayName, totpCode } from '../../test/fixtures';
import { memoryConsentStore, renderWithProviders } from '../../test/render';
import { DELETE_CONFIRMATION } from '../components/DeleteAccountSection';
import { Component as SettingsPage } from './settings';

const backend = setupAppforgeBackend();

/** The user's identities' providers, as the backend holds them. */
async function providersOf(userId: string): Promise<string[]> {
  const { data, error } = await backend().admin.auth.admin.getUserById(userId);
  if (error) throw error;
  return (data.user.identities ?? []).map((identity) => identity.provider).sort();
}

describe('/settings', () => {
  it('renames the person and says it was saved; a refused name shows the server’s words', async () => {
    const user = userEvent.setup();
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveValue('Ada');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(await storedDisplayName(backend(), ada.id)).toBe('Ada Lovelace');

    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(await storedDisplayName(backend(), ada.id)).toBe('Ada Lovelace');
  });

  it('says when the profile could not be loaded, and "Try again" brings the name field back', async () => {
    const user = userEvent.setup();
    const net = network();
    const ada = await namedUser(backend(), 'Ada', { fetch: net.fetch });
    // The profile's read loses its connection (every retry too); the rest of the page loads.
    net.failing.push('/rest/v1/User?');
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    // Retried as a dropped connection is (the SDK's retries around postgrest-js's own) before it says so.
    expect(await screen.findByRole('heading', { name: 'Your profile could not be loaded.' }, { timeout: 60_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Display name')).toBeNull();
    net.failing.length = 0;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Display name')).toHaveValue('Ada');
  });

  it('lists linked sign-in methods, keeps the last one, links another and unlinks it', async () => {
    const user = userEvent.setup();
    const ada = await namedUser(backend(), 'Ada');
    const linking = vi.spyOn(ada.client.auth, 'linkIdentity');
    const view = renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    const methods = await screen.findByRole('list', { name: 'Linked sign-in methods' });
    expect(within(methods).getByText(ada.email)).toBeInTheDocument();
    expect(within(methods).getByRole('button', { name: 'Unlink' })).toBeDisabled();
    expect(screen.getByText('Your only sign-in method cannot be unlinked.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Link Google' }));
    await waitFor(() => expect(linking).toHaveBeenCalledTimes(1));
    expect(linking.mock.calls[0]?.[0]).toBe('google');
    // The browser would now go to the provider; the backend's local identity page stands in for
    // Google, and the person picks an identity there.
    const { url } = await (linking.mock.results[0]?.value as Promise<{ url: string }>);
    const flow = new URL(url).searchParams.get('flow') ?? '';
    const picked = await fetch(`${backend().url}/auth/v1/dev-identity`, {
      method: 'POST',
      body: new URLSearchParams({ flow, email: 'ada@gmail.test', name: 'Ada' }),
      redirect: 'manual',
    });
    expect(picked.status).toBe(302);
    expect(await providersOf(ada.id)).toEqual(['email', 'google']);
    view.unmount();

    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    const both = await screen.findByRole('list', { name: 'Linked sign-in methods' });
    await waitFor(() => expect(within(both).getAllByRole('button', { name: 'Unlink' })).toHaveLength(2));
    expect(within(both).getByText('ada@gmail.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Google' })).toBeNull();
    const google = within(both).getByText('ada@gmail.test').closest('li') as HTMLElement;
    await user.click(within(google).getByRole('button', { name: 'Unlink' }));
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    await waitFor(async () => expect(await providersOf(ada.id)).toEqual(['email']));
  });

  it('enrols an authenticator app with a QR code, refuses a wrong code, turns on with the right one, and removes it', async () => {
    const user = userEvent.setup();
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    const secret = screen.getByTestId('totp-secret').textContent ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    const right = await totpCode(secret);
    await user.type(screen.getByLabelText('6-digit code'), right === '000000' ? '111111' : '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Invalid TOTP code entered')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), await totpCode(secret));
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const apps = await screen.findByRole('list', { name: 'Authenticator apps' });
    expect(apps).toHaveTextContent('On');
    expect((await backend().admin.auth.admin.mfa.listFactors({ userId: ada.id })).data?.factors.map((factor) => factor.status)).toEqual(['verified']);

    await user.click(within(apps).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect((await backend().admin.auth.admin.mfa.listFactors({ userId: ada.id })).data?.factors).toEqual([]);
  });

  it('signs out the other sessions and says so; Sign out ends this one', async () => {
    const user = userEvent.setup();
    const ada = await namedUser(backend(), 'Ada');
    // The same person signed in elsewhere.
    const elsewhere = backend().client();
    expect((await elsewhere.supabase.auth.signInWithPassword({ email: ada.email, password: ada.password })).error).toBeNull();
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText('Every other session has been signed out. This one stays signed in.')).toBeInTheDocument();
    // The other session can no longer be renewed; this one can.
    expect((await elsewhere.supabase.auth.refreshSession()).error).not.toBeNull();
    expect((await ada.client.supabase.auth.refreshSession()).error).toBeNull();
    expect((await ada.client.supabase.auth.getSession()).data.session).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(async () => expect((await ada.client.supabase.auth.getSession()).data.session).toBeNull());
  });

  it('switches analytics consent off and on, through the shell’s store', async () => {
    const user = userEvent.setup();
    const analytics = memoryConsentStore(true, 'granted');
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings', config: { analytics } });
    const toggle = await screen.findByRole('switch', { name: 'Share anonymous usage analytics' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(analytics.getConsent()).toBe('denied');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(analytics.getConsent()).toBe('granted');
  });

  it('says analytics are not configured when the build has no key', async () => {
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings', config: { analytics: memoryConsentStore(false) } });
    expect(await screen.findByText('Analytics are not configured in this build, so nothing is collected either way.')).toBeInTheDocument();
  });

  it('deletes the account only after the phrase is typed, then goes home signed out', async () => {
    const user = userEvent.setup();
    const ada = await namedUser(backend(), 'Ada');
    renderWithProviders(<SettingsPage />, { client: ada.client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'delete my acount');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), DELETE_CONFIRMATION);
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect((await ada.client.supabase.auth.getSession()).data.session).toBeNull();
    // Gone from the backend: the sign-in account and the person's row.
    expect((await backend().admin.auth.admin.getUserById(ada.id)).error).not.toBeNull();
    expect(await storedDisplayName(backend(), ada.id)).toBeUndefined();
  });
});
