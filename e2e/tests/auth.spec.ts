import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { TOTP } from 'otpauth';
import {
  INVITE_INBOX,
  SCHOOLS_WEB,
  SIGN_IN_HEADING,
  signInWithDevGoogle,
  signInWithEmailCode,
  uniqueEmail,
  WEB,
} from './auth-helpers';
import { allowEmbedding, deployedSummariser, openToSignedInPeople, startEmbeddingSite } from './embed-helpers';

// axe-core is injected as an inline script, which the pages' CSP (no inline script, issue 26)
// rightly refuses; the accessibility checks bypass CSP, security-headers.spec.ts checks it.
test.use({ bypassCSP: true });

const signInHeading = { level: 1, name: SIGN_IN_HEADING } as const;
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

test('a new user signs in with the code from the dev inbox, lands on the page they opened, stays signed in, logs out', async ({ page, request }) => {
  await page.goto(`${WEB}/settings`);
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await expect(page.locator('video[loop]')).toHaveCount(1);

  await signInWithEmailCode(page, request, uniqueEmail('newcomer'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(`${WEB}/settings`);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The sidebar says who is signed in and offers Sign out (issue 27).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
});

test('a wrong code says so and keeps the person on the code step', async ({ page }) => {
  await page.goto(`${WEB}/settings`);
  const email = uniqueEmail('typo');
  await page.getByPlaceholder('Enter email...').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByPlaceholder('Enter code...').fill('000000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right or has expired');
  await expect(page.getByPlaceholder('Enter code...')).toBeVisible();
});

test.describe('with ACCESS_POLICY=invite', () => {
  test.beforeEach(async ({ page }) => {
    // The built app talks to 54321; send its backend calls to the invite-only instance instead.
    await page.route('http://127.0.0.1:54321/**', (route) =>
      route.continue({ url: route.request().url().replace('http://127.0.0.1:54321', 'http://127.0.0.1:54331') }),
    );
  });

  test('an uninvited user sees the access-denied screen, and Logout signs out', async ({ page, request }) => {
    await page.goto(`${WEB}/settings`);
    await signInWithEmailCode(page, request, uniqueEmail('stranger'), INVITE_INBOX);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact support@appforge.local for access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  });

  test('an invited user gets in', async ({ page, request }) => {
    await page.goto(`${WEB}/settings`);
    await signInWithEmailCode(page, request, uniqueEmail('guest', 'invited.example'), INVITE_INBOX);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });
});

test('on schools.localhost a signed-in person who is no teacher or student is denied', async ({ page, request }) => {
  await page.goto(`${SCHOOLS_WEB}/settings`);
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await signInWithEmailCode(page, request, uniqueEmail('outsider'));
  await expect(page.getByRole('heading', { level: 1, name: 'Contact support@appforge.local for access' })).toBeVisible();
});

test('a framed sign-in page opens itself in a new tab and shows the "App Opened in New Tab" modal', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  // Issue 28: the platform's own pages cannot be framed at all, so the sign-in a visitor meets in
  // a frame is the one of an embedded app open to signed-in people, on a site its owner allowed.
  const embedder = await startEmbeddingSite();
  const appId = await deployedSummariser(page, request, 'framed-owner');
  await openToSignedInPeople(page, appId);
  await allowEmbedding(page, appId, [embedder.origin]);

  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  embedder.html = `<!doctype html><title>Embedding</title><iframe title="Embedded Appforge" src="${WEB}/deployed-app/${appId}" width="900" height="700"></iframe>`;
  await site.goto(`${embedder.origin}/embedding-page`);
  const frame = site.frameLocator('iframe[title="Embedded Appforge"]');
  const popup = visitor.waitForEvent('page');
  await frame.getByRole('link', { name: 'Sign in to continue' }).click({ timeout: 30_000 });
  const dialog = frame.getByRole('dialog', { name: 'App Opened in New Tab' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The app should have opened automatically in a new tab.');
  const signInAddress = new RegExp(`^${WEB}/sign-in\\?app_id=${appId}&next=`);
  const opened = await popup;
  await expect(opened).toHaveURL(signInAddress);

  const again = visitor.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open in New Tab' }).click();
  await expect(await again).toHaveURL(signInAddress);
  await visitor.close();
  await embedder.close();
});

test('Google sign-in through the development identity page comes back signed in', async ({ page }) => {
  await page.goto(`${WEB}/settings`);
  const email = uniqueEmail('googler');
  await signInWithDevGoogle(page, email, 'Grace Googler');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // supabase-js drops the tokens from the fragment after reading them (a bare # may remain).
  await expect(page).toHaveURL(/^http:\/\/localhost:4173\/settings#?$/);
  await expect(page.getByRole('list', { name: 'Linked sign-in methods' })).toContainText('Google');
  await expect(page.getByRole('list', { name: 'Linked sign-in methods' })).toContainText(email);
});

test('TOTP: enrol an authenticator app, then signing in asks for its code', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('careful');
  await page.goto(`${WEB}/settings`);
  await signInWithDevGoogle(page, email, 'Careful Carla');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Authenticator apps' })).toContainText('On');

  await page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();

  await signInWithDevGoogle(page, email, 'Careful Carla');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  // The next period's code: the same code twice in one period is something an attacker replays.
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('the sign-in screen has no accessibility violations (axe-core)', async ({ page }) => {
  await page.goto(`${WEB}/settings`);
  await expect(page.getByRole('button', { name: 'Sign in with Apple' })).toBeVisible();
  await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } };
    const results = await axe.run(document);
    return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  expect(violations).toEqual([]);
});
