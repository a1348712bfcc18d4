// Live screens (issue #13) in real Chromium against the embedded backend's /realtime/v1: the owner
// has two tabs on the same app; a deploy in one shows in the other, and a signed-out visitor's run
// appears in the owner's run history without a reload.
import { expect, test } from '@playwright/test';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const SOURCE_TEXT = 'Glaciers carve valleys as they move. Meltwater feeds rivers far downstream in summer.';

test('two tabs on one app: a deploy in one updates the other, and a visitor’s run appears in the run history live', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  // The owner: describe an app, sign up, land on its overview (tab 1).
  await page.goto(`${WEB}/create-new-app`);
  await page.getByRole('button', { name: 'Summariser' }).click();
  await page.getByRole('button', { name: 'Sign up and create my app' }).click();
  await expect(page).toHaveURL(/\/sign-in\?app_description_id=/);
  await signInWithEmailCode(page, request, uniqueEmail('live-owner'));
  await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByText('No problems found: this version is ready to deploy.')).toBeVisible();

  // Tab 2: the app's run history, still a draft with no runs.
  const history = await page.context().newPage();
  await history.goto(`${WEB}/app-data/${appId}`);
  await expect(history.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  await expect(history.getByRole('link', { name: 'Finish and deploy the app' })).toBeVisible();
  // Anything below must happen without this tab reloading.
  await history.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });

  // Tab 1 deploys: tab 2 learns it by itself.
  await page.getByRole('button', { name: 'Deploy version 1' }).click();
  await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled();
  await expect(history.getByRole('link', { name: 'Open the app' })).toBeVisible({ timeout: 15_000 });

  // A signed-out visitor runs the deployed app in a separate browser context.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${WEB}/deployed-app/${appId}`);
  const form = visitorPage.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
  const radio = form.getByRole('radio', { name: 'Bullet points' });
  if ((await radio.count()) > 0) await radio.check();
  else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(visitorPage.getByRole('heading', { name: 'Results' })).toBeVisible({ timeout: 30_000 });
  await visitor.close();

  // The owner's run history shows the visitor's run, finished, in the same document.
  const table = history.getByRole('table');
  await expect(table).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('row').nth(1)).toContainText('Glaciers carve valleys', { timeout: 15_000 });
  await expect(history.getByText('1 run', { exact: true })).toBeVisible();
  expect(await history.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
