// A creator's whole workshop in real Chromium against the AI backend ("backend-ai" in
// playwright.config.ts), whose every model call goes to the fake OpenAI-compatible server on
// loopback (servers/fake-model.ts). Before each step that calls the model the test queues the
// model's answer: the app spec JSON for "create from description" and for the AI builder's change,
// and the streamed text of the AI step for the preview run and for each of the visitor's runs.
// Sign in → create an app from a description → change a prompt in the step editor → add a step and
// turn "Summarise" into a choice with two branches → ask the AI builder for a change → run the new
// version as a preview → compare versions → deploy → edit the deployed version through
// one-click draft → set icon, price and design → open the deployed app as a signed-out visitor and
// see the design and both branches → see the runs in /app-data. Axe runs on every builder route
// visited; screenshots of the main screens are attached to the report. A second test visits every
// builder route of that app at phone width (390 × 844): no sideways scrolling, the heading shows.
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type { BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { z } from 'zod';
import { requestText } from '../servers/fake-model-protocol';
import type { RecordedModelRequest } from '../servers/fake-model-protocol';
import { AI_INBOX, enqueueModelReplies, modelRequests, resetModel, routeToAiBackend, streamedAnswer, versionSpec } from './ai-backend-helpers';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

// axe-core is injected as an inline script, which the pages' CSP (no inline script, issue 26)
// rightly refuses; the accessibility checks bypass CSP, security-headers.spec.ts checks it.
test.use({ bypassCSP: true });

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const UUID = '[0-9a-f-]{36}';

const SOURCE_TEXT =
  'Volcanoes form where magma rises through the crust. Eruptions can be explosive or effusive, depending on how much gas and silica the magma holds. ' +
  'Iceland sits on a mid-ocean ridge and has about thirty active volcanic systems.';

const PROMPT_ADDITION = ' Keep every sentence under twenty words.';
const WELCOME = 'Paste any text and get it back in a few lines.';
const THEME = '#0e7490';

// What the fake model answers, step by step.
/** The app the model writes for the description: not the offline template's (its name differs). */
const APP_NAME = 'Plain Summariser';
const APP_DESCRIPTION = 'Turns a long text into a short summary at the length you pick.';
const APP_SPEC = {
  entryStepId: 'the-text',
  steps: [
    {
      id: 'the-text',
      kind: 'input',
      title: 'What to summarise',
      config: {
        fields: [
          { type: 'long_text', name: 'text', label: 'Text', required: true, maxLength: 20000 },
          { type: 'choice', name: 'length', label: 'Summary length', required: true, options: ['One sentence', 'Short paragraph', 'Bullet points'] },
        ],
      },
    },
    {
      id: 'summarise',
      kind: 'ai',
      title: 'Summarise',
      config: {
        prompt: 'Summarise the text below as: {{length}}. Keep names, numbers and dates exact.\n\n{{text}}',
        outputVariable: 'summary',
        outputFormat: 'markdown',
      },
    },
    { id: 'show-summary', kind: 'output', title: 'Summary', config: { template: '## Summary\n\n{{summary}}' } },
  ],
};
/** The creator's words to the AI builder, and the change the model makes for them. */
const CHANGE_REQUEST = 'Make it more formal: the summaries go into a board report.';
const FORMAL_SYSTEM = 'Write in a formal register suitable for a board report.';
const CHANGE_SUMMARY = 'Summarise now writes in a formal register for board reports.';
/** The AI step's answers: the preview run, then the visitor's two runs. */
const PREVIEW_ANSWER = 'Volcanoes form where rising magma breaks through the crust.';
const VISITOR_BULLETS = [
  'Magma rising through the crust forms volcanoes.',
  'Gas and silica decide whether an eruption is explosive or effusive.',
  'Iceland has about thirty active volcanic systems.',
];
const VISITOR_NOTE = 'Iceland alone has some thirty active volcanic systems.';

/** Enough of a stored spec to change one step's config, keeping everything else as it is. */
const storedSpecSchema = z.looseObject({
  steps: z.array(z.looseObject({ id: z.string(), config: z.looseObject({}) })),
});

/** The spec with `system` set on one step, as the model would rewrite it. */
function withSystemPrompt(spec: unknown, stepId: string, system: string) {
  const parsed = storedSpecSchema.parse(spec);
  return { ...parsed, steps: parsed.steps.map((step) => (step.id === stepId ? { ...step, config: { ...step.config, system } } : step)) };
}

/** What the creator test leaves for the phone-width test. */
interface CreatedApp {
  readonly storageState: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;
  readonly appId: string;
  readonly v2: string;
  readonly v3: string;
  readonly summariseStepId: string;
}
let created: CreatedApp | null = null;

test.describe.configure({ mode: 'serial' });

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

/** The recorded model request that carries `words`; fails when none or several do. */
function requestWith(requests: readonly RecordedModelRequest[], words: string): RecordedModelRequest {
  const matching = requests.filter((request) => requestText(request).includes(words));
  expect(matching, `model requests containing “${words}”`).toHaveLength(1);
  const [request] = matching;
  if (request === undefined) throw new Error(`No model request contains “${words}”`);
  return request;
}

test('a creator builds, changes, deploys and configures an app with the AI model, and a visitor runs both branches of it', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(480_000);
  await resetModel(request);
  const creatorRouting = await routeToAiBackend(page.context());
  let visitorPage: Page | null = null;
  try {
    // 1. Sign in with the code from the AI backend's dev inbox.
    await page.goto(`${WEB}/settings`);
    await signInWithEmailCode(page, request, uniqueEmail('creator-e2e'), AI_INBOX);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });

    // 2. Create an app from a description: the model writes its name, description and spec.
    await page.goto(`${WEB}/create-new-app`);
    await page.getByRole('button', { name: 'Summariser' }).click();
    await checkScreen(page, testInfo, '00-create-new-app');
    const description = page.getByRole('textbox', { name: 'Describe the app you need' });
    await expect(description).toHaveValue(/summariser/i);
    const descriptionText = await description.inputValue();
    await enqueueModelReplies(request, { text: JSON.stringify({ name: APP_NAME, description: APP_DESCRIPTION, spec: APP_SPEC }) });
    await page.getByRole('button', { name: 'Create my app' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-app/${UUID}$`), { timeout: 60_000 });
    const appId = lastId(page);
    await expect(page.getByRole('heading', { level: 1, name: APP_NAME })).toBeVisible();
    await expect(page.getByText(APP_DESCRIPTION)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('heading', { level: 3 })).toHaveText(['1. What to summarise', '2. Summarise', '3. Summary']);
    const afterCreate = await modelRequests(request);
    expect(afterCreate.requests).toHaveLength(1);
    expect(afterCreate.requests[0]).toMatchObject({ model: 'fake-model', stream: false, authorized: true });
    expect(requestText(requestWith(afterCreate.requests, descriptionText))).toContain('Build an app for this description');
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
    const summariseStepId = lastId(page);
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

    // 5. Ask the AI builder for a change. The model gets version 1 as stored (with the creator's
    // edits) and the creator's words, and answers with the whole new spec and a change summary.
    await page.goto(`${WEB}/ai-builder/${appId}/${v1}`);
    const box = page.getByRole('textbox', { name: /Describe a change to version 1/ });
    await expect(box).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '05-ai-builder');
    const revisedSpec = withSystemPrompt(await versionSpec(page, request, v1), summariseStepId, FORMAL_SYSTEM);
    await enqueueModelReplies(request, { text: JSON.stringify({ spec: revisedSpec, changeSummary: CHANGE_SUMMARY }) });
    await box.fill(CHANGE_REQUEST);
    await page.getByRole('button', { name: 'Send' }).click();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByText('Version 2 is ready.')).toBeVisible({ timeout: 60_000 });
    await expect(conversation.getByText(CHANGE_SUMMARY)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preview of version 2' })).toBeVisible({ timeout: 20_000 });
    const afterChange = await modelRequests(request);
    expect(afterChange.requests).toHaveLength(2);
    const changeRequest = requestWith(afterChange.requests, CHANGE_REQUEST);
    expect(changeRequest).toMatchObject({ model: 'fake-model', stream: false, authorized: true });
    // The backend sent version 1 as the creator left it: the edited prompt and the choice's labels.
    expect(requestText(changeRequest)).toContain(PROMPT_ADDITION.trim());
    expect(requestText(changeRequest)).toContain('Just a note');
    // Version 1 was written by the model from the description, version 2 carries the model's summary.
    await expect(page.getByText('Built by fake-model from the description.')).toBeVisible();
    const openV2 = await page.getByRole('link', { name: 'Open version 2' }).getAttribute('href');
    const v2 = openV2?.split('/').at(-1) ?? '';
    expect(v2).toMatch(new RegExp(`^${UUID}$`));

    // …and try version 2 in the preview: the AI step's words stream in from the model.
    await enqueueModelReplies(request, streamedAnswer(PREVIEW_ANSWER));
    const previewPanel = page.getByRole('region', { name: 'Preview of version 2' });
    await previewPanel.getByRole('button', { name: 'Run preview' }).click();
    const previewForm = previewPanel.getByRole('form', { name: 'What to summarise' });
    await previewForm.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
    const previewLength = previewForm.getByRole('radio', { name: 'One sentence' });
    if ((await previewLength.count()) > 0) await previewLength.check();
    else await previewForm.getByRole('combobox', { name: 'Summary length' }).selectOption('One sentence');
    await previewForm.getByRole('button', { name: /^(Continue|Run)$/ }).click();
    await previewPanel.getByRole('button', { name: 'Full summary' }).click({ timeout: 60_000 });
    await expect(previewPanel.getByRole('status')).toHaveText('Finished', { timeout: 60_000 });
    await expect(previewPanel.getByRole('region', { name: 'Preview output' })).toContainText(PREVIEW_ANSWER);
    await expect(previewPanel.getByText('fake-model', { exact: true })).toBeVisible();
    await testInfo.attach('05b-ai-builder-preview.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    const previewRequest = requestWith((await modelRequests(request)).requests, SOURCE_TEXT);
    expect(previewRequest.stream).toBe(true);
    expect(requestText(previewRequest)).toContain(FORMAL_SYSTEM);

    // 6. Compare version 1 and version 2, step by step.
    await page.getByRole('checkbox', { name: 'Compare version 2' }).check();
    await page.getByRole('checkbox', { name: 'Compare version 1' }).check();
    await page.getByRole('button', { name: 'Compare versions 1 and 2' }).click();
    const comparison = page.getByRole('region', { name: 'Changes from version 1 to version 2' });
    await expect(comparison).toBeVisible();
    await expect(comparison.getByText('1 step changed.')).toBeVisible();
    await expect(comparison).toContainText('Step 2: Summarise');
    await expect(comparison).toContainText('System prompt');
    await expect(comparison).toContainText(FORMAL_SYSTEM);
    await expect(comparison.getByText('3 steps unchanged.')).toBeVisible();
    await checkScreen(page, testInfo, '06-compare-versions');

    // 7. Deploy version 2; the public links appear.
    await page.goto(`${WEB}/create-app-deploy/${appId}/${v2}`);
    await expect(page.getByRole('button', { name: 'Deploy version 2' })).toBeEnabled({ timeout: 20_000 });
    await checkScreen(page, testInfo, '07-deploy');
    await page.getByRole('button', { name: 'Deploy version 2' }).click();
    await expect(page.getByRole('heading', { name: 'Version 2 is live' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: `${WEB}/deployed-app/${appId}` })).toBeVisible();

    // 8. Editing the deployed version takes one click: "Make changes" copies it into version 3,
    // editable at once (issue 27: it used to take three screens through change-version).
    await page.goto(`${WEB}/create-app/${appId}/${v2}`);
    await expect(page.getByRole('note')).toContainText('This version is deployed, so it cannot change');
    await checkScreen(page, testInfo, '07b-deployed-version-frozen');
    await page.getByRole('button', { name: 'Make changes' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/create-app/${appId}/${v2}$`), { timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/create-app/${appId}/${UUID}$`));
    const v3 = lastId(page);
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('note')).toHaveCount(0);
    // The copy is editable: rename a step there. Visitors keep version 2 (checked in step 10).
    await page.getByRole('list', { name: 'Steps' }).getByRole('link', { name: 'Short note', exact: true }).click();
    await page.getByRole('textbox', { name: /Step title/ }).fill('Quick note');
    await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '09b-version-3-step-editor');

    // 9. Icon (generated) and design (the price comes after the visitor's runs: a paid app is run only after buying it).
    await page.goto(`${WEB}/app-settings/${appId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '10-app-settings');

    await page.goto(`${WEB}/app-icon/${appId}`);
    await page.getByRole('tab', { name: 'Generate one' }).click({ timeout: 20_000 });
    await page.getByRole('radio', { name: 'Circle' }).check();
    await page.getByRole('button', { name: 'Use this icon' }).click();
    await expect(page.getByText('Icon saved.')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '11-app-icon');


    await page.goto(`${WEB}/app-design/${appId}`);
    const themeCode = page.getByRole('textbox', { name: 'Theme colour', exact: true });
    await themeCode.fill(THEME, { timeout: 20_000 });
    await page.getByRole('radio', { name: 'Wide' }).check();
    await page.getByRole('textbox', { name: 'Welcome text' }).fill(WELCOME);
    await expect(page.getByTestId('design-preview')).toContainText(WELCOME);
    await page.getByRole('button', { name: 'Save design' }).click();
    await expect(page.getByText('Saved.')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '13-app-design');

    // 10. A signed-out visitor opens the deployed app: the design shows, and both branches work,
    // each with the answer the model streamed.
    const visitor = await browser.newContext();
    const visitorRouting = await routeToAiBackend(visitor);
    visitorPage = await visitor.newPage();
    await visitorPage.goto(`${WEB}/deployed-app/${appId}`);
    await expect(visitorPage.getByRole('heading', { level: 1, name: APP_NAME })).toBeVisible({ timeout: 20_000 });
    await expect(visitorPage.getByText(WELCOME)).toBeVisible();
    expect(await accessibilityViolations(visitorPage), 'axe on /deployed-app').toEqual([]);
    const primary = await visitorPage.locator('.visitor-app, [style*="--af-color-primary"]').first().evaluate((node) => getComputedStyle(node).getPropertyValue('--af-color-primary').trim());
    expect(primary.toLowerCase()).toBe(THEME);

    const form = visitorPage.getByRole('form', { name: 'What to summarise' });
    await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
    const radio = form.getByRole('radio', { name: 'Bullet points' });
    if ((await radio.count()) > 0) await radio.check();
    else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
    await enqueueModelReplies(request, streamedAnswer(VISITOR_BULLETS.map((line) => `- ${line}`).join('\n')));
    await form.getByRole('button', { name: 'Run' }).click();

    // Branch 1: "Full summary" leads to the Summary step only, showing the model's bullet points.
    await visitorPage.getByRole('button', { name: 'Just a note' }).waitFor({ timeout: 60_000 });
    await visitorPage.getByRole('button', { name: 'Full summary' }).click();
    await expect(visitorPage.getByRole('heading', { name: 'Results' })).toBeVisible({ timeout: 60_000 });
    const summary = visitorPage.getByRole('article', { name: 'Summary' });
    await expect(summary.getByRole('listitem')).toHaveText(VISITOR_BULLETS);
    await expect(visitorPage.getByRole('article', { name: 'Short note' })).toHaveCount(0);
    await testInfo.attach('14-deployed-app-full-summary.png', { body: await visitorPage.screenshot({ fullPage: true }), contentType: 'image/png' });

    // Branch 2: "Run again" re-runs with the same answers; "Just a note" leads to the Short note only.
    await enqueueModelReplies(request, streamedAnswer(VISITOR_NOTE));
    await visitorPage.getByRole('button', { name: 'Run again' }).click();
    await visitorPage.getByRole('button', { name: 'Just a note' }).click({ timeout: 60_000 });
    await expect(visitorPage.getByRole('article', { name: 'Short note' })).toContainText(VISITOR_NOTE, { timeout: 60_000 });
    await expect(visitorPage.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(visitorPage.getByRole('article', { name: 'Summary' })).toHaveCount(0);
    await testInfo.attach('15-deployed-app-short-note.png', { body: await visitorPage.screenshot({ fullPage: true }), contentType: 'image/png' });
    await visitor.close();
    visitorPage = null;

    // The model saw each visitor run of the deployed version 2: its formal system prompt and the text.
    const afterVisitor = await modelRequests(request);
    expect(afterVisitor.pending, 'scripted model answers left unused').toBe(0);
    expect(afterVisitor.requests).toHaveLength(5);
    for (const run of afterVisitor.requests.slice(3)) {
      expect(run).toMatchObject({ stream: true, authorized: true, clientDisconnected: false });
      expect(requestText(run)).toContain(FORMAL_SYSTEM);
      expect(requestText(run)).toContain('Iceland sits on a mid-ocean ridge');
      expect(requestText(run)).toContain('Bullet points');
    }

    // 11. The runs show up in /app-data.
    await page.goto(`${WEB}/app-data/${appId}`);
    const table = page.getByRole('table');
    await expect(table).toBeVisible({ timeout: 20_000 });
    // A header row, the creator's preview run and the visitor's two runs, all finished, all on version 2.
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('cell', { name: 'Finished', exact: true })).toHaveCount(3);
    await expect(table.getByRole('cell', { name: 'v2', exact: true })).toHaveCount(3);
    await checkScreen(page, testInfo, '16-app-data');
    await page.getByRole('button', { name: /^Open the run from/ }).first().click();
    const details = page.getByRole('dialog', { name: 'Run details' });
    await expect(details).toContainText('Volcanoes');
    await testInfo.attach('17-run-details.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    expect(await accessibilityViolations(page), 'axe on the run details dialog').toEqual([]);

    // 12. Home lists the app as deployed, and the landing page shows the price that was set.
    await page.keyboard.press('Escape');

    // The owner now puts a price on the app; visitors would get access before running it.
    await page.goto(`${WEB}/app-price/${appId}`);
    await page.getByRole('radio', { name: 'One-time payment' }).check({ timeout: 20_000 });
    await page.getByRole('textbox', { name: /Amount/ }).fill('3,50');
    await expect(page.getByText(/Visitors will see:/)).toContainText('3.50');
    await page.getByRole('button', { name: 'Save price' }).click();
    await expect(page.getByText('Saved.')).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '12-app-price');

    await page.goto(`${WEB}/`);
    await expect(page.getByText(APP_NAME).first()).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, '18-home');
    await page.goto(`${WEB}/landing-page/${appId}`);
    await expect(page.getByRole('heading', { level: 1, name: APP_NAME })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/3\.50/).first()).toBeVisible();
    await checkScreen(page, testInfo, '19-landing-page');

    // Nothing of the flow reached the offline backend on 54321.
    expect(creatorRouting.rerouted()).toBeGreaterThan(0);
    expect(creatorRouting.leaks(), 'creator calls that reached 54321').toEqual([]);
    expect(visitorRouting.rerouted()).toBeGreaterThan(0);
    expect(visitorRouting.leaks(), 'visitor calls that reached 54321').toEqual([]);

    created = { storageState: await page.context().storageState(), appId, v2, v3, summariseStepId };
  } finally {
    if (visitorPage !== null && !visitorPage.isClosed() && testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('visitor-page-on-failure.png', { body: await visitorPage.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
  }
});

const PHONE: BrowserContextOptions['viewport'] = { width: 390, height: 844 };

/** The elements sticking out past the right edge of the viewport where the overflow starts (their parent fits). */
function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className.trim() !== '' ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return { element: `${element.tagName.toLowerCase()}${id}${classes}`, left: Math.round(rect.left), right: Math.round(rect.right), width: Math.round(rect.width), text: (element.textContent ?? '').trim().slice(0, 60) };
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 0.5;
    });
    // Where the overflow starts: elements sticking out whose parent does not.
    return wide.filter((element) => element.parentElement === null || !wide.includes(element.parentElement)).slice(0, 10).map(describe);
  });
}

