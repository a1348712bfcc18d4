// Renders the domain pages the way the shell does: a real query client, the SDK's provider over
// the in-memory fake backend, toasts and a memory router with the feature's lazy routes.
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/index';

/** A fake backend with Ada signed in, owning the app "Recipe Quiz" and the bundle "Study Kit". */
export function signedInOwner(): { client: FakeAppforgeClient; userId: string; appId: string; bundleId: string } {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const appId = crypto.randomUUID();
  const bundleId = crypto.randomUUID();
  client.fake.data.appNames[appId] = 'Recipe Quiz';
  client.fake.data.bundleNames[bundleId] = 'Study Kit';
  return { client, userId: session.user.id, appId, bundleId };
}

export function renderDomains(client: FakeAppforgeClient, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      ...routes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
      { path: '/app-settings/:appId', element: <h1>App settings</h1> },
      { path: '/bundle/:bundleId/settings', element: <h1>Bundle settings</h1> },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <AppforgeProvider client={client}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AppforgeProvider>
      </QueryClientProvider>,
    ),
  };
}
