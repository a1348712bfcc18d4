// Renders feature pages the way the shell does (TanStack Query, the SDK's provider, toasts, a
// memory router), on a real AppforgeClient talking to the file's real backend.
import type { AppforgeClient } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';

export interface RenderWithAppforgeOptions {
  client: AppforgeClient;
  /** The routes to mount (a feature's manifest, plus stand-ins for where it links to). */
  routes: RouteObject[];
  /** Where the memory router starts. */
  path: string;
}

export type RenderedWithAppforge = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
};

export function renderWithAppforge({ client, routes, path }: RenderWithAppforgeOptions): RenderedWithAppforge {
  // No retries: a refused request should show its error now, as the test expects it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
  return { ...utils, router, queryClient };
}

function Landed({ name }: { name: string }): ReactElement {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{location.pathname}</p>
    </div>
  );
}

/** A stand-in page for a route of another feature or the shell: shows its name and where the router went. */
export function standIn(path: string, name: string): RouteObject {
  return { path, element: <Landed name={name} /> };
}
