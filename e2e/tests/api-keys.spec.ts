// API keys end to end in real Chromium against the embedded backend and its offline model: deploy
// an app, turn its API access on, create a key, copy the ready curl line from the page, run it
// with the real `curl` and get the offline model's answer; revoke the key; the same line now gets
// 401 invalid_api_key.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const run = promisify(execFile);

/** Runs one shell line (the page's curl line, unchanged) and returns what it printed. */
async function shell(line: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', line], { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 });
  return stdout;
}

test('a key made on the page runs the app from curl, and stops working once revoked', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB });

  // An app of ours, deployed.
  await page.goto(`${WEB}/settings`);
  await signInWithEmailCode(page, request, uniqueEmail('api-keys'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goto(`${WEB}/create-new-app`);
  await page.getByRole('button', { name: 'Summariser' }).click();
  await page.getByRole('button', { name: 'Create my app' }).click();
  await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('button', { name: 'Deploy version 1' }).click();
  await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled();

  // API access on.
  await page.goto(`${WEB}/api-app-access/${appId}`);
  const access = page.getByRole('switch', { name: 'Allow calls with API keys' });
  await expect(access).not.toBeChecked();
  await access.click();
  await expect(access).toBeChecked();

  // A key: shown once, with a ready curl line that we copy as a person would.
  await page.goto(`${WEB}/list-api-keys`);
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New key' }).first().click();
  await page.getByRole('textbox', { name: /Name/ }).fill('Shell script');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^af_[0-9A-Za-z]{51}$/);
  await expect(page.getByText('It will not be shown again', { exact: false })).toBeVisible();
  const curlBlock = page.getByTestId('curl-line');
  await expect(curlBlock).toContainText(`/functions/v1/api/v1/apps/${appId}/runs`);
  await curlBlock.getByRole('button', { name: 'Copy curl line' }).click();
  const line = await page.evaluate(() => navigator.clipboard.readText());
  expect(line).toBe(await curlBlock.locator('code').textContent());
  expect(line).toContain(`Bearer ${key}`);

  const answer = JSON.parse(await shell(line)) as { status: string; output: string; run_id: string };
  expect(answer.status).toBe('done');
  expect(answer.output).toContain('Offline model');

  // The list shows the key by prefix only, never its value.
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shell script' })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // Revoked: the same line is refused with 401 invalid_api_key.
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Revoked', { exact: true }).first()).toBeVisible();
  const refused = JSON.parse(await shell(line)) as { error: { code: string } };
  expect(refused.error.code).toBe('invalid_api_key');
  expect((await shell(`${line} -o /dev/null -w '%{http_code}'`)).trim()).toBe('401');
});
