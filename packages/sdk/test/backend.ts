// Starts the real embedded backend (in-memory PGlite, free loopback ports) for the SDK's
// integration tests, plus the helpers they share: users, clients, the dev inbox's codes.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createBackend, loadConfig, openPglite } from '@appforge/backend';
import type { BackendOptions, Mailbox } from '@appforge/backend';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createAppforgeClient } from '../src/client';
import type { Database } from '../src/database.types';
import type { AppforgeClient } from '../src/types';
import { codeIn, uniqueEmail } from './helpers';
import { nodeWebSocket } from './ws';

export { codeIn, nodeWebSocket, uniqueEmail };
export { totpCode } from './helpers';

export interface SdkTestBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The dev inbox's Mailpit-compatible API. */
  mailboxUrl: string;
  /** A service-role client: sets up rows behind row-level security, as the server would. */
  admin: SupabaseClient<Database>;
  mailbox: Mailbox;
  /** A fresh AppforgeClient on this backend, signed out. */
  client(options?: { anonKey?: string; fetch?: typeof fetch; imageTransformations?: boolean }): AppforgeClient;
  /** A new confirmed user, and an AppforgeClient signed in as them (password grant). */
  signedInUser(label: string): Promise<{ client: AppforgeClient; id: string; email: string; password: string }>;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on (just released), for the out-of-reach tests. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type StartOptions = { env?: Record<string, string>; functions?: BackendOptions['functions'] };

/** The embedded backend on loopback ports the operating system picks (BACKEND_PORT=0, MAILBOX_PORT=0). */
export async function startBackend(options: StartOptions = {}): Promise<SdkTestBackend> {
  const config = loadConfig({
    NODE_ENV: 'test',
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: '0',
    MAILBOX_PORT: '0',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://localhost:5173',
    RATE_LIMIT_EMAIL_SENT_PER_HOUR: '1000',
    RATE_LIMIT_VERIFY_PER_5_MIN: '1000',
    RATE_LIMIT_TOKEN_PER_5_MIN: '1000',
    OFFLINE_MODEL_CHUNK_DELAY_MS: '0',
    ...options.env,
  });
  const db = await openPglite('memory://');
  const backend = await createBackend(config, {
    db,
    mailboxInMemory: true,
    shutdownGraceMs: 2000,
    ...(options.functions ? { functions: options.functions } : {}),
  });
  let started: Awaited<ReturnType<typeof backend.start>>;
  try {
    started = await backend.start();
  } catch (error) {
    // Free what it holds (its database, jobs, the server that did listen), bounded.
    await Promise.race([backend.stop().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
    throw error;
  }
  const { url, mailboxUrl } = started;
  if (!mailboxUrl) throw new Error('the test backend should serve its dev inbox');
  const mailbox = backend.mailbox;
  if (!mailbox) throw new Error('the test backend should keep mail in its dev inbox');
  const clients: AppforgeClient[] = [];
  let clientCount = 0;

  const client: SdkTestBackend['client'] = (clientOptions = {}) => {
    clientCount += 1;
    const created = createAppforgeClient({
      url,
      // Unique per client: under jsdom every client would otherwise share one localStorage slot.
      storageKey: `appforge-test-${clientCount}`,
      anonKey: clientOptions.anonKey ?? backend.anonKey,
      realtimeTransport: nodeWebSocket,
      ...(clientOptions.fetch ? { fetch: clientOptions.fetch } : {}),
      ...(clientOptions.imageTransformations === undefined ? {} : { imageTransformations: clientOptions.imageTransformations }),
    });
    clients.push(created);
    return created;
  };

  const admin = createClient<Database>(url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });

  return {
    url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    mailboxUrl,
    admin,
    mailbox,
    client,
    async signedInUser(label) {
      const email = uniqueEmail(label);
      const password = `password of ${label}`;
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (created.error) throw created.error;
      const signedIn = client();
      const { error } = await signedIn.supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return { client: signedIn, id: created.data.user.id, email, password };
    },
    async stop() {
      for (const created of clients) await created.supabase.auth.stopAutoRefresh();
      await backend.stop();
    },
  };
}

/** The 6-digit code of the newest sign-in mail to the address. */
export async function codeFromInbox(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.waitFor(`to:${email}`);
  return codeIn(mail.text, email);
}
