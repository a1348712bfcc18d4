// Issue 26 in real Chromium: custom domains are untrusted, so a sign-in that was asked to return to
// one (a third-party sign-in started there, or a magic link someone asked for) lands on Appforge's
// own host, signed in there, with "Sign in to <app> on <host>?". Continue gives the domain a
// session of its own; "Stay on Appforge" leaves the domain signed out.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { anonKey } from './ai-backend-helpers';
import { INBOX, signInWithDevGoogle, uniqueEmail, WEB } from './auth-helpers';
import { deployedSummariser } from './embed-helpers';

const BACKEND = 'http://127.0.0.1:54321';
const SOURCE_TEXT = 'Glaciers are slow rivers of ice. They carve valleys and leave moraines behind when they melt.';

/** The owner deploys the summariser for signed-in people only and connects `host` to it; its id. */
async function appForSignedInPeopleOn(page: Page, request: APIRequestContext, host: string): Promise<string> {
  const appId = await deployedSummariser(page, request, 'hand-over-owner');
  await page.goto(`${WEB}/app-details/${appId}`);
  await page.getByRole('radio', { name: /Signed-in people/ }).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.goto(`${WEB}/custom-domain/${appId}`);
  await page.getByRole('textbox', { name: 'Domain' }).fill(host);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('region', { name: host }).getByText('Connected')).toBeVisible();
  return appId;
}

/** The link in the newest mail to `email` (dev inbox). */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const search = await request.get(`${INBOX}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
        const id = ((await search.json()) as { messages: { ID: string }[] }).messages[0]?.ID;
        if (id === undefined) return undefined;
        const message = (await (await request.get(`${INBOX}/api/v1/message/${id}`)).json()) as { Text: string };
        link = /Or open this link: (\S+)/.exec(message.Text)?.[1];
        return link;
      },
      { timeout: 15_000 },
    )
    .toContain('/auth/v1/verify?');
  return link ?? '';
}

test('Google sign-in started on a custom domain: the visitor confirms on Appforge, then is signed in on that domain', async ({ page, request, browser }) => {
  test.setTimeout(420_000);
  const host = `handover-${Date.now().toString(36)}.localhost`;
  const origin = `http://${host}:4173`;
  const appId = await appForSignedInPeopleOn(page, request, host);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${origin}/deployed-app/${appId}`);
  await visitorPage.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/sign-in\\?`));
  const email = uniqueEmail('hand-over-visitor');
  await signInWithDevGoogle(visitorPage, email, 'Visiting Vera');

  // Back on Appforge's own host, not on the domain, signed in there and asked.
  await expect(visitorPage).toHaveURL(new RegExp(`^${WEB}/hand-over\\?to=`), { timeout: 20_000 });
  await expect(visitorPage.getByRole('heading', { level: 1, name: `Sign in to Summariser on ${host}?` })).toBeVisible({ timeout: 20_000 });
  await expect(visitorPage.locator('#main').getByText(email)).toBeVisible();
  // No token of the platform was ever in an address on the domain.
  const domainStorage = await visitor.storageState();
  expect(domainStorage.origins.filter((entry) => entry.origin === origin)).toEqual([]);

  await visitorPage.getByRole('button', { name: `Continue to ${host}` }).click();
  // The app is shown at the domain's root: the address bar says `/`, not /deployed-app/<id> (issue 28).
  await expect(visitorPage).toHaveURL(`${origin}/`, { timeout: 20_000 });
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Summariser' })).toBeVisible();
  const form = visitorPage.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(SOURCE_TEXT);
  await form.getByRole('radio', { name: 'Bullet points' }).check();
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(visitorPage.getByRole('article', { name: 'Summary' })).toContainText('Glaciers', { timeout: 30_000 });
  await visitor.close();
});

test('a magic link someone asked for with redirect_to on a custom domain signs the victim in on Appforge only; “Stay on Appforge” leaves the domain signed out', async ({ page, request, browser }) => {
  test.setTimeout(420_000);
  const host = `lure-${Date.now().toString(36)}.localhost`;
  const origin = `http://${host}:4173`;
  const appId = await appForSignedInPeopleOn(page, request, host);

  // The "attacker" asks for a magic link for the victim, to come back to his domain.
  const victim = uniqueEmail('hand-over-victim');
  const asked = await request.post(`${BACKEND}/auth/v1/otp?redirect_to=${encodeURIComponent(`${origin}/deployed-app/${appId}`)}`, {
    headers: { apikey: anonKey(), 'content-type': 'application/json' },
    data: { email: victim, create_user: true },
  });
  expect(asked.ok()).toBe(true);

  const victimContext = await browser.newContext();
  const victimPage = await victimContext.newPage();
  await victimPage.goto(await mailedLink(request, victim));
  await expect(victimPage).toHaveURL(new RegExp(`^${WEB}/hand-over\\?to=`), { timeout: 20_000 });
  await expect(victimPage.getByRole('heading', { level: 1, name: `Sign in to Summariser on ${host}?` })).toBeVisible({ timeout: 20_000 });
  await victimPage.getByRole('link', { name: 'Stay on Appforge' }).click();
  await expect(victimPage).toHaveURL(`${WEB}/`);

  await victimPage.goto(`${origin}/deployed-app/${appId}`);
  await expect(victimPage.getByRole('heading', { level: 1, name: 'Sign in to use Summariser' })).toBeVisible();
  await victimContext.close();
});
