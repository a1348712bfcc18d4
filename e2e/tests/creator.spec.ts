// A creator's whole workshop in real Chromium against the embedded backend and its offline model
// (no AI endpoint configured: the offline model answers generate-app-version and revises apps
// deterministically). Sign in → create an app from a description → change a prompt in the step
// editor → add a step and turn "Summarise" into a choice with two branches → ask the AI builder for
// a change → compare versions → deploy → edit the deployed version through change-version → set
// icon, price and design → open the deployed app as a signed-out visitor and see the design and
// both branches → see the runs in /app-data. Axe runs on every builder route visited; screenshots
// of the main screens are attached to the report.
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const UUID = '[0-9a-f-]{36}';

const SOURCE_TEXT =
  'Volcanoes form where magma rises through the crust. Eruptions can be explosive or effusive, depending on how much gas and silica the magma holds. ' +
  'Iceland sits on a mid-ocean ridge and has about thirty active volcanic systems.';

const PROMPT_ADDITION = ' Keep every sentence under twenty words.';
const WELCOME = 'Paste any text and get it back in a few lines.';
const THEME = '#0e7490';

/** Axe's violations on the page as it is now, short enough to read in a failed assertion. */
async function accessibilityViolations(page: Page) {
  await page.addScriptTag({ path: AXE_SOURCE });
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } };
    return axe.run(document);
  });
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Checks the route shown on `page` with axe (zero violations) and keeps a screenshot of it. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const violations = await accessibilityViolations(page);
  expect(violations, `axe on ${name} (${page.url()})`).toEqual([]);
}

