// Classrooms (issue 19) in real Chromium with two browsers against the embedded backend: a teacher
// (self-serve through TEACHER_EMAIL_DOMAINS, see playwright.config.ts) builds and deploys an app,
// creates a class and assigns the app; a student joins with the class code on the schools host and
// finds the app in My classes, the teacher's roster following without a reload; someone who is
// neither is denied. (The class run, the live view and the 2-second alert need the backend's
// content checker connected — ctx.safety — and are added here when it is.)
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { SCHOOLS_WEB, signInWithEmailCode, uniqueEmail, WEB } from './auth-helpers';

async function attachOnFailure(testInfo: TestInfo, name: string, page: Page | null): Promise<void> {
  if (page === null || page.isClosed() || testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test('a teacher creates a class and assigns an app; a student joins with the code on the schools host and finds it', async ({ page, request, browser }, testInfo) => {
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

    // A class, from the sidebar's "Classes".
    await page.getByRole('link', { name: 'Classes' }).click();
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
    await page.getByRole('option', { name: 'App: Summariser' }).click();
    await page.getByLabel(/Instructions/).fill('Summarise the text about photosynthesis.');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Summariser' })).toBeVisible();

    // From here on without a reload.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // The student joins with the code on the schools host, in another browser context.
    const student = await browser.newContext();
    studentPage = await student.newPage();
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
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // "Open" leads to the assigned app, run for the class (?class=).
    await studentPage.getByRole('link', { name: 'Open Summariser' }).click();
    await expect(studentPage).toHaveURL(/\/deployed-app\/[0-9a-f-]{36}\?class=[0-9a-f-]{36}$/);
    await expect(studentPage.getByRole('form', { name: 'What to summarise' })).toBeVisible();

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
