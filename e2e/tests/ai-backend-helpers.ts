// The backend whose model calls go to the fake model server (playwright.config.ts: "backend-ai"
// and "fake-model"): re-routing a browser context to it, scripting the fake, reading what the
// backend asked it, and reading a version's spec as its owner.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { expect } from '@playwright/test';
import { FAKE_MODEL_URL, requestsReplySchema } from '../servers/fake-model-protocol';
import type { RequestsReply, ScriptedResponse } from '../servers/fake-model-protocol';

/** The backend the built web app knows (apps/web/.env.production) and the AI backend. */
export const BUILT_BACKEND = 'http://127.0.0.1:54321';
export const AI_BACKEND = 'http://127.0.0.1:54341';
/** The AI backend's dev inbox (Mailpit-compatible API). */
export const AI_INBOX = 'http://127.0.0.1:54344';

const ANON_KEY_FILE = path.resolve(import.meta.dirname, '../../apps/web/.env.production');

export interface AiBackendRouting {
  /** Requests of the context that reached 54321 without being re-routed. */
  leaks(): string[];
  /** How many backend calls were re-routed to the AI backend. */
  rerouted(): number;
}

/**
 * Sends every backend call of `context` (HTTP, and the server-sent event streams of runs and the
 * builder, which are fetches) to the AI backend, and notes any request to port 54321 that did not go
 * through the route, so a test can assert that nothing of its flow reached the offline backend. A
 * WebSocket to 54321 (realtime, for live updates) is closed before it connects — Playwright can only
 * pass a socket on to its own URL — so it reaches nothing; the pages then work without live updates.
 */
export async function routeToAiBackend(context: BrowserContext): Promise<AiBackendRouting> {
  const handled = new Set<Request>();
  const seen: Request[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).port === '54321') seen.push(request);
  });
  await context.route(`${BUILT_BACKEND}/**`, (route) => {
    handled.add(route.request());
    return route.continue({ url: route.request().url().replace(BUILT_BACKEND, AI_BACKEND) });
  });
  await context.routeWebSocket(
    (url) => url.port === '54321',
    (socket) => socket.close({ code: 1008, reason: 'This test talks to the AI backend only' }),
  );
  return {
    leaks: () => seen.filter((request) => !handled.has(request)).map((request) => `${request.method()} ${request.url()}`),
    rerouted: () => handled.size,
  };
}

/** Queues the fake model's next answers, in order. */
export async function enqueueModelReplies(request: APIRequestContext, ...responses: ScriptedResponse[]): Promise<void> {
  const response = await request.post(`${FAKE_MODEL_URL}/__control/enqueue`, { data: responses });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every chat completion request the fake got since the last reset, and the answers still queued. */
export async function modelRequests(request: APIRequestContext): Promise<RequestsReply> {
  const response = await request.get(`${FAKE_MODEL_URL}/__control/requests`);
  expect(response.status()).toBe(200);
  return requestsReplySchema.parse(await response.json());
}

/** Forgets the fake's queue and recorded requests. */
export async function resetModel(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${FAKE_MODEL_URL}/__control/reset`);
  expect(response.status()).toBe(200);
}

/** A streamed answer: one chunk per word, a little apart, as a model writes. */
export function streamedAnswer(text: string): ScriptedResponse {
  return { text, chunkDelayMs: 20 };
}

export function anonKey(): string {
  const match = /^VITE_SUPABASE_ANON_KEY=(.+)$/m.exec(readFileSync(ANON_KEY_FILE, 'utf8'));
  if (!match?.[1]) throw new Error(`No VITE_SUPABASE_ANON_KEY in ${ANON_KEY_FILE}`);
  return match[1].trim();
}

/** The signed-in user's access token, from supabase-js's session in the page's localStorage. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.endsWith('-auth-token') !== true) continue;
      const session = JSON.parse(localStorage.getItem(key) ?? 'null') as { access_token?: unknown } | null;
      if (typeof session?.access_token === 'string') return session.access_token;
    }
    return null;
  });
  if (token === null) throw new Error('No signed-in session in the page');
  return token;
}

/** A version's spec as its owner reads it through the AI backend's REST API. */
export async function versionSpec(page: Page, request: APIRequestContext, versionId: string): Promise<unknown> {
  const response = await request.get(`${AI_BACKEND}/rest/v1/AppVersion?id=eq.${versionId}&select=spec`, {
    headers: { apikey: anonKey(), authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const rows = (await response.json()) as { spec: unknown }[];
  expect(rows).toHaveLength(1);
  return rows[0]?.spec;
}
