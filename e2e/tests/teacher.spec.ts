// Classrooms (issue 19) in real Chromium with two browsers against the embedded backend: a teacher
// (self-serve through TEACHER_EMAIL_DOMAINS, see playwright.config.ts) builds and deploys an app,
// creates a class and assigns the app; a student joins with the class code on the schools host and
// runs it; the teacher's live view shows the run without a reload, its AI output word by word; a flagged phrase raises an
// alert in the teacher's live view within 2 seconds; someone who is neither is denied.
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { SCHOOLS_WEB, signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

const SOURCE_TEXT = 'Plants turn light, water and carbon dioxide into sugar. Oxygen is what is left over.';
const FLAGGED_TEXT = 'This homework is so hard I want to kill myself.';

async function attachOnFailure(testInfo: TestInfo, name: string, page: Page | null): Promise<void> {
  if (page === null || page.isClosed() || testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** Fills the Summariser's form on the deployed app page and runs it. */
async function runSummariser(page: Page, text: string): Promise<void> {
  const form = page.getByRole('form', { name: 'What to summarise' });
  await form.getByRole('textbox', { name: 'Text', exact: true }).fill(text);
  const radio = form.getByRole('radio', { name: 'Bullet points' });
  if ((await radio.count()) > 0) await radio.check();
  else await form.getByRole('combobox', { name: 'Summary length' }).selectOption('Bullet points');
  await form.getByRole('button', { name: 'Run' }).click();
}

test('a teacher assigns an app, a student joins and runs it, the live view follows and a flagged phrase alerts the teacher', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(240_000);
  let studentPage: Page | null = null;
  try {
    // The teacher: an app made from a description, deployed.
    await page.goto(`${WEB}/create-new-app`);
    await page.getByRole('button', { name: 'Summariser' }).click();
    await page.getByRole('button', { name: 'Sign up and create my app' }).click();
    await signInWithEmailCode(page, request, uniqueEmail('teacher', 'teachers.example'));
    await expect(page).toHaveURL(/\/create-app\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(page.getByText('No problems found: this version is ready to deploy.')).toBeVisible();
    await page.getByRole('button', { name: 'Deploy version 1' }).click();
    await expect(page.getByRole('button', { name: 'Deployed' })).toBeDisabled();

    // A class, from the sidebar's "Teacher portal" (a teacher's sidebar names it so, issue 27).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teacher portal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher portal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No classes yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Create your first class' }).click();
    const dialog = page.getByRole('dialog', { name: 'New class' });
    await dialog.getByLabel(/Class name/).fill('7B Science');
    await dialog.getByLabel(/Subject/).fill('Science');
    await dialog.getByRole('button', { name: 'Create class' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '7B Science' })).toBeVisible();
    const code = (await page.locator('.teacher-code--large').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect(page.getByRole('link', { name: `${WEB}/join/${code}` })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code of the join link/ })).toBeVisible();

    // Assign the app.
    await page.getByRole('tab', { name: 'Assignments' }).click();
    await page.getByRole('combobox', { name: /App or bundle/ }).click();
    await page.getByRole('option', { name: 'App: Summariser', exact: true }).click();
    await page.getByLabel(/Instructions/).fill('Summarise the text about photosynthesis.');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Summariser' })).toBeVisible();

    // The live view, from here on without a reload.
    await page.getByRole('tab', { name: 'Live' }).click();
    await expect(page.getByRole('heading', { name: 'Nobody is running an app right now' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // The student joins with the code on the schools host, in another browser context.
    const student = await browser.newContext();
    studentPage = await student.newPage();
    // Signed out, the join link's sign-in screen says which class it leads to (issue 27).
    await studentPage.goto(`${SCHOOLS_WEB}/join/${code}`);
    await expect(studentPage.getByRole('status').filter({ hasText: 'You are joining' })).toContainText('You are joining 7B Science');
    await studentPage.goto(`${SCHOOLS_WEB}/my-classes`);
    await signInWithEmailCode(studentPage, request, uniqueEmail('student'));
    // Not a student yet: the schools host lets them in only through a join link.
    await expect(studentPage.getByRole('heading', { level: 1, name: /Contact .* for access/ })).toBeVisible();
    await studentPage.goto(`${SCHOOLS_WEB}/join/${code.toLowerCase()}`);
    await expect(studentPage).toHaveURL(`${SCHOOLS_WEB}/my-classes`, { timeout: 15_000 });
    await expect(studentPage.getByRole('heading', { level: 2, name: '7B Science' })).toBeVisible();
    await expect(studentPage.getByText('Summarise the text about photosynthesis.')).toBeVisible();

    // The teacher's roster shows the student without a reload.
    await page.getByRole('tab', { name: 'Roster' }).click();
    await expect(page.getByRole('heading', { name: 'Students (1)' })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Live' }).click();

    // Everything the teacher's page shows as the AI's words stream in (the card's live text), recorded
    // as it happens: the live view must show partial text before the run finishes.
    await page.evaluate(() => {
      const seen: { text: string; status: string | null }[] = [];
      (window as unknown as { __liveSeen: typeof seen }).__liveSeen = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-live="true"]')) {
          const text = element.textContent ?? '';
          if (text !== '' && seen.at(-1)?.text !== text) seen.push({ text, status: element.closest('article')?.getAttribute('data-status') ?? null });
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });

    // The student runs the assigned app for the class.
    await studentPage.getByRole('link', { name: 'Open Summariser' }).click();
    await expect(studentPage).toHaveURL(/\/deployed-app\/[0-9a-f-]{36}\?class=[0-9a-f-]{36}$/);
    await runSummariser(studentPage, SOURCE_TEXT);

    // The teacher sees the run arrive and its output come in as it is written, then the final one.
    const run = page.getByRole('article').filter({ hasText: 'Plants turn light' });
    await expect(run).toBeVisible({ timeout: 10_000 });
    await expect(studentPage.getByRole('heading', { name: 'Results' })).toBeVisible({ timeout: 30_000 });
    await expect(run).toContainText('Offline model', { timeout: 10_000 });
    await expect(run).toContainText('Finished');
    const seen = await page.evaluate(() => (window as unknown as { __liveSeen: { text: string; status: string | null }[] }).__liveSeen);
    testInfo.annotations.push({ type: 'live partial texts seen', description: String(seen.length) });
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((entry) => entry.status === 'running')).toBe(true);
    const finalText = (await run.textContent()) ?? '';
    // Each partial is the start of the answer (markdown aside), shorter than what was finally shown.
    expect(seen[0]?.text.length).toBeLessThan(finalText.length);
    expect(seen[0]?.text).toContain('Offline model');
    await expect(run.locator('[data-live="true"]')).toHaveCount(0);

    // A flagged phrase: the alert appears in the teacher's live view without a reload. The goal is
    // 2 seconds; the time taken is recorded as an annotation (timing stays out of pass/fail: a busy
    // CI machine must not fail the test).
    // The entry form stays beside the results: the student types again and runs.
    await runSummariser(studentPage, FLAGGED_TEXT);
    const sentAt = Date.now();
    await expect(page.getByRole('alert').filter({ hasText: 'New safety alert' })).toBeVisible({ timeout: 15_000 });
    testInfo.annotations.push({ type: 'alert latency (ms, upper bound)', description: String(Date.now() - sentAt) });
    await expect(page.getByRole('alert').filter({ hasText: 'New safety alert' })).toContainText('Self-harm');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // What the student wrote reads as self-harm: instead of the app's answer they see caring words
    // and where to find help (issue 27), so the model never answers and only the input is flagged.
    await expect(studentPage.getByRole('heading', { name: 'You are not alone' })).toBeVisible({ timeout: 15_000 });
    await expect(studentPage.getByText('Talk to an adult you trust today')).toBeVisible();

    // The alert is in the list, with the student's words, and can be acknowledged.
    await page.getByRole('button', { name: 'Review alerts' }).click();
    await expect(page.getByRole('heading', { name: 'Safety alerts (1 new)' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('’s input:')).toBeVisible();
    await expect(page.getByText('’s AI output:')).toHaveCount(0);
    await expect(page.locator('.teacher-excerpt').first()).toContainText('kill myself');
    await page.getByRole('button', { name: /^Acknowledge/ }).first().click();
    await expect(page.getByRole('heading', { name: 'Safety alerts', exact: true })).toBeVisible();

    // A student never gets the teacher portal.
    await studentPage.goto(`${SCHOOLS_WEB}/teacher-portal`);
    await expect(studentPage.getByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeVisible();
    // And the schools host's root sends them to their classes.
    await studentPage.goto(`${SCHOOLS_WEB}/`);
    await expect(studentPage).toHaveURL(`${SCHOOLS_WEB}/my-classes`);
    await student.close();
  } finally {
    await attachOnFailure(testInfo, 'student-page', studentPage);
  }
});

test('on the schools host someone who is neither teacher nor student sees "Contact … for access"', async ({ page, request }) => {
  await page.goto(`${SCHOOLS_WEB}/`);
  await signInWithEmailCode(page, request, uniqueEmail('neither'));
  await expect(page.getByRole('heading', { level: 1, name: /^Contact .+ for access$/ })).toBeVisible();
  await page.goto(`${SCHOOLS_WEB}/teacher-portal`);
  await expect(page.getByRole('heading', { level: 1, name: /^Contact .+ for access$/ })).toBeVisible();
});
