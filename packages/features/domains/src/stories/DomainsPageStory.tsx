// A domain page inside the providers the shell gives it, over the in-memory fake backend, for
// Storybook (the stories' play functions and axe run in stories.test.tsx).
import '../styles.css';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeOwnedDomain } from '@appforge/sdk/testing';
import type { FakeAppforgeClient, FakeDomain } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../index';

export const WAIT = { timeout: 10_000 } as const;

export interface DomainsPageStoryProps {
  /** Which page: an app's or a bundle's. */
  of: 'app' | 'bundle';
  /** The owner's domains to start with (their target is filled in). */
  domains?: Omit<Partial<FakeDomain>, 'target'>[];
}

function seed(client: FakeAppforgeClient, of: 'app' | 'bundle', domains: DomainsPageStoryProps['domains'] = []): string {
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const appId = '6f1c1d8e-5b7a-4a53-9b3e-2f6a0c1d2e3f';
  const bundleId = '0b6b5a7c-1d2e-4f3a-8b9c-0d1e2f3a4b5c';
  client.fake.data.appNames[appId] = 'Recipe Quiz';
  client.fake.data.bundleNames[bundleId] = 'Study Kit';
  for (const domain of domains) {
    const host = domain.host ?? 'www.example.org';
    client.fake.data.domains[host] = makeOwnedDomain(session.user.id, {
      ...domain,
      host,
      target: of === 'app' ? { kind: 'app', app_id: appId } : { kind: 'bundle', bundle_id: bundleId },
    });
  }
  return of === 'app' ? `/custom-domain/${appId}` : `/bundle/${bundleId}/custom-domain`;
}

export function DomainsPageStory({ of, domains }: DomainsPageStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient();
    const path = seed(client, of, domains);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter([...routes, { path: '*', element: <h1>Another page</h1> }], { initialEntries: [path] });
    return { client, queryClient, router };
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