/** The last UUID in the page's path. */
function lastId(page: Page): string {
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

test('a creator builds, changes, deploys and configures an app, and a visitor runs both branches of it', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(480_000);
  let visitorPage: Page | null = null;
  try {
    // 1. Sign in with the dev inbox code.
    await page.goto(`${WEB}/settings`);
    await signInWithEmailCode(page, request, uniqueEmail('creator-e2e'));
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });

    // 2. Create an app from a description; the overview lists the steps the offline model made.
    await page.goto(`${WEB}/create-new-app`);
    await page.getByRole('button', { name: 'Summariser' }).click();
    await checkScreen(page, testInfo, '00-create-new-app');
    await expect(page.getByRole('textbox', { name: 'Describe the app you need' })).toHaveValue(/summariser/i);
    await page.getByRole('button', { name: 'Create my app' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-app/${UUID}$`), { timeout: 60_000 });
    const appId = lastId(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('heading', { level: 3 })).toHaveText(['1. What to summarise', '2. Summarise', '3. Summary']);
    await checkScreen(page, testInfo, '01-app-overview');

    // 3. The step editor: change the prompt of "Summarise"; it autosaves and survives a reload.
    await page.getByRole('link', { name: 'Edit steps' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-app/${appId}/${UUID}$`));
    const v1 = lastId(page);
    const editorSteps = page.getByRole('list', { name: 'Steps' });
    await expect(editorSteps.getByRole('link', { name: 'Summarise', exact: true })).toBeVisible();
    await checkScreen(page, testInfo, '02-step-list');
    await editorSteps.getByRole('link', { name: 'Summarise', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/create-app/${appId}/${v1}/[a-z0-9-]+$`));
    const summariseUrl = page.url();
    const prompt = page.getByRole('textbox', { name: 'Prompt', exact: true });
    await expect(prompt).toBeVisible();
    await prompt.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(PROMPT_ADDITION);
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '03-step-editor-prompt');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toContainText(PROMPT_ADDITION.trim());

    // 4. Add a second result step after "Summary", name it "Short note", and make "Summary" end the app.
    await page.goto(`${WEB}/create-app/${appId}/${v1}`);
    await page.getByRole('button', { name: 'Add a step after Summary' }).click();
    await page.getByRole('group', { name: 'Add a step after Summary' }).getByRole('button', { name: 'Show a result' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-app/${appId}/${v1}/[a-z0-9-]+$`));
    const title = page.getByRole('textbox', { name: /Step title/ });
    await title.fill('Short note');
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '04a-new-result-step');

    await page.goto(`${WEB}/create-app/${appId}/${v1}`);
    await page.getByRole('link', { name: 'Next step after Summary', exact: true }).click();
    await expect(page).toHaveURL(/\/next-step-selector$/);
    await page.getByRole('radio', { name: /End the app/ }).check();
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '04b-next-step-selector-end');

    // …and turn "Summarise" into a choice: two buttons, two branches.
    await page.goto(`${summariseUrl}/next-step-selector`);
    await page.getByRole('radio', { name: /Let the visitor choose/ }).check();
    await page.getByRole('textbox', { name: 'Button 1 label' }).fill('Full summary');
    await page.getByRole('combobox', { name: 'Button 1 goes to' }).selectOption({ label: 'Summary' });
    await page.getByRole('textbox', { name: 'Button 2 label' }).fill('Just a note');
    await page.getByRole('combobox', { name: 'Button 2 goes to' }).selectOption({ label: 'Short note' });
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '04-next-step-selector-choice');
    await page.goto(`${WEB}/create-app/${appId}/${v1}`);
    await expect(page.getByText('Lets the visitor choose: “Full summary”, “Just a note”')).toBeVisible();

    // 5. Ask the AI builder (offline model) for a change: a new version with its summary.
    await page.goto(`${WEB}/ai-builder/${appId}/${v1}`);
    const box = page.getByRole('textbox', { name: /Describe a change to version 1/ });
    await expect(box).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '05-ai-builder');
    await box.fill('Make it more formal');
    await page.getByRole('button', { name: 'Send' }).click();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByText('Version 2 is ready.')).toBeVisible({ timeout: 60_000 });
    await expect(conversation.getByText('Changed the tone of 1 AI step to formal.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preview of version 2' })).toBeVisible({ timeout: 20_000 });
    const openV2 = await page.getByRole('link', { name: 'Open version 2' }).getAttribute('href');
    const v2 = openV2?.split('/').at(-1) ?? '';
    expect(v2).toMatch(new RegExp(`^${UUID}$`));

    // 6. Compare version 1 and version 2, step by step.
    await page.getByRole('checkbox', { name: 'Compare version 2' }).check();
    await page.getByRole('checkbox', { name: 'Compare version 1' }).check();
    await page.getByRole('button', { name: 'Compare versions 1 and 2' }).click();
    const comparison = page.getByRole('region', { name: 'Changes from version 1 to version 2' });
    await expect(comparison).toBeVisible();
    await expect(comparison.getByText('1 step changed.')).toBeVisible();
    await expect(comparison).toContainText('Step 2: Summarise');
    await expect(comparison).toContainText('System prompt');
    await expect(comparison).toContainText('Tone: formal.');
    await expect(comparison.getByText('3 steps unchanged.')).toBeVisible();
    await checkScreen(page, testInfo, '06-compare-versions');

    // 7. Deploy version 2; the public links appear.
    await page.goto(`${WEB}/create-app-deploy/${appId}/${v2}`);
    await expect(page.getByRole('button', { name: 'Deploy version 2' })).toBeEnabled({ timeout: 20_000 });
    await checkScreen(page, testInfo, '07-deploy');
    await page.getByRole('button', { name: 'Deploy version 2' }).click();
    await expect(page.getByRole('heading', { name: 'Version 2 is live' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: `${WEB}/deployed-app/${appId}` })).toBeVisible();

    // 8. Editing the deployed version goes through change-version: a copy becomes version 3.
    await page.goto(`${WEB}/create-app/${appId}/${v2}`);
    await expect(page.getByRole('note')).toContainText('This version is deployed, so it cannot change');
    await checkScreen(page, testInfo, '07b-deployed-version-frozen');
    await page.getByRole('link', { name: 'Edit a copy of this version' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-app-change-version/${appId}/${v2}$`));
    await expect(page.getByText(/Visitors are using this version right now, so it never changes under them\./)).toBeVisible();
    await checkScreen(page, testInfo, '08-change-version');
    await page.getByRole('button', { name: 'Copy into a new draft' }).click();
    await expect(page.getByRole('heading', { name: 'Version 3 is your new draft' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/create-app-change-version-confirm/${appId}/${v2}/${UUID}$`));
    await checkScreen(page, testInfo, '09-change-version-confirm');
    await page.getByRole('link', { name: 'Edit version 3' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('note')).toHaveCount(0);
    // The copy is editable: rename a step there. Visitors keep version 2 (checked in step 10).
    await page.getByRole('list', { name: 'Steps' }).getByRole('link', { name: 'Short note', exact: true }).click();
    await page.getByRole('textbox', { name: /Step title/ }).fill('Quick note');
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '09b-version-3-step-editor');

    // 9. Icon (generated), price and design.
    await page.goto(`${WEB}/app-settings/${appId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '10-app-settings');

    await page.goto(`${WEB}/app-icon/${appId}`);
    await page.getByRole('tab', { name: 'Generate one' }).click({ timeout: 20_000 });
    await page.getByRole('radio', { name: 'Circle' }).check();
    await page.getByRole('button', { name: 'Use this icon' }).click();
    await expect(page.getByText('Icon saved.')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '11-app-icon');

    await page.goto(`${WEB}/app-price/${appId}`);
    await page.getByRole('radio', { name: 'One-time payment' }).check({ timeout: 20_000 });
    await page.getByRole('textbox', { name: /Amount/ }).fill('3,50');
    await expect(page.getByText(/Visitors will see:/)).toContainText('3.50');
    await page.getByRole('button', { name: 'Save price' }).click();
    await expect(page.getByText('Saved.')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '12-app-price');

    await page.goto(`${WEB}/app-design/${appId}`);
    const themeCode = page.getByRole('textbox', { name: 'Theme colour', exact: true });
    await themeCode.fill(THEME, { timeout: 20_000 });
    await page.getByRole('radio', { name: 'Wide' }).check();
    await page.getByRole('textbox', { name: 'Welcome text' }).fill(WELCOME);
    await expect(page.getByTestId('design-preview')).toContainText(WELCOME);
    await page.getByRole('button', { name: 'Save design' }).click();
    await expect(page.getByText('Saved.')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '13-app-design');

    // 10. A signed-out visitor opens the deployed app: the design shows, and both branches work.
    const visitor = await browser.newContext();
    visitorPage = await visitor.newPage();
    await visitorPage.goto(`${WEB}/deployed-app/${appId}`);
    await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible({ timeout: 20_000 });
    await expect(visitorPage.getByText(WELCOME)).toBeVisible();
    expect(await accessibilityViolations(visitorPage), 'axe on /deployed-app').toEqual([]);
    const primary = await visitorPage.locator('.visitor-app, [style*="--af-color-primary"]').first().evaluate((node) => getComputedStyle(node).getPropertyValue('--af-color-primary').trim());
    expect(primary.toLowerCase()).toBe(THEME);

    const form = visitorPage.getByRole('form', { name: 'What to summarise' });
    await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
    const radio = form.getByRole('radio', { name: 'Bullet points' });
    if ((await radio.count()) > 0) await radio.check();
    else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
    await form.getByRole('button', { name: 'Run' }).click();

    // Branch 1: "Full summary" leads to the Summary step only.
    await visitorPage.getByRole('button', { name: 'Just a note' }).waitFor({ timeout: 60_000 });
    await visitorPage.getByRole('button', { name: 'Full summary' }).click();
    await expect(visitorPage.getByRole('heading', { name: 'Results' })).toBeVisible({ timeout: 60_000 });
    await expect(visitorPage.getByRole('article', { name: 'Summary' })).toContainText('Offline model');
    await expect(visitorPage.getByRole('article', { name: 'Short note' })).toHaveCount(0);
    await testInfo.attach('14-deployed-app-full-summary.png', { body: await visitorPage.screenshot({ fullPage: true }), contentType: 'image/png' });

    // Branch 2: "Run again" re-runs with the same answers; "Just a note" leads to the Short note only.
    await visitorPage.getByRole('button', { name: 'Run again' }).click();
    await visitorPage.getByRole('button', { name: 'Just a note' }).click({ timeout: 60_000 });
    await expect(visitorPage.getByRole('article', { name: 'Short note' })).toContainText('Offline model', { timeout: 60_000 });
    await expect(visitorPage.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(visitorPage.getByRole('article', { name: 'Summary' })).toHaveCount(0);
    await testInfo.attach('15-deployed-app-short-note.png', { body: await visitorPage.screenshot({ fullPage: true }), contentType: 'image/png' });
    await visitor.close();
    visitorPage = null;

    // 11. The runs show up in /app-data.
    await page.goto(`${WEB}/app-data/${appId}`);
    const table = page.getByRole('table');
    await expect(table).toBeVisible({ timeout: 20_000 });
    // A header row and the visitor's two runs, both finished, on the deployed version 2.
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('cell', { name: 'Done', exact: true })).toHaveCount(2);
    await expect(table.getByRole('cell', { name: 'v2', exact: true })).toHaveCount(2);
    await checkScreen(page, testInfo, '16-app-data');
    await page.getByRole('button', { name: /^Open the run from/ }).first().click();
    const details = page.getByRole('dialog', { name: 'Run details' });
    await expect(details).toContainText('Volcanoes');
    await testInfo.attach('17-run-details.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    expect(await accessibilityViolations(page), 'axe on the run details dialog').toEqual([]);

    // 12. Home lists the app as deployed, and the landing page shows the price that was set.
    await page.keyboard.press('Escape');
    await page.goto(`${WEB}/`);
    await expect(page.getByText('Summariser').first()).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '18-home');
    await page.goto(`${WEB}/landing-page/${appId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/3\.50/).first()).toBeVisible();
    await checkScreen(page, testInfo, '19-landing-page');
  } finally {
    if (visitorPage !== null && !visitorPage.isClosed() && testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('visitor-page-on-failure.png', { body: await visitorPage.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
  }
});
