// A test file's own real backend, asked of the run's global setup (./global-setup.ts) and reached
// over loopback HTTP with the real supabase-js client, as the web app reaches it.
import { createAppforgeClient } from '@appforge/sdk';
import type { AppforgeClient, Database, RealtimeTransport } from '@appforge/sdk';
import { createRequire } from 'node:module';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, inject } from 'vitest';
import type { BackendAddress } from './global-setup';

/**
 * Node has no WebSocket the realtime client accepts under jsdom; `ws` speaks the same API. It is
 * loaded with Node's own resolver: the test files resolve imports with the "browser" condition,
 * which gives `ws`'s browser stub (it throws as soon as a page subscribes to live changes).
 */
const nodeWebSocket = createRequire(import.meta.url)('ws') as RealtimeTransport;

export interface TestUser {
  /** An AppforgeClient signed in as the user (password grant through the real auth API). */
  client: AppforgeClient;
  id: string;
  email: string;
  password: string;
}

export interface AppforgeTestBackend extends Omit<BackendAddress, 'id'> {
  /** A service-role client: sets up rows behind row-level security, as the server would. */
  admin: SupabaseClient<Database>;
  /** A fresh AppforgeClient on this backend, signed out; `fetch` stands in for the network (e.g. to go offline). */
  client(options?: ClientOptions): AppforgeClient;
  /** A new confirmed user (created through the admin API), signed in. */
  signedInUser(label: string, options?: ClientOptions & { email?: string }): Promise<TestUser>;
  /** The 6-digit code of the newest mail to the address, read through the dev inbox's API. */
  codeFor(email: string): Promise<string>;
  stop(): Promise<void>;
}

export interface ClientOptions {
  fetch?: typeof fetch;
}

/** How a file's backend differs from the default one. */
export interface BackendOptions {
  /**
   * Ports of loopback servers the file starts to stand in for the outside world (an API the
   * owner connects, an OpenAPI document): the backend's server functions may call 127.0.0.1 on
   * these ports, and only these (private addresses stay refused).
   */
  outboundLoopbackPorts?: number[];
  /**
   * An OpenAI-compatible model provider the file serves on loopback (`http://127.0.0.1:<port>/v1`),
   * used by run-app in place of the built-in offline model: a test that controls a stream token by
   * token, or a provider's failure.
   */
  model?: { baseUrl: string; name: string };
  /** Runs a person (or a signed-out address) may start per minute; run-app's rate limit. */
  runRateLimitPerMinute?: number;
  /**
   * A production server (its own secrets) without Stripe: paid items "cannot be bought yet" and
   * the test checkout does not exist. Not with `outboundLoopbackPorts` (refused in production).
   */
  production?: boolean;
  /**
   * The port of a DNS server the file serves on loopback (`startFakeDnsServer` from
   * `@appforge/test-backend/dns`): custom-domain checks ask it, with `domains.appforge.test` as the
   * CNAME target, and no background re-check job.
   */
  dnsResolverPort?: number;
}

let clientCount = 0;
let emailCount = 0;

/** An address no other test uses (the backend is per file, but a file signs up many users). */
export function uniqueEmail(label: string): string {
  emailCount += 1;
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'user';
  return `${slug}-${emailCount}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** Asks the global setup for a fresh backend (its own copy of the migrated database). */
export async function startAppforgeBackend(options: BackendOptions = {}): Promise<AppforgeTestBackend> {
  const factory = inject('appforgeBackendFactory');
  const response = await fetch(`${factory}/backends`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  const body = (await response.json()) as BackendAddress | { message: string };
  if (!response.ok || !('url' in body)) {
    throw new Error(`the test backend did not start: ${'message' in body ? body.message : response.status}`);
  }
  const { id, ...address } = body;
  const clients: AppforgeClient[] = [];
  const admin = createClient<Database>(address.url, address.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });
  const backend: AppforgeTestBackend = {
    ...address,
    admin,
    client(options = {}) {
      clientCount += 1;
      const created = createAppforgeClient({
        url: address.url,
        anonKey: address.anonKey,
        // Unique per client: under jsdom every client would otherwise share one localStorage slot.
        storageKey: `appforge-test-backend-${clientCount}`,
        realtimeTransport: nodeWebSocket,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      clients.push(created);
      return created;
    },
    async signedInUser(label, options = {}) {
      const email = options.email ?? uniqueEmail(label);
      const password = `password of ${label} ${Math.random().toString(36).slice(2)}`;
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (created.error) throw created.error;
      const client = backend.client(options.fetch ? { fetch: options.fetch } : {});
      const { error } = await client.supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return { client, id: created.data.user.id, email, password };
    },
    async codeFor(email) {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const search = await fetch(`${address.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
        const { messages } = (await search.json()) as { messages: { ID: string }[] };
        const newest = messages[0];
        if (newest) {
          const message = await fetch(`${address.mailboxUrl}/api/v1/message/${newest.ID}`);
          const { Text } = (await message.json()) as { Text: string };
          const code = /\b(\d{6})\b/.exec(Text)?.[1];
          if (!code) throw new Error(`no 6-digit code in the mail to ${email}`);
          return code;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${email}`);
    },
    async stop() {
      for (const created of clients.splice(0)) {
        await created.supabase.auth.stopAutoRefresh();
        await created.supabase.removeAllChannels();
      }
      await fetch(`${factory}/backends/${id}`, { method: 'DELETE' });
    },
  };
  return backend;
}

/**
 * The file's backend: started before its first test, stopped after its last. Call at the top of
 * a test file; the returned function gives the backend inside tests and hooks. `options` is read
 * when the backend starts, after the hooks registered before this call (e.g. a loopback server
 * whose port it names).
 */
export function setupAppforgeBackend(options: () => BackendOptions = () => ({})): () => AppforgeTestBackend {
  let backend: AppforgeTestBackend | undefined;
  beforeAll(async () => {
    backend = await startAppforgeBackend(options());
  });
  afterAll(async () => {
    await backend?.stop();
  });
  return () => {
    if (!backend) throw new Error('the test backend is not started yet: use it inside tests and hooks');
    return backend;
  };
}
