// Issue 28, "Embed on your site": an owner's deployed app whose details page allows some sites to
// frame it, set up through the UI as an owner would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

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

export interface EmbeddingSite {
  /** The site's origin, e.g. http://127.0.0.1:40123: another origin than the web app's. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Another site on this machine: a real HTTP server on a loopback port of its own that answers
 * every path with `html` (set later with `site.html = …`). A real server, not a route fulfilled by
 * Playwright: Chromium's local-network rules treat a page without a real address as public and
 * refuse its loopback sub-resources, which is not what a developer's own test site sees.
 */
export async function startEmbeddingSite(): Promise<EmbeddingSite & { html: string }> {
  const site = { html: '<!doctype html><title>Empty</title>', origin: '', close: (): Promise<void> => Promise.resolve() };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(site.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return site;
}
