// Custom domains (issue 18) in real Chromium against the embedded backend: the owner of a deployed
// app attaches quiz-<run>.localhost on /custom-domain/:appId; it verifies at once (development);
// a signed-out visitor opens http://quiz-<run>.localhost:4173/ and runs the app; the owner switches
// the domain to the landing page, then removes it, and the host says it is not connected.
// Second test: an app open to signed-in people only, on its own domain, sends a signed-out visitor
// to sign in on that same host, on a page branded with the app, and back to the app there.
// Third: a buyer who paid on the main host signs in on the app's domain ("Already bought it?") and
// runs the app there without paying again. On the domain the address bar stays at `/` throughout.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SIGN_IN_HEADING, signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';
import { deployedApp, rest, runStatus, signedInUserId } from './bundle-helpers';
import { deployedSummariser } from './embed-helpers';

const SOURCE_TEXT = 'Glaciers are slow rivers of ice. They carve valleys and leave moraines behind when they melt.';

/** Fills the summariser's form on the visitor's page, runs it, and waits for the summary. */
async function runSummariser(visitorPage: Page): Promise<void> {
  const form = visitorPage.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
  const radio = form.getByRole('radio', { name: 'Bullet points' });
  if ((await radio.count()) > 0) await radio.check();
  else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(visitorPage.getByRole('article', { name: 'Summary' })).toContainText('Glaciers', { timeout: 30_000 });
}

test('a deployed app on its own domain: attach, verify, visit and run, switch to the landing page, remove', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const host = `quiz-${Date.now().toString(36)}.localhost`;

  // The owner describes an app, signs up and deploys it (the offline model builds it).
  const appId = await deployedSummariser(page, request, 'domain-owner');

  // The app's settings lead to its custom-domain page.
  await page.goto(`${WEB}/app-settings/${appId}`);
  await page.locator('#main').getByRole('link', { name: /Custom domain/ }).click();
  await expect(page).toHaveURL(`${WEB}/custom-domain/${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Custom domain' })).toBeVisible();

  // A bad host is refused in words; the .localhost host is connected at once in development.
  await page.getByRole('textbox', { name: 'Domain' }).fill(`http://${host}:4173/`);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByText(/Leave out “http:\/\/” or “https:\/\/”/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Domain' }).fill(host);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const card = page.getByRole('region', { name: host });
  await expect(card.getByText('Connected')).toBeVisible();
  await expect(card.getByText(/no DNS records are needed/)).toBeVisible();

  // A signed-out visitor opens the domain's root and gets the deployed app, and runs it.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  // The address bar stays at the root: the owner's domain, not /deployed-app/<id> (issue 28).
  await visitorPage.goto(`http://${host}:4173/`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
  await expect(visitorPage).toHaveURL(`http://${host}:4173/`);
  await runSummariser(visitorPage);

  // The owner switches the domain to the landing page: the root now shows that.
  await card.getByRole('combobox', { name: 'What it shows' }).click();
  await page.getByRole('option', { name: 'The app’s landing page' }).click();
  await expect(page.getByText(`${host} now shows the app’s landing page.`, { exact: true })).toBeVisible();
  await visitorPage.goto(`http://${host}:4173/`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: 'Open app' })).toBeVisible();
  await expect(visitorPage).toHaveURL(`http://${host}:4173/`);

  // Removed (after a confirmation), the host is no longer connected to anything.
  await card.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove domain' }).click();
  await expect(page.getByText('No domain yet')).toBeVisible();
  await visitorPage.goto(`http://${host}:4173/`);
  await expect(visitorPage.getByText('This domain is not connected to an app')).toBeVisible();
  await visitor.close();
});

