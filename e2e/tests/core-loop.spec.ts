// The core loop of Appforge in real Chromium against the embedded backend and its offline model:
// a visitor describes an app on /create-new-app → signs up with the code from the dev inbox →
// lands on the builder overview of the app made from the description → previews and deploys it →
// a second, signed-out browser context opens /deployed-app/:id and runs it to the end, with the
// answer streamed into the page.
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const SOURCE_TEXT =
  'Volcanoes form where magma rises through the crust. Eruptions can be explosive or effusive, depending on how much gas and silica the magma holds. ' +
  'Iceland sits on a mid-ocean ridge and has about thirty active volcanic systems.';

/** Screenshots a page of another browser context into the report when the test fails. */
async function attachOnFailure(testInfo: TestInfo, name: string, page: Page | null): Promise<void> {
  if (page === null || page.isClosed() || testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** Records each text shown inside `selector`, from now on (a streamed answer shows partial texts first). */
async function watchTextChanges(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const state = { texts: [] as string[], lastText: '' };
    (window as unknown as { __textChanges: typeof state }).__textChanges = state;
    new MutationObserver(() => {
      const text = document.querySelector(target)?.textContent ?? '';
      if (text !== state.lastText) {
        state.lastText = text;
        if (text !== '' && state.texts.length < 500) state.texts.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, selector);
}

test('a visitor describes an app, signs up, the owner deploys it, and a signed-out visitor runs it with streamed output', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(180_000);
  let visitorPage: Page | null = null;
  try {
    // 1. Describe the app (public page).
    await page.goto(`${WEB}/create-new-app`);
    const box = page.getByRole('textbox', { name: 'Describe the app you need' });
    await expect(box).toBeVisible();
    await page.getByRole('button', { name: 'Summariser' }).click();
    await expect(box).toHaveValue(/summariser/i);
    await page.getByRole('button', { name: 'Sign up and create my app' }).click();

    // 2. Sign up with the code from the dev inbox; the screen says what the sign-up is for.
    await expect(page).toHaveURL(/\/sign-in\?app_description_id=[0-9a-f-]{36}&next=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up To Create Your App' })).toBeVisible();
    await signInWithEmailCode(page, request, uniqueEmail('creator'));

    // 3. The app is built from the description and its overview opens.
    await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['1. What to summarise', '2. Summarise', '3. Summary']);
    await expect(page.getByText('No problems found: this version is ready to deploy.')).toBeVisible();

    // 4. Preview the draft as its owner.
    await page.getByRole('button', { name: 'Run preview' }).click();
    const previewForm = page.getByRole('form', { name: 'What to summarise' });
    // Accessible names, not label text: a required field's label ends in an aria-hidden " *".
    await previewForm.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
    // The preview uses the visitor's form: a short list of options shows as radio buttons.
    const previewRadio = previewForm.getByRole('radio', { name: 'Short paragraph' });
    if ((await previewRadio.count()) > 0) await previewRadio.check();
    else await previewForm.getByRole('combobox', { name: 'Summary length' }).selectOption('Short paragraph');
    await previewForm.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Finished', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Output' })).toContainText('Offline model');

    // 5. Deploy; the public links appear.
    await page.getByRole('button', { name: 'Deploy version 1' }).click();
    const links = page.getByRole('list', { name: 'Public links' });
    await expect(links.getByRole('link', { name: `${WEB}/deployed-app/${appId}` })).toBeVisible();
    await expect(links.getByRole('link', { name: `${WEB}/landing-page/${appId}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled();

    // 6. A signed-out visitor in a fresh context runs the deployed app to the end.
    const visitor = await browser.newContext();
    visitorPage = await visitor.newPage();
    await visitorPage.goto(`${WEB}/deployed-app/${appId}`);
    await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
    const form = visitorPage.getByRole('form', { name: 'What to summarise' });
    await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
    const radio = form.getByRole('radio', { name: 'Bullet points' });
    if ((await radio.count()) > 0) await radio.check();
    else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
    await watchTextChanges(visitorPage, '[aria-label="Answer"]');
    await form.getByRole('button', { name: 'Run' }).click();

    await expect(visitorPage.getByRole('heading', { name: 'Results' })).toBeVisible({ timeout: 30_000 });
    const summary = visitorPage.getByRole('article', { name: 'Summary' });
    await expect(summary).toContainText('Offline model');
    await expect(summary).toContainText('Volcanoes');
    // The run is labelled as the offline model's work (the badge beside the app's name).
    await expect(visitorPage.getByText(/^offline model$/i).first()).toBeVisible();
    await expect(visitorPage.getByRole('button', { name: 'Run again' })).toBeVisible();
    // The answer arrived in pieces, not all at once: the page showed part of it before the whole.
    // (How many pieces the browser paints depends on the machine's load; one partial text is proof.)
    const texts = await visitorPage.evaluate(() => (window as unknown as { __textChanges: { texts: string[] } }).__textChanges.texts);
    const final = texts.at(-1) ?? '';
    expect(final.length).toBeGreaterThan(0);
    const partial = texts.filter((text) => text.length < final.length);
    expect(partial.length, `texts seen: ${JSON.stringify(texts.map((text) => text.length))}`).toBeGreaterThan(0);
    await visitor.close();
  } finally {
    await attachOnFailure(testInfo, 'visitor-page', visitorPage);
  }
});

test('a signed-in person who opens /create-new-app gets the app built straight away', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto(`${WEB}/settings`);
  await signInWithEmailCode(page, request, uniqueEmail('builder'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.goto(`${WEB}/create-new-app`);
  await page.getByRole('textbox', { name: 'Describe the app you need' }).fill('A quiz maker for my geography class with ten questions and answers');
  await page.getByRole('button', { name: 'Create my app' }).click();
  await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz maker' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
});

test('an empty or oversized description is refused on the page, with the limit named', async ({ page }) => {
  await page.goto(`${WEB}/create-new-app`);
  const submit = page.getByRole('button', { name: 'Sign up and create my app' });
  await submit.click();
  await expect(page.getByText('Describe your app first: the description cannot be empty.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Describe the app you need' }).fill('z'.repeat(4001));
  await submit.click();
  await expect(page.getByText('A description has at most 4,000 characters; this one has 4,001. Shorten it by 1.')).toBeVisible();
  await expect(page).toHaveURL(`${WEB}/create-new-app`);
});
