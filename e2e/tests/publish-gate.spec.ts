// The publish gate (issue 30) in real Chromium against the embedded backend and its offline model:
// a creator builds an app from a template and deploys version 1 → runs the live app and keeps that
// run as a test case ("Save as test" on Runs and data) → runs the tests on the live version →
// changes the tone in a new draft, which changes what the offline model writes → Deploy refuses
// the draft with the failing case, its output beside the live one → the creator deploys anyway
// with a written reason → the version history shows the deployed version and the reason.
import { expect, test } from '@playwright/test';
import { WEB } from './auth-helpers';
import { deployedSummariser } from './embed-helpers';

const SOURCE_TEXT = 'Iceland sits on a mid-ocean ridge and has about thirty active volcanic systems.';
const REASON = 'The formal tone is on purpose; the saved case gets updated tomorrow.';

test('a creator saves a run as a test, Deploy refuses a draft that breaks it, and a deploy anyway keeps its reason in the history', async ({ page, request }) => {
  test.setTimeout(240_000);

  // 1. Sign up, make the Summariser from its template and deploy version 1 (no test cases yet).
  const appId = await deployedSummariser(page, request, 'gate');

  // 2. The creator runs the live app once.
  await page.goto(`${WEB}/deployed-app/${appId}`);
  const form = page.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
  const radio = form.getByRole('radio', { name: 'Bullet points' });
  if ((await radio.count()) > 0) await radio.check();
  else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('article', { name: 'Summary' })).toContainText('Offline model', { timeout: 30_000 });

  // 3. Runs and data: open that run and keep it as a test case.
  await page.goto(`${WEB}/app-data/${appId}`);
  await page.getByRole('button', { name: /^Open the run from / }).first().click();
  const details = page.getByRole('dialog', { name: 'Run details' });
  await details.getByRole('button', { name: 'Save as test' }).click();
  const saved = details.getByRole('status').filter({ hasText: 'Saved as the test case' });
  await expect(saved).toContainText('Saved as the test case “Saved run: Iceland');
  const caseName = /“([^”]+)”/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
  expect(caseName).toMatch(/^Saved run: Iceland/);

  // 4. The app's Tests page: the case passes on the live version (what Deploy compares with later).
  await details.getByRole('link', { name: 'Open the app’s tests' }).click();
  await expect(page).toHaveURL(new RegExp(`/app-tests/${appId}$`));
  // Version 1, the live one, is the only version, so it is the one chosen.
  await page.getByRole('button', { name: 'Run tests' }).click();
  await expect(page.getByText('Finished on version 1: 1 of 1 passed.')).toBeVisible({ timeout: 60_000 });

  // 5. Break the app in a new draft: a formal tone changes what the offline model writes.
  await page.goto(`${WEB}/create-app-ai-changes/${appId}`);
  await page.getByRole('textbox', { name: /What should change\?/ }).fill('Make it more formal');
  await page.getByRole('button', { name: 'Apply change' }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-builder/${appId}/[0-9a-f-]{36}$`), { timeout: 30_000 });
  const builderUrl = page.url();

  // 6. Deploy refuses version 2, shows the failing case and its output beside the live one.
  await page.getByRole('link', { name: 'Deploy', exact: true }).click();
  await page.getByRole('button', { name: 'Deploy version 2' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'was not deployed' })).toHaveText(
    `Version 2 was not deployed: a must-pass test case fails (“${caseName}”). Fix the app, or deploy anyway and write why.`,
    { timeout: 60_000 },
  );
  const failing = page.getByRole('region', { name: 'Must-pass cases that fail' }).getByRole('listitem', { name: caseName });
  await expect(failing).toContainText('Failed');
  await expect(failing.getByRole('figure', { name: 'Version 2' })).toContainText('Tone: formal');
  const liveFigure = failing.getByRole('figure', { name: 'Live version 1' });
  await expect(liveFigure).toContainText('System prompt:** none');
  await expect(liveFigure).not.toContainText('Tone: formal');

  // 7. Deploy anyway: an empty reason is refused; a written one deploys.
  const anyway = page.getByRole('form', { name: 'Deploy anyway' });
  await anyway.getByRole('button', { name: 'Deploy anyway' }).click();
  await expect(anyway.getByText('Write why you deploy although tests fail.')).toBeVisible();
  await anyway.getByRole('textbox', { name: /Why deploy anyway\?/ }).fill(REASON);
  await anyway.getByRole('button', { name: 'Deploy anyway' }).click();
  await expect(page.getByRole('heading', { name: 'Version 2 is live' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('note')).toContainText('Deployed although must-pass test cases fail.');

  // 8. The version history shows version 2 deployed, with the reason.
  await page.goto(builderUrl);
  const history = page.getByRole('list', { name: 'Versions' });
  const version2 = history.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Version 2' }) });
  await expect(version2).toContainText('Deployed');
  await expect(version2).toContainText(`Deployed anyway: “${REASON}”`);
  await expect(version2).toContainText('Tests fail');
  const version1 = history.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Version 1' }) });
  await expect(version1).toContainText('Tests pass');
  await expect(version1).not.toContainText('Deployed anyway');
});
