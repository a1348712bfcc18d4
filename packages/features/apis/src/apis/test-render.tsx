// Renders "Your APIs" pages the way the shell does: TanStack Query, the SDK's provider over the
// in-memory fake backend, toasts and a memory router; other pages are stand-ins that show where
// the router went.
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeExternalApi } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import type { ApiDetail } from '@appforge/sdk';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { apisRoutes } from './routes';

function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{location.pathname}</p>
    </div>
  );
}

export function renderApis(client: FakeAppforgeClient, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...apisRoutes, { path: '/create-app/:appId', element: <Landed name="App overview" /> }], { initialEntries: [path] });
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

/** A signed-in owner, optionally with one API of theirs in the fake backend. */
export function owner(api?: Partial<ApiDetail>) {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const made = api ? makeExternalApi({ owner_id: session.user.id, ...api }) : undefined;
  if (made) client.fake.data.externalApis[made.id] = made;
  return { client, session, api: made };
}
