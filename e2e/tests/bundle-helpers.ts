// What the bundle and paid-app tests set up through the backend's REST and functions as the
// signed-in owner (the page's own session): deployed apps, prices, bundles.
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { accessToken, anonKey, BUILT_BACKEND } from './ai-backend-helpers';

/** An app of one output step: it runs without a model. */
export const HELLO_SPEC = { entryStepId: 'show', steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hello from the bundle.' } }] };

export async function rest(request: APIRequestContext, page: Page, method: 'POST' | 'PATCH', path: string, data: unknown): Promise<unknown> {
  const response = await request.fetch(`${BUILT_BACKEND}${path}`, {
    method,
    headers: { apikey: anonKey(), authorization: `Bearer ${await accessToken(page)}`, 'content-type': 'application/json', prefer: 'return=representation' },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

export async function deployedApp(request: APIRequestContext, page: Page, ownerId: string, name: string): Promise<string> {
  const [app] = (await rest(request, page, 'POST', '/rest/v1/App', { owner_id: ownerId, name })) as { id: string }[];
  const [version] = (await rest(request, page, 'POST', '/rest/v1/AppVersion', { app_id: app?.id, spec: HELLO_SPEC, source: 'template' })) as { id: string }[];
  await rest(request, page, 'POST', '/functions/v1/deploy-app', { app_id: app?.id, version_id: version?.id });
  return app?.id ?? '';
}

/** The signed-in person's user id, from the session supabase-js keeps in localStorage. */
export async function signedInUserId(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.endsWith('-auth-token') === true) return (JSON.parse(localStorage.getItem(key) ?? '{}') as { user?: { id?: string } }).user?.id ?? '';
    }
    return '';
  });
}

/** run-app's answer to a run of the app as the page's signed-in person (200, or 402 when they must pay). */
export async function runStatus(request: APIRequestContext, page: Page, appId: string): Promise<number> {
  const response = await request.post(`${BUILT_BACKEND}/functions/v1/run-app`, {
    headers: { apikey: anonKey(), authorization: `Bearer ${await accessToken(page)}`, 'content-type': 'application/json' },
    data: { app_id: appId },
  });
  await response.body();
  return response.status();
}
