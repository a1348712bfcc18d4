// A keys page in Storybook the way the shell renders it: TanStack Query, the SDK's provider over
// the in-memory fake backend, toasts and a memory router; `seed` fills the fake and picks the page.
import '../../styles.css';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { FakeApiKey, FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { keysRoutes } from '../routes';

/** Lazy pages download before they render; a busy machine needs longer than the default 1 s. */
export const WAIT = { timeout: 10_000 } as const;

export interface KeysPageStoryProps {
  /** Fills the fake backend (Ada is signed in) and returns the address to open. */
  seed: (client: FakeAppforgeClient, ownerId: string) => string;
}

export function KeysPageStory({ seed }: KeysPageStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'ada@example.org' });
    const router = createMemoryRouter(keysRoutes, { initialEntries: [seed(client, session.user.id)] });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    return { client, router, queryClient };
  });
  return (
    <QueryClientProvider client={setup.queryClient}>
      <AppforgeProvider client={setup.client}>
        <ToastProvider>
          <main>
            <RouterProvider router={setup.router} />
          </main>
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>
  );
}

/** A key of Ada's in the fake backend, with some usage over the last two weeks. */
export function seedKey(client: FakeAppforgeClient, ownerId: string, overrides: Partial<FakeApiKey> = {}): FakeApiKey {
  const today = Date.parse('2026-11-25T12:00:00Z');
  const key: FakeApiKey = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    key: `af_Story123${'x'.repeat(43)}`,
    name: 'Website backend',
    prefix: 'af_Story123',
    app_ids: null,
    created_at: '2026-11-01T09:00:00Z',
    last_used_at: '2026-11-24T16:30:00Z',
    expires_at: null,
    revoked_at: null,
    replaced_by: null,
    rate_limit_per_minute: 60,
    runs_count: 42,
    input_tokens: 1200,
    output_tokens: 3400,
    errors_count: 2,
    usage: [3, 0, 5, 8, 2, 0, 7].map((runs, index) => ({
      day: new Date(today - index * 86_400_000).toISOString().slice(0, 10),
      runs,
      input_tokens: runs * 30,
      output_tokens: runs * 80,
      errors: index === 3 ? 1 : 0,
    })),
    ...overrides,
  };
  client.fake.data.apiKeys[key.id] = key;
  return key;
}
