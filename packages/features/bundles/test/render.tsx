// Renders a bundles page the way the shell does: real query client, the SDK's provider over the
// file's real backend client (@appforge/test-backend), toasts, a memory router that knows the feature's routes.
import { AppforgeProvider } from '@appforge/sdk/react';
import type { AppforgeClient } from '@appforge/sdk';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { routes } from '../src/routes';

function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <h1>
      {name} at {location.pathname}
      {location.search}
    </h1>
  );
}

export function renderBundles(path: string, client: AppforgeClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      ...routes,
      { path: '/sign-in', element: <Landed name="Sign-in page" /> },
      { path: '/deployed-app/:appId', element: <Landed name="Deployed app" /> },
      { path: '/', element: <Landed name="Home" /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>,
  );
  return { client, router, ...utils };
}
