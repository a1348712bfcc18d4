// Your APIs (issue 15) end to end in real Chromium against the embedded backend: the owner imports
// an API from the OpenAPI document of a fake weather service on loopback (servers/fake-weather-api.ts,
// reachable only through the test-only loopback hatch of the outbound guard), sets its key, tries
// an endpoint in the test console, adds an `api` step to an app whose result shows the answer,
// deploys it, and a signed-out visitor runs it and sees the API's answer — never the key.
import { expect, test } from '@playwright/test';
import { FAKE_API_KEY, fakeApiPort, weatherSummary } from '../servers/fake-weather-api-protocol';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SOURCE_TEXT = 'Lyon sits where the Rhône meets the Saône. Its old town is a World Heritage site.';

test('import an API from its OpenAPI document, try it, use it as an app step, deploy, and a visitor sees its answer', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const documentUrl = `http://127.0.0.1:${fakeApiPort()}/openapi.json`;

  // The owner signs in; Your APIs is empty and offers the import.
  await page.goto(`${WEB}/list-apis`);
  await signInWithEmailCode(page, request, uniqueEmail('apis-owner'));
  await expect(page.getByRole('heading', { name: 'Connect your first API' })).toBeVisible({ timeout: 20_000 });

  // Import from the document's URL: the server reads it through its guard and previews it.
  await page.goto(`${WEB}/edit-api`);
  await page.getByRole('textbox', { name: 'Document URL' }).fill(documentUrl);
  await page.getByRole('button', { name: 'Read document' }).click();
  const preview = page.getByRole('region', { name: 'What will be imported' });
  await expect(preview).toContainText('Fake Weather', { timeout: 20_000 });
  await expect(preview).toContainText('GET /weather/{city}');
  await preview.getByRole('button', { name: 'Use this' }).click();
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue(`http://127.0.0.1:${fakeApiPort()}`);
  await page.getByLabel('Secret (API key or token)').fill(FAKE_API_KEY);
  await page.getByRole('button', { name: 'Create API' }).click();

  // Its page shows the key only as its last four characters; the test console calls it.
  await expect(page).toHaveURL(new RegExp(`/view-api/${UUID}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Fake Weather' })).toBeVisible();
  await expect(page.getByText(FAKE_API_KEY.slice(-4), { exact: false }).first()).toBeVisible();
  expect(await page.content()).not.toContain(FAKE_API_KEY);
  const console = page.getByRole('region', { name: 'Test console' });
  await console.getByRole('textbox', { name: 'city (required)' }).fill('Paris');
  await console.getByRole('button', { name: 'Send' }).click();
  const answer = console.getByRole('region', { name: 'Answer' });
  await expect(answer.getByText('Status 200')).toBeVisible({ timeout: 20_000 });
  await expect(answer).toContainText(weatherSummary('Paris'));
  await expect(answer).toContainText("-H 'X-API-Key: ••••'");
  await expect(answer).not.toContainText(FAKE_API_KEY);

  // An app (the offline model builds a summariser) gets an api step after its input step…
  await page.goto(`${WEB}/create-new-app`);
  await page.getByRole('button', { name: 'Summariser' }).click();
  await page.getByRole('button', { name: 'Create my app' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-app/${UUID}$`), { timeout: 30_000 });
  const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('link', { name: 'Edit steps' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-app/${appId}/${UUID}$`));
  const stepsUrl = page.url();
  await page.getByRole('button', { name: 'Add a step after What to summarise' }).click();
  await page.getByRole('group', { name: 'Add a step after What to summarise' }).getByRole('button', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/create-app/${appId}/${UUID}/[a-z0-9-]+$`));
  await expect(page.getByRole('combobox', { name: 'API' })).toHaveValue(/./);
  await expect(page.getByRole('combobox', { name: 'API' }).locator('option:checked')).toHaveText('Fake Weather');
  // …its city comes from the visitor's "Who is it for?" answer, and it keeps the answer's summary.
  await page.getByRole('textbox', { name: 'city (required)' }).fill('{{audience}}');
  await page.getByRole('textbox', { name: 'Part of the answer to keep (JSON path)' }).fill('$.current.summary');
  await expect(page.getByRole('textbox', { name: 'Output variable' })).toHaveValue('answer');
  await page.getByRole('textbox', { name: 'Sample value of audience' }).fill('Oslo');
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByText(/Status 200 · \d+ ms\. answer would be:/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`"${weatherSummary('Oslo')}"`)).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });

  // The result step shows the API's answer under the summary.
  await page.goto(stepsUrl);
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('link', { name: 'Current weather', exact: true })).toBeVisible();
  await steps.getByRole('link', { name: 'Summary', exact: true }).click();
  const template = page.getByRole('textbox', { name: 'What the visitor sees' });
  await template.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n\nWeather: {{answer');
  await page.keyboard.press('Escape');
  await page.keyboard.type('}}');
  await expect(template).toContainText('Weather: {{answer}}');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });

  // Deployed, the api step is accepted (it names the owner's own API and endpoint).
  await page.goto(`${WEB}/create-app/${appId}`);
  await expect(page.getByText('No problems found: this version is ready to deploy.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Deploy version 1' }).click();
  await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled({ timeout: 20_000 });

  // A signed-out visitor runs it: the owner's API is called with the owner's key, and the answer shows.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${WEB}/deployed-app/${appId}`);
  const form = visitorPage.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
  const radio = form.getByRole('radio', { name: 'One sentence' });
  if ((await radio.count()) > 0) await radio.check();
  else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('One sentence');
  await form.getByRole('textbox', { name: 'Who is it for? (optional)' }).fill('Lyon');
  await form.getByRole('button', { name: 'Run' }).click();
  const result = visitorPage.getByRole('article', { name: 'Summary' });
  await expect(result).toContainText(`Weather: ${weatherSummary('Lyon')}`, { timeout: 30_000 });
  expect(await visitorPage.content()).not.toContain(FAKE_API_KEY);
  await visitor.close();
});
