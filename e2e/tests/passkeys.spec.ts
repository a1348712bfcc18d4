// Passkeys (issue 20) in Chromium with a CDP virtual authenticator: a platform authenticator
// (CTAP2, internal transport, resident keys, user verification; a USB one for the security key) that answers the browser's real
// navigator.credentials.create()/get() — the backend checks real attestations and assertions.
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { SIGN_IN_HEADING, signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const signInHeading = { level: 1, name: SIGN_IN_HEADING } as const;

async function virtualAuthenticator(page: Page, transport: 'internal' | 'usb' = 'internal'): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a person adds a passkey in Settings, signs out, and signs back in with it', async ({ page, request }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');

  await page.goto(`${WEB}/settings`);
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await signInWithEmailCode(page, request, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. You can use it the next time you sign in.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('not used yet');
  // The authenticator now holds one discoverable credential for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe('localhost');

  await page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(`${WEB}/settings`);
  // Signed in as the same person: their passkey is listed, now with its last use.
  await expect(page.getByRole('list', { name: 'Passkeys' })).toContainText('last used');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(0);

  // Deleting it ends sign-in with it.
  await page.getByRole('button', { name: /Delete passkey added/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not registered with Appforge.');
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
});

test('without any passkey on the device, the sign-in screen says no passkey was used', async ({ page }) => {
  await virtualAuthenticator(page);
  await page.goto(`${WEB}/settings`);
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('No passkey was used.', { timeout: 20_000 });
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
});

test('a security key as second factor: enrolled in Settings, then asked for after the e-mail code', async ({ page, request }) => {
  // auth-js asks for a cross-platform security key for MFA: a USB one here.
  const { cdp, authenticatorId } = await virtualAuthenticator(page, 'usb');
  const email = uniqueEmail('security-key');
  await page.goto(`${WEB}/settings`);
  await signInWithEmailCode(page, request, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Use a security key' }).click();
  await expect(page.getByRole('list', { name: 'Authenticator apps' })).toContainText('Security key');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  await page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await signInWithEmailCode(page, request, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use security key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(0);
});

