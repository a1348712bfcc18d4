// Renders the teacher pages the way the shell does: a real query client, the SDK's provider over
// the in-memory fake backend, toasts and a memory router with the feature's lazy routes.
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/index';

/** A fake backend with someone signed in, a teacher or not. */
export function signedIn(options: { email?: string; teacher?: boolean; student?: boolean } = {}): { client: FakeAppforgeClient; userId: string } {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: options.email ?? 'ada@school.example' });
  client.fake.data.schoolInfo = { isTeacher: options.teacher ?? false, isStudent: options.student ?? false };
  return { client, userId: session.user.id };
}

export function renderTeacher(client: FakeAppforgeClient, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      ...routes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
      { path: '/deployed-app/:appId', element: <h1>Deployed app</h1> },
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
