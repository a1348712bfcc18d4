// Issue 26, defence in depth, in real Chromium against the servers `npm start` uses (vite preview):
// 1. an app whose model output carries <script>, onerror= and javascript: links runs none of it
//    (the fake model server writes the hostile answer; the page sanitises it and the CSP stands
//    behind that);
// 2. the main pages load with their security headers and no CSP violation at all (a violation
//    would mean the policy blocks something the product needs, or the product runs inline code);
// 3. another site cannot frame the product (frame-ancestors 'none').
import { expect, test } from '@playwright/test';
import type { BrowserContext, Response } from '@playwright/test';
import { AI_INBOX, enqueueModelReplies, resetModel, routeToAiBackend, streamedAnswer } from './ai-backend-helpers';
import { signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const APP_NAME = 'Careful Summariser';
const APP_SPEC = {
  entryStepId: 'the-text',
  steps: [
    {
      id: 'the-text',
      kind: 'input',
      title: 'What to summarise',
      config: { fields: [{ type: 'long_text', name: 'text', label: 'Text', required: true, maxLength: 20000 }] },
    },
    {
      id: 'summarise',
      kind: 'ai',
      title: 'Summarise',
      config: { prompt: 'Summarise:\n\n{{text}}', outputVariable: 'summary', outputFormat: 'markdown' },
    },
    { id: 'show-summary', kind: 'output', title: 'Summary', config: { template: '## Summary\n\n{{summary}}' } },
  ],
};

/** Everything a hostile model answer might try; each sets window.__pwned if it ever runs. */
const HOSTILE_ANSWER = [
  'Here is your summary.',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'" alt="broken">',
  '[Read more](javascript:window.__pwned=%27markdown-link%27)',
  '<a href="javascript:window.__pwned=\'html-link\'">Open details</a>',
  '<svg onload="window.__pwned = \'svg\'"></svg>',
  '<iframe src="javascript:window.__pwned=\'iframe\'"></iframe>',
  '<div style="background:url(javascript:window.__pwned=1)" onmouseover="window.__pwned = \'hover\'">Hover me</div>',
  'The end.',
].join('\n\n');

interface Violations {
  events: string[];
  console: string[];
}

/** Records CSP violations (the DOM event and Chromium's console error) in every page of `context`. */
async function watchViolations(context: BrowserContext): Promise<Violations> {
  const seen: Violations = { events: [], console: [] };
  await context.exposeBinding('__reportViolation', (_source, text: string) => {
    seen.events.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.href}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to (execute|load|apply|connect|evaluate|frame)/i.test(message.text())) {
      seen.console.push(message.text());
    }
  });
  return seen;
}

function expectSecurityHeaders(response: Response | null, where: string): void {
  expect(response, where).not.toBeNull();
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1], `script-src of ${where}`).toBe("'self'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], where).toContain('camera=()');
}

test('an app whose model output contains <script>, onerror= and javascript: links runs nothing of it', async ({ page, request, browser }) => {
  test.setTimeout(480_000);
  await resetModel(request);
  await routeToAiBackend(page.context());
  await page.goto(`${WEB}/settings`);
  await signInWithEmailCode(page, request, uniqueEmail('csp-creator'), AI_INBOX);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });
  await page.goto(`${WEB}/create-new-app`);
  await page.getByRole('button', { name: 'Summariser' }).click();
  await enqueueModelReplies(request, { text: JSON.stringify({ name: APP_NAME, description: 'Summarises a text.', spec: APP_SPEC }) });
  await page.getByRole('button', { name: 'Create my app' }).click();
  await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('button', { name: 'Deploy version 1' }).click();
  await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled();

  const visitor = await browser.newContext();
  await routeToAiBackend(visitor);
  const violations = await watchViolations(visitor);
  const visitorPage = await visitor.newPage();
  const dialogs: string[] = [];
  visitorPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await visitorPage.goto(`${WEB}/deployed-app/${appId}`);
  expectSecurityHeaders(response, '/deployed-app');
  await expect(visitorPage.getByRole('heading', { level: 1, name: APP_NAME })).toBeVisible({ timeout: 60_000 });
  const form = visitorPage.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill('Anything at all.');
  await enqueueModelReplies(request, streamedAnswer(HOSTILE_ANSWER));
  await form.getByRole('button', { name: 'Run' }).click();

  const summary = visitorPage.getByRole('article', { name: 'Summary' });
  await expect(summary).toContainText('The end.', { timeout: 60_000 });
  await expect(summary).toContainText('Here is your summary.');
  // What the sanitiser left: no script element, no handler attribute, no javascript: address.
  expect(await summary.locator('script, iframe, object, embed').count()).toBe(0);
  const handlers = await summary.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => attribute.name)),
  );
  expect(handlers).toEqual([]);
  const hrefs = await summary.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
  // Click and hover whatever links and text are there: nothing runs.
  for (const link of await summary.locator('a').all()) await link.click({ modifiers: ['Control'] }).catch(() => undefined);
  await summary.getByText('Hover me').hover().catch(() => undefined);
  expect(await visitorPage.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(violations).toEqual({ events: [], console: [] });
  await visitor.close();
});

test('the main pages carry the security headers and load without a single CSP violation; no other site can frame them', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const context = await browser.newContext();
  const violations = await watchViolations(context);
  const page = await context.newPage();

  // Signed out: the sign-in page and the public description page.
  for (const path of ['/sign-in', '/create-new-app']) {
    const response = await page.goto(`${WEB}${path}`);
    expectSecurityHeaders(response, path);
    await expect(page.locator('#main, main').first()).toBeVisible({ timeout: 20_000 });
  }
  // Signed in: home and the main areas (data from the API, websockets for live updates, images).
  await page.goto(`${WEB}/settings`);
  await signInWithEmailCode(page, request, uniqueEmail('csp-pages'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });
  for (const [path, heading] of [
    ['/', null],
    ['/databases', 'Databases'],
    ['/list-apis', null],
    ['/list-api-keys', null],
    ['/bundles', null],
    ['/user-plan', null],
    ['/settings', 'Settings'],
  ] as const) {
    const response = await page.goto(`${WEB}${path}`);
    expectSecurityHeaders(response, path);
    if (heading !== null) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
    else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  }
  // A custom domain's page (here one that is not connected) has the same policy.
  const custom = await page.goto(`http://not-connected-${Date.now().toString(36)}.localhost:4173/`);
  expectSecurityHeaders(custom, 'a custom domain');
  await expect(page.getByText('This domain is not connected to an app')).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual({ events: [], console: [] });

  // Another site tries to frame the product: the browser refuses to show it.
  const framer = await browser.newContext();
  const framerPage = await framer.newPage();
  await framerPage.route('http://framer.example/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Framer</title><iframe src="${WEB}/sign-in" width="800" height="600"></iframe>` }),
  );
  await framerPage.goto('http://framer.example/');
  // The browser showed none of the product: Chromium replaces a refused frame with its error page.
  const frame = () => framerPage.frames().find((candidate) => candidate !== framerPage.mainFrame());
  await expect.poll(() => frame()?.url(), { timeout: 15_000 }).toMatch(/^chrome-error:/);
  expect(await frame()?.getByText('Build the AI apps you need').count()).toBe(0);
  await framer.close();
  await context.close();
});

