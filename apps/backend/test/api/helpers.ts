// Helpers for the public API tests: keys made through create-api-key, and plain fetch calls.
import type { TestBackend } from '../harness.js';
import { callFunction, seedApp } from '../functions-ai/helpers.js';
import type { SeededApp, TestUser } from '../functions-ai/helpers.js';

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  name: string;
  app_ids: string[] | null;
  expires_at: string | null;
  rate_limit_per_minute: number;
}

/** create-api-key as the user; throws unless 201. */
export async function createKey(backend: TestBackend, user: TestUser, body: Record<string, unknown> = {}): Promise<CreatedKey> {
  const response = await callFunction(backend, 'create-api-key', { name: 'Test key', app_ids: null, expires_at: null, ...body }, user.token);
  if (response.status !== 201) throw new Error(`create-api-key answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreatedKey;
}

/** A deployed app of the user with API access on (unless `apiAccess: false`). */
export async function apiApp(
  backend: TestBackend,
  ownerId: string,
  options: Parameters<typeof seedApp>[2] & { apiAccess?: boolean } = {},
): Promise<SeededApp> {
  const seeded = await seedApp(backend, ownerId, options);
  await backend.db.query('update public."App" set api_access_enabled = $2, description = $3 where id = $1', [
    seeded.appId,
    options.apiAccess !== false,
    'Explains a topic simply',
  ]);
  return seeded;
}

/** A plain fetch to /functions/v1/api/<path> with the key as Authorization: Bearer (when given). */
export function api(
  backend: TestBackend,
  path: string,
  options: { key?: string | null; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${backend.url}/functions/v1/api/${path}`, {
    method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
  });
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string; fields?: { field: string; code: string }[] }> {
  const body = (await response.json()) as { error: { code: string; message: string; fields?: { field: string; code: string }[] } };
  return { status: response.status, ...body.error };
}
