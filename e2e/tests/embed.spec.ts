// Issue 28, "Embed on your site", in real Chromium against vite preview and the embedded backend
// with its offline model: an owner allows one site, pastes the script snippet there, and a visitor
// of that site runs the app to a streamed answer inside the frame, which grows with the content;
// a site not on the list is refused the frame by the browser, and platform pages stay unframeable.
import { expect, test } from '@playwright/test';
import type { Frame, Page } from '@playwright/test';
import { WEB } from './auth-helpers';
import { allowEmbedding, deployedSummariser, startEmbeddingSite } from './embed-helpers';

const SOURCE_TEXT = 'Volcanoes form where magma rises through the crust. Iceland sits on a mid-ocean ridge and has about thirty active volcanic systems.';

function embeddingHtml(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>A site that embeds</title></head><body><h1>My blog</h1>${body}</body></html>`;
}

/** The frame of `page` whose address is the deployed app or Chromium's error page, once there is one. */
async function appFrameOf(page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => {
      found = page.frames().find((frame) => frame !== page.mainFrame() && frame.url() !== 'about:blank' && frame.url() !== '');
      return found?.url();
    })
    .toBeTruthy();
  if (!found) throw new Error('no frame');
  return found;
}

test('an allowed site embeds the app with the script snippet and runs it to a streamed answer; another site is refused', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const allowed = await startEmbeddingSite();
  const other = await startEmbeddingSite();
  const EMBEDDER = allowed.origin;
  const appId = await deployedSummariser(page, request, 'embed-owner');
  const section = await allowEmbedding(page, appId, [EMBEDDER]);
  const snippet = (await section.getByLabel('The inline script snippet').locator('code').textContent()) ?? '';
  expect(snippet).toBe(`<script src="${WEB}/embed.js" data-app="${appId}" data-mode="inline" async></script>`);

  // The deployed app's frame-ancestors follows the list; the platform's own pages stay 'none'.
  await expect
    .poll(async () => (await request.get(`${WEB}/deployed-app/${appId}`)).headers()['content-security-policy'] ?? '')
    .toContain(`frame-ancestors ${EMBEDDER}`);
  expect((await request.get(`${WEB}/app-details/${appId}`)).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect((await request.get(`${WEB}/deployed-app/${appId}`)).headers()['x-frame-options']).toBeUndefined();

  // A visitor of the allowed site (signed out, a browser of their own).
  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  allowed.html = embeddingHtml(snippet);
  await site.goto(`${EMBEDDER}/blog/post`);
  const app = site.frameLocator('iframe[data-appforge-app]');
  await expect(app.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible({ timeout: 30_000 });
  const before = await site.locator('iframe[data-appforge-app]').evaluate((frame: HTMLIFrameElement) => frame.getBoundingClientRect().height);

  const form = app.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
  const radio = form.getByRole('radio', { name: 'Bullet points' });
  if ((await radio.count()) > 0) await radio.check();
  else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
  await form.getByRole('button', { name: 'Run' }).click();
  const summary = app.getByRole('article', { name: 'Summary' });
  await expect(summary).toContainText('Offline model', { timeout: 30_000 });
  await expect(summary).toContainText('Volcanoes');
  await expect(app.getByRole('button', { name: 'Run again' })).toBeVisible();

  // The frame took the height the app posted (embed.js set it), not its first 600 px.
  // The app posts its height whenever it changes (the answer arrives in pieces), so wait until the
  // frame has caught up with the content rather than reading both the moment one height was set.
  const frame = site.locator('iframe[data-appforge-app]');
  await expect.poll(() => frame.evaluate((element: HTMLIFrameElement) => element.style.height)).toMatch(/^\d+px$/);
  const frameHeight = () => frame.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height);
  const contentHeight = () => app.locator('body').evaluate((body) => Math.ceil(body.getBoundingClientRect().height));
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight())), { timeout: 15_000 }).toBeLessThanOrEqual(1);
  const after = await frameHeight();
  expect(after).not.toBe(before);

  // A message from the embedding page itself (not the app's origin) resizes nothing.
  await site.evaluate(() => window.postMessage({ type: 'appforge:resize', height: 50_000 }, '*'));
  await site.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(await frame.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height)).toBe(after);

  // A site not on the list: Chromium refuses to show the app in its frame.
  const stranger = await visitor.newPage();
  other.html = embeddingHtml(`<iframe title="Stolen app" src="${WEB}/deployed-app/${appId}" width="800" height="600"></iframe>`);
  await stranger.goto(`${other.origin}/not-allowed`);
  const refused = await appFrameOf(stranger);
  await expect.poll(() => refused.url()).toMatch(/^chrome-error:\/\//);
  await visitor.close();
  await allowed.close();
  await other.close();
});
