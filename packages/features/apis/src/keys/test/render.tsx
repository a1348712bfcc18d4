// Renders the API-key pages the way the shell does: real query client, the SDK's React provider
// over the in-memory fake client, toasts, and a memory router with the keys routes.
import type { AppDetail } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeApp, makeSpec, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { keysRoutes } from '../routes';

/** Ada signed in on a fake backend; `deployedApp` adds one deployed app of hers with API access. */
export function signedInOwner(): { client: FakeAppforgeClient; ownerId: string } {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  return { client, ownerId: session.user.id };
}

export function deployedApp(client: FakeAppforgeClient, ownerId: string, app: Partial<AppDetail> = {}): AppDetail {
  const version = makeVersion({ frozen: true, spec: makeSpec() });
  const made = makeApp({ owner_id: ownerId, name: 'Topic explainer', deployed_version_id: version.id, draft_version_id: version.id, api_access_enabled: true, ...app });
  client.fake.data.apps[made.id] = made;
  client.fake.data.versions[version.id] = { ...version, app_id: made.id };
  return made;
}

export function renderKeys(client: FakeAppforgeClient, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    keysRoutes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        <ToastProvider>
          <main>
            <RouterProvider router={router} />
          </main>
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>,
  );
  return { router, ...utils };
}
