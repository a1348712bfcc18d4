// Shared steps of the auth end-to-end tests: addresses, the dev inbox, and signing in.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The main host and the schools host of the built app (vite preview on 4173). */
export const WEB = 'http://localhost:4173';
export const SCHOOLS_WEB = 'http://schools.localhost:4173';
/** The dev inboxes (Mailpit-compatible API) of the open and the invite-only backend. */
export const INBOX = 'http://127.0.0.1:54324';
export const INVITE_INBOX = 'http://127.0.0.1:54334';

/** A fresh address per test, so the per-address mail rate limit never bites between tests. */
export function uniqueEmail(tag: string, domain = 'example.org'): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@${domain}`;
}

interface InboxMessage {
  ID: string;
  Subject: string;
}

/** The newest sign-in code mailed to `email`, read from the dev inbox's Mailpit API. */
export async function readSignInCode(request: APIRequestContext, email: string, inbox = INBOX): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${inbox}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
        if (!response.ok()) return undefined;
        const body = (await response.json()) as { messages: InboxMessage[] };
        code = body.messages[0]?.Subject.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a sign-in code for ${email} in ${inbox}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  if (code === undefined) throw new Error(`No sign-in code for ${email}`);
  return code;
}

/** Signs in on the sign-in screen shown on `page` with the e-mail code flow. */
export async function signInWithEmailCode(page: Page, request: APIRequestContext, email: string, inbox = INBOX): Promise<void> {
  await page.getByPlaceholder('Enter email...').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('A code has been sent to your email address. Please enter it below.')).toBeVisible();
  const code = await readSignInCode(request, email, inbox);
  await page.getByPlaceholder('Enter code...').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
}

/** Signs in through "Sign in with Google" and the backend's development identity page. */
export async function signInWithDevGoogle(page: Page, email: string, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Local development sign-in — not Google' })).toBeVisible();
  const form = page.locator('form.new');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Continue as this identity' }).click();
}

export const SIGN_IN_HEADING = 'Build the AI apps you need';
