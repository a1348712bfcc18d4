// #17 in real Chromium against the embedded backend: an owner makes a bundle of two deployed apps
// with a monthly price; a visitor opens it, signs in on the sign-in screen branded with the bundle,
// pays on the labelled test checkout and may run its apps; a third person may not; a person of an
// allowed domain gets in free; the owner's /user-plan counts the runs.
import { expect, test } from '@playwright/test';
import { deployedApp, runStatus, signedInUserId } from './bundle-helpers';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

test('a paid bundle: the visitor pays on the test checkout and runs its app; a third person sees the price', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  // The owner signs in where the page asks for it and makes two deployed apps.
  await page.goto(`${WEB}/bundles`);
  await signInWithEmailCode(page, request, uniqueEmail('bundle-owner'));
  await expect(page.getByRole('heading', { name: 'No bundles yet' })).toBeVisible({ timeout: 30_000 });
  const ownerId = await signedInUserId(page);
  const tutor = await deployedApp(request, page, ownerId, 'Essay tutor');
  await deployedApp(request, page, ownerId, 'Quiz maker');

  // A bundle of both, at 9.00 a month.
  await page.getByRole('button', { name: 'Create your first bundle' }).click();
  await page.getByRole('textbox', { name: /Name/ }).fill('Study kit');
  await page.getByRole('button', { name: 'Create bundle' }).click();
  await page.getByRole('button', { name: 'Add Essay tutor' }).click();
  await page.getByRole('button', { name: 'Add Quiz maker' }).click();
  await page.getByRole('button', { name: 'Save apps' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const bundleUrl = page.url().replace(/\/edit-apps$/, '');
  await page.getByRole('link', { name: 'Price' }).click();
  await page.getByRole('radio', { name: /Monthly subscription/ }).check();
  await page.getByRole('textbox', { name: /Amount/ }).fill('9');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // A visitor: the page without signing in, then the branded sign-in, the test checkout, access.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(bundleUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Study kit' })).toBeVisible();
  await expect(visitor.getByText('$9.00 a month')).toBeVisible();
  await visitor.getByRole('link', { name: 'Get access' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Study kit' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  await signInWithEmailCode(visitor, request, uniqueEmail('bundle-buyer'));
  await visitor.getByRole('button', { name: 'Get access' }).click();
  await expect(visitor.getByRole('note')).toContainText('Test checkout — development only. No money moves');
  expect(await runStatus(request, visitor, tutor)).toBe(402);
  await visitor.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(visitor.getByText('You have access.')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Open Essay tutor' })).toBeVisible();
  expect(await runStatus(request, visitor, tutor)).toBe(200);

  // A third person sees the price and may not run the apps.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(`${WEB}/bundles`);
  await signInWithEmailCode(other, request, uniqueEmail('bundle-other'));
  // Signed in once the page they asked for shows (leaving earlier would drop the new session).
  await expect(other.getByRole('heading', { name: 'No bundles yet' })).toBeVisible({ timeout: 30_000 });
  await other.goto(bundleUrl);
  await expect(other.getByText('$9.00 a month')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Get access' })).toBeVisible();
  expect(await runStatus(request, other, tutor)).toBe(402);

  // The owner lets a whole domain in; a person there gets in after signing in, without paying.
  await page.goto(`${bundleUrl}/allowed-users`);
  await page.getByRole('textbox', { name: /E-mail addresses or @domains/ }).fill('@allowed.example\nnot an address');
  await page.getByRole('button', { name: 'Add people' }).click();
  await expect(page.getByText(/Added 1 · already listed 0/)).toBeVisible();
  await expect(page.getByText('Line 2: not an address')).toBeVisible();
  const allowedContext = await browser.newContext();
  const allowed = await allowedContext.newPage();
  await allowed.goto(`${WEB}/bundles`);
  await signInWithEmailCode(allowed, request, uniqueEmail('bundle-pupil', 'allowed.example'));
  // Signed in once the page they asked for shows (leaving earlier would drop the new session).
  await expect(allowed.getByRole('heading', { name: 'No bundles yet' })).toBeVisible({ timeout: 30_000 });
  await allowed.goto(bundleUrl);
  await expect(allowed.getByText('You are on the list of people allowed in.')).toBeVisible();
  expect(await runStatus(request, allowed, tutor)).toBe(200);
  await allowedContext.close();

  // The owner's plan page counts the runs.
  await page.goto(`${WEB}/user-plan`);
  await expect(page.getByRole('meter', { name: 'Runs this month' })).toHaveAttribute('aria-valuetext', '2 of 500');
  await visitorContext.close();
  await otherContext.close();
});
