// Shared pieces of the auth integration tests: the started backend, its dev inbox, raw HTTP.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import type { AuthChangeEvent, SupabaseClient, SupportedStorage } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { createAuthApi } from '../../src/auth/index.js';
import type { AuthSettings } from '../../src/auth/index.js';
import { nodeWebSocket } from '../../src/http/ws-transport.js';
import type { AppEnv } from '../../src/http/types.js';
import type { StoredMail } from '../../src/mail/mailbox.js';
import type { TestBackend } from '../harness.js';

/** Limits high enough that a test file never trips them by accident. */
export const GENEROUS_LIMITS = {
  RATE_LIMIT_EMAIL_SENT_PER_HOUR: '1000',
  RATE_LIMIT_VERIFY_PER_5_MIN: '1000',
  RATE_LIMIT_TOKEN_PER_5_MIN: '1000',
  // Every request of a test comes from the same loopback address (issue 26 keys limits by it).
  RATE_LIMIT_SIGN_IN_SIGN_UPS_PER_5_MIN: '1000',
};

let phoneCounter = 0;
/** A fresh number per test (E.164 digits without the plus), under a prefix per test file. */
export function uniquePhone(prefix: string): string {
  phoneCounter += 1;
  return `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter}`.slice(0, 15);
}

let counter = 0;
/** A fresh address per test, so per-address limits and users never collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@example.com`;
}

export function mailsTo(backend: TestBackend, address: string): StoredMail[] {
  if (!backend.mailbox) throw new Error('the test backend has no dev inbox');
  return backend.mailbox.search(`to:${address}`);
}

/** The newest mail to the address (the API call that sends it has already returned). */
export function lastMail(backend: TestBackend, address: string): StoredMail {
  const mail = mailsTo(backend, address)[0];
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

export function codeOf(mail: StoredMail): string {
  const code = /^\s{4}(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return code;
}

export function linkOf(mail: StoredMail): string {
  const link = /^Or open this link: (\S+)$/m.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link in mail "${mail.subject}"`);
  return link;
}

/** In-memory storage for clients that need PKCE verifiers to survive between calls. */
export function memoryStorage(): SupportedStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    removeItem: (key: string) => {
      data.delete(key);
    },
  };
}

export function pkceClient(backend: TestBackend): SupabaseClient {
  return backend.client({ auth: { flowType: 'pkce', storage: memoryStorage(), persistSession: true } });
}

/** Records the auth events a client emits. */
export function recordEvents(client: SupabaseClient): AuthChangeEvent[] {
  const events: AuthChangeEvent[] = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}

/** Raw call to the auth API (for hostile inputs supabase-js would never send). */
export async function authFetch(
  backend: TestBackend,
  path: string,
  init: RequestInit & { token?: string; apiVersion?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set('apikey', backend.anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${init.token ?? backend.anonKey}`);
  if (init.apiVersion !== null) headers.set('x-supabase-api-version', init.apiVersion ?? '2024-01-01');
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await fetch(`${backend.url}/auth/v1${path}`, { ...init, headers, redirect: 'manual' });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  if (text !== '') {
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
  }
  return { status: response.status, body, headers: response.headers };
}

/** Fragment or query parameters of a redirect Location. */
export function redirectParams(location: string | null): { url: URL; fragment: URLSearchParams } {
  if (!location) throw new Error('no Location header');
  const url = new URL(location);
  return { url, fragment: new URLSearchParams(url.hash.replace(/^#/, '')) };
}

/**
 * A second auth API on the same database with other settings (e.g. autoconfirm on), served on
 * its own loopback port, for behaviour BackendConfig does not switch.
 */
export async function startVariant(
  backend: TestBackend,
  overrides: Partial<AuthSettings>,
): Promise<{ url: string; client: () => SupabaseClient; stop: () => Promise<void> }> {
  const app = new Hono<AppEnv>();
  app.route('/auth/v1', createAuthApi(backend.deps, overrides));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    client: () =>
      createClient(url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: nodeWebSocket },
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