test('every builder route of that app fits a phone screen (390 × 844) without sideways scrolling, and passes axe there', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  if (created === null) throw new Error('The creator test did not leave an app to visit');
  const { storageState, appId, v2, v3, summariseStepId } = created;
  const context = await browser.newContext({ storageState, viewport: PHONE });
  const routing = await routeToAiBackend(context);
  const page = await context.newPage();
  const routes = [
    '/',
    '/create-new-app',
    `/create-app/${appId}`,
    `/create-app/${appId}/${v3}`,
    `/create-app/${appId}/${v3}/${summariseStepId}`,
    `/create-app/${appId}/${v3}/${summariseStepId}/next-step-selector`,
    `/create-app/${appId}/${v3}/${summariseStepId}/delete`,
    `/ai-builder/${appId}/${v3}`,
    `/create-app-ai-changes/${appId}`,
    `/create-app-change-version/${appId}/${v2}`,
    `/create-app-change-version-confirm/${appId}/${v2}/${v3}`,
    `/create-app-database/${appId}/${v3}`,
    `/create-app-database-new/${appId}/${v3}`,
    `/create-app-deploy/${appId}/${v3}`,
    `/app-settings/${appId}`,
    `/app-details/${appId}`,
    `/app-icon/${appId}`,
    `/app-price/${appId}`,
    `/app-design/${appId}`,
    `/app-config/${appId}`,
    `/app-data/${appId}`,
    `/deployed-app/${appId}`,
    `/landing-page/${appId}`,
  ];
  try {
    for (const [index, route] of routes.entries()) {
      await test.step(`at phone width: ${route}`, async () => {
        await page.goto(`${WEB}${route}`);
        const heading = page.getByRole('heading', { level: 1 }).first();
        await expect.soft(heading, `the main heading of ${route}`).toBeVisible({ timeout: 20_000 });
        const name = `phone-${String(index).padStart(2, '0')}-${route.split('/')[1] || 'home'}`;
        await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > 390) await testInfo.attach(`${name}-overflow.json`, { body: JSON.stringify({ route, scrollWidth, elements: await overflowingElements(page) }, null, 2), contentType: 'application/json' });
        expect.soft(scrollWidth, `the page width of ${route} at 390 px (overflowing: ${JSON.stringify(scrollWidth > 390 ? await overflowingElements(page) : [])})`).toBeLessThanOrEqual(390);
        // Axe at phone width too: this pass reaches the routes the flow above does not open.
        expect.soft(await accessibilityViolations(page), `axe on ${route} at 390 px`).toEqual([]);
      });
    }
    expect(routing.leaks(), 'calls that reached 54321').toEqual([]);
  } finally {
    await context.close();
  }
});
