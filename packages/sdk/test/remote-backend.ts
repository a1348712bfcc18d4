// The run's shared backend (started by test/global-setup.ts), reached over HTTP only.
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { createAppforgeClient } from '../src/client';
import type { Database } from '../src/database.types';
import type { AppforgeClient } from '../src/types';
import { codeIn, uniqueEmail } from './helpers';
import { nodeWebSocket } from './ws';

export interface RemoteBackend {
  admin: SupabaseClient<Database>;
  client(options?: { imageTransformations?: boolean }): AppforgeClient;
  /** The code of the newest sign-in mail to the address, read through the dev inbox's API. */
  codeFor(email: string): Promise<string>;
  /** A new confirmed user, and a client signed in as them (password grant). */
  signedInUser(label: string): Promise<{ client: AppforgeClient; id: string; email: string }>;
  stopClients(): Promise<void>;
}

let clientCount = 0;

export function remoteBackend(): RemoteBackend {
  const { url, anonKey, serviceRoleKey, mailboxUrl } = inject('backend');
  const clients: AppforgeClient[] = [];
  const admin = createClient<Database>(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });
  const remote: RemoteBackend = {
    admin,
    async signedInUser(label) {
      const email = uniqueEmail(label);
      const password = `password of ${label}`;
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (created.error) throw created.error;
      const client = remote.client();
      const { error } = await client.supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return { client, id: created.data.user.id, email };
    },
    client(options = {}) {
      clientCount += 1;
      // Unique per client: under jsdom every client would otherwise share one localStorage slot.
      const created = createAppforgeClient({
        url,
        anonKey,
        storageKey: `appforge-remote-test-${clientCount}`,
        realtimeTransport: nodeWebSocket,
        ...options,
      });
      clients.push(created);
      return created;
    },
    async codeFor(email) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const search = await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
        const { messages } = (await search.json()) as { messages: { ID: string }[] };
        const newest = messages[0];
        if (newest) {
          const message = await fetch(`${mailboxUrl}/api/v1/message/${newest.ID}`);
          const { Text } = (await message.json()) as { Text: string };
          return codeIn(Text, email);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${email}`);
    },
    async stopClients() {
      for (const created of clients) await created.supabase.auth.stopAutoRefresh();
    },
  };
  return remote;
}
