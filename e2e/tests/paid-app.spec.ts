// #17 in real Chromium: a paid app's own pages. A visitor opens a paid app's deployed page, sees
// the price and "Get access", signs in on the sign-in page branded with the app, pays on the
// labelled test checkout, comes back to the app and runs it to its output. A free app sold inside
// a paid bundle links the visitor to the bundle's page. The landing page offers the same.
import { expect, test } from '@playwright/test';
import { deployedApp, rest, runStatus, signedInUserId } from './bundle-helpers';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

test('a visitor pays for an app on its deployed page and runs it to its output', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  await page.goto(`${WEB}/bundles`);
  await signInWithEmailCode(page, request, uniqueEmail('paid-app-owner'));
  await expect(page.getByRole('heading', { name: 'No bundles yet' })).toBeVisible({ timeout: 30_000 });
  const ownerId = await signedInUserId(page);
  const paid = await deployedApp(request, page, ownerId, 'Essay tutor');
  await rest(request, page, 'PATCH', `/rest/v1/App?id=eq.${paid}`, { price: { kind: 'one_time', amount_cents: 499, currency: 'USD' } });
  const inBundle = await deployedApp(request, page, ownerId, 'Quiz maker');
  const [bundle] = (await rest(request, page, 'POST', '/rest/v1/Bundle', {
    owner_id: ownerId,
    name: 'Study kit',
    price: { kind: 'monthly', amount_cents: 900, currency: 'USD' },
  })) as { id: string }[];
  await rest(request, page, 'POST', '/rest/v1/BundleApp', { bundle_id: bundle?.id, app_id: inBundle, position: 0 });

  // Signed out: the price and "Get access", no form; "Get access" is the sign-in branded with the app.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`${WEB}/landing-page/${paid}`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Get access to Essay tutor' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByRole('link', { name: 'Open app' })).toHaveCount(0);
  await visitor.goto(`${WEB}/deployed-app/${paid}`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Get access to Essay tutor' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('$4.99')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Run' })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Get access' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Essay tutor' })).toBeVisible();
  await signInWithEmailCode(visitor, request, uniqueEmail('paid-app-buyer'));

  // Back on the app, signed in: pay on the test checkout (run-app refuses before), come back, run.
  await expect(visitor).toHaveURL(new RegExp(`/deployed-app/${paid}$`), { timeout: 30_000 });
  expect(await runStatus(request, visitor, paid)).toBe(402);
  await visitor.getByRole('button', { name: 'Get access' }).click();
  await expect(visitor.getByRole('note')).toContainText('Test checkout — development only. No money moves');
  await visitor.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/deployed-app/${paid}\\?checkout=success$`));
  await expect(visitor.getByText('Thank you — you have access to Essay tutor now.')).toBeVisible();
  await visitor.getByRole('button', { name: 'Run' }).click();
  await expect(visitor.getByText('Hello from the bundle.')).toBeVisible({ timeout: 30_000 });

  // A free app inside a paid bundle: the way in is the bundle's page.
  await visitor.goto(`${WEB}/deployed-app/${inBundle}`);
  await expect(visitor.getByText('Quiz maker is part of a paid bundle: get access to the bundle to run it.')).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('$9.00 per month')).toBeVisible();
  await visitor.getByRole('link', { name: 'Get it with Study kit' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/bundle/${bundle?.id ?? ''}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Study kit' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Get access' })).toBeVisible();
  await context.close();
});
