import { createFakeAppforgeClient, makeIdentity, makeUserRow } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryConsentStore, renderWithProviders } from '../../test/render';
import { DELETE_CONFIRMATION } from '../components/DeleteAccountSection';
import { Component as SettingsPage } from './settings';

function signedIn(): FakeAppforgeClient {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  client.fake.data.me = makeUserRow({ id: session.user.id, email: 'ada@example.org', display_name: 'Ada' });
  return client;
}

describe('/settings', () => {
  it('renames the person and says it was saved; a refused name shows the server’s words', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    renderWithProviders(<SettingsPage />, { client, path: '/settings' });
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveValue('Ada');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.me?.display_name).toBe('Ada Lovelace');

    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(client.fake.data.me?.display_name).toBe('Ada Lovelace');
  });

  it('says when the profile could not be loaded, and "Try again" brings the name field back', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    client.fake.fail('users.getMe');
    renderWithProviders(<SettingsPage />, { client, path: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Your profile could not be loaded.' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Display name')).toBeNull();
    client.fake.heal('users.getMe');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Display name')).toHaveValue('Ada');
  });

  it('lists linked sign-in methods, keeps the last one, links another and unlinks it', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    const userId = client.fake.data.session?.user.id ?? '';
    const email = makeIdentity({ provider: 'email', user_id: userId, identity_data: { email: 'ada@example.org' } });
    client.fake.data.identities = [email];
    const view = renderWithProviders(<SettingsPage />, { client, path: '/settings' });
    const methods = await screen.findByRole('list', { name: 'Linked sign-in methods' });
    expect(within(methods).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(methods).getByRole('button', { name: 'Unlink' })).toBeDisabled();
    expect(screen.getByText('Your only sign-in method cannot be unlinked.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Link Google' }));
    await waitFor(() => expect(client.fake.calls('auth.linkIdentity')).toHaveLength(1));
    expect(client.fake.calls('auth.linkIdentity')[0]?.[0]).toBe('google');
    view.unmount();

    const google = makeIdentity({ provider: 'google', user_id: userId, identity_data: { email: 'ada@gmail.test' } });
    client.fake.data.identities = [email, google];
    renderWithProviders(<SettingsPage />, { client, path: '/settings' });
    const both = await screen.findByRole('list', { name: 'Linked sign-in methods' });
    await waitFor(() => expect(within(both).getAllByRole('button', { name: 'Unlink' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Link Google' })).toBeNull();
    await user.click(within(both).getAllByRole('button', { name: 'Unlink' })[1] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(client.fake.data.identities).toEqual([email]));
  });

  it('enrols an authenticator app with a QR code, refuses a wrong code, turns on with the right one, and removes it', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    renderWithProviders(<SettingsPage />, { client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Invalid TOTP code entered')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), client.fake.data.totpCode);
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const apps = await screen.findByRole('list', { name: 'Authenticator apps' });
    expect(apps).toHaveTextContent('On');

    await user.click(within(apps).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(client.fake.data.factors).toEqual([]);
  });

  it('signs out the other sessions and says so; Sign out ends this one', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    renderWithProviders(<SettingsPage />, { client, path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText('Every other session has been signed out. This one stays signed in.')).toBeInTheDocument();
    expect(client.fake.data.session).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(client.fake.data.session).toBeNull());
  });

  it('switches analytics consent off and on, through the shell’s store', async () => {
    const user = userEvent.setup();
    const analytics = memoryConsentStore(true, 'granted');
    renderWithProviders(<SettingsPage />, { client: signedIn(), path: '/settings', config: { analytics } });
    const toggle = await screen.findByRole('switch', { name: 'Share anonymous usage analytics' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(analytics.getConsent()).toBe('denied');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(analytics.getConsent()).toBe('granted');
  });

  it('says analytics are not configured when the build has no key', async () => {
    renderWithProviders(<SettingsPage />, { client: signedIn(), path: '/settings', config: { analytics: memoryConsentStore(false) } });
    expect(await screen.findByText('Analytics are not configured in this build, so nothing is collected either way.')).toBeInTheDocument();
  });

  it('deletes the account only after the phrase is typed, then goes home signed out', async () => {
    const user = userEvent.setup();
    const client = signedIn();
    renderWithProviders(<SettingsPage />, { client, path: '/settings' });
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
    expect(client.fake.calls('auth.deleteAccount')).toHaveLength(1);
    expect(client.fake.data.session).toBeNull();
    expect(client.fake.data.me).toBeNull();
  });
});
