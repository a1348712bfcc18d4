// Issue 28, "Embed on your site": an owner's deployed app whose details page allows some sites to
// frame it, set up through the UI as an owner would.
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

/** Another origin of this machine than the web app's own (`localhost`): the embedding site. */
export const EMBEDDER = 'http://127.0.0.1:4173';

/** Signs `page` up as a new owner, makes the Summariser from its template and deploys it; its id. */
export async function deployedSummariser(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  await page.goto(`${WEB}/create-new-app`);
  await page.getByRole('button', { name: 'Summariser' }).click();
  await page.getByRole('button', { name: 'Sign up and create my app' }).click();
  await signInWithEmailCode(page, request, uniqueEmail(tag));
  await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('button', { name: 'Deploy version 1' }).click();
  await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled();
  return appId;
}

/** In the app's details: open it to signed-in people only. */
export async function openToSignedInPeople(page: Page, appId: string): Promise<void> {
  await page.goto(`${WEB}/app-details/${appId}`);
  await page.getByRole('radio', { name: /Signed-in people/ }).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
}

/** In the app's details: embedding on, `sites` allowed; returns the section (snippets inside). */
export async function allowEmbedding(page: Page, appId: string, sites: string[]) {
  await page.goto(`${WEB}/app-details/${appId}`);
  const section = page.getByRole('region', { name: 'Embed on your site' });
  await section.getByRole('switch', { name: 'Let other sites embed this app' }).click();
  await expect(section.getByRole('switch', { name: 'Let other sites embed this app' })).toBeChecked();
  await section.getByRole('textbox', { name: 'Sites allowed to embed it' }).fill(sites.join('\n'));
  await section.getByRole('button', { name: 'Save sites' }).click();
  await expect(section.getByText('Saved.')).toBeVisible();
  return section;
}

/** Serves `html` as the page at `url` of `page` (another origin's site), then opens it. */
export async function openEmbeddingPage(page: Page, url: string, html: string): Promise<void> {
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url);
}