test('an app for signed-in people on its own domain: the visitor signs in on that host, on a page branded with the app and its icon, and comes back to it', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const host = `members-${Date.now().toString(36)}.localhost`;
  const origin = `http://${host}:4173`;

  // The owner deploys an app, opens it to signed-in people only, and connects the domain.
  const appId = await deployedSummariser(page, request, 'members-owner');
  await page.goto(`${WEB}/app-details/${appId}`);
  await page.getByRole('radio', { name: /Signed-in people/ }).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.goto(`${WEB}/app-icon/${appId}`);
  await page.getByRole('tab', { name: 'Generate one' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Use this icon' }).click();
  await expect(page.getByText('Icon saved.')).toBeVisible({ timeout: 20_000 });
  await page.goto(`${WEB}/custom-domain/${appId}`);
  await page.getByRole('textbox', { name: 'Domain' }).fill(host);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('region', { name: host }).getByText('Connected')).toBeVisible();

  // A signed-out visitor on the domain is asked to sign in, and the link stays on that host.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${origin}/`);
  // Signed out, the app's row is hidden, but not its name: the page asks to sign in to use it.
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Sign in to use Summariser' })).toBeVisible();
  await expect(visitorPage.getByText(/does not exist/)).toHaveCount(0);
  await expect(visitorPage).toHaveURL(`${origin}/`);
  await visitorPage.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/sign-in\\?app_id=${appId}&next=`));
  // The sign-in page is branded with the app: its name is the heading, not Appforge's default.
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
  await expect(visitorPage.getByRole('heading', { level: 1, name: SIGN_IN_HEADING })).toHaveCount(0);
  // …and its icon, from the public app-icons bucket as a Storage rendering at icon size (issue 32).
  const icon = visitorPage.locator('img.auth-brand-icon');
  await expect(icon).toHaveAttribute('src', /\/storage\/v1\/render\/image\/public\/app-icons\/.*\?width=192&height=192&resize=cover$/);
  await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(await icon.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([192, 192]);
  await signInWithEmailCode(visitorPage, request, uniqueEmail('members-visitor'));

  // Back on the app, on the custom host, signed in: the form is there and the app runs.
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible({ timeout: 20_000 });
  await expect(visitorPage).toHaveURL(`${origin}/`);
  await runSummariser(visitorPage);
  await visitor.close();
});

test('a buyer who paid on the main host signs in on the app’s own domain and runs it without paying again', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const host = `shop-${Date.now().toString(36)}.localhost`;
  const origin = `http://${host}:4173`;

  // The owner sells an app and connects the domain to it.
  await page.goto(`${WEB}/bundles`);
  await signInWithEmailCode(page, request, uniqueEmail('domain-seller'));
  await expect(page.getByRole('heading', { name: 'No bundles yet' })).toBeVisible({ timeout: 30_000 });
  const appId = await deployedApp(request, page, await signedInUserId(page), 'Essay tutor');
  await rest(request, page, 'PATCH', `/rest/v1/App?id=eq.${appId}`, { price: { kind: 'one_time', amount_cents: 499, currency: 'USD' } });
  await page.goto(`${WEB}/custom-domain/${appId}`);
  await page.getByRole('textbox', { name: 'Domain' }).fill(host);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('region', { name: host }).getByText('Connected')).toBeVisible();

  // The buyer pays on the main host (the labelled test checkout).
  const buyerEmail = uniqueEmail('domain-buyer');
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(`${WEB}/deployed-app/${appId}`);
  await buyerPage.getByRole('link', { name: 'Get access' }).click();
  await signInWithEmailCode(buyerPage, request, buyerEmail);
  await buyerPage.getByRole('button', { name: 'Get access' }).click({ timeout: 30_000 });
  await buyerPage.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(buyerPage.getByText('Thank you — you have access to Essay tutor now.')).toBeVisible({ timeout: 30_000 });

  // On the app's domain the buyer is not signed in: the paywall offers signing in there.
  await buyerPage.goto(`${origin}/`);
  await expect(buyerPage.getByRole('heading', { level: 2, name: 'Get access to Essay tutor' })).toBeVisible({ timeout: 30_000 });
  await expect(buyerPage).toHaveURL(`${origin}/`);
  await buyerPage.getByRole('link', { name: 'Already bought it? Sign in' }).click();
  await expect(buyerPage).toHaveURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/sign-in\\?app_id=${appId}&next=`));
  await signInWithEmailCode(buyerPage, request, buyerEmail);

  // Signed in on that host, the purchase is recognised: the app runs, nothing more to pay.
  await expect(buyerPage.getByRole('button', { name: 'Run' })).toBeVisible({ timeout: 30_000 });
  await expect(buyerPage).toHaveURL(`${origin}/`);
  await expect(buyerPage.getByRole('heading', { level: 2, name: 'Get access to Essay tutor' })).toHaveCount(0);
  expect(await runStatus(request, buyerPage, appId)).toBe(200);
  await buyerPage.getByRole('button', { name: 'Run' }).click();
  await expect(buyerPage.getByText('Hello from the bundle.')).toBeVisible({ timeout: 30_000 });
  await buyer.close();
});
