// Renders a page of this folder the way the shell does: real providers (TanStack Query, the
// SDK's AppforgeProvider with an in-memory fake backend) and a memory router.
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../routes';

/** Shows where the router went, for pages outside this folder (sign-in, home). */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </div>
  );
}

export interface RenderOptions {
  client?: FakeAppforgeClient;
  /** Extra routes, e.g. stand-ins for other features' pages. */
  routes?: RouteObject[];
}

/** Renders this folder's routes at `path`. */
export function renderRoute(path: string, options: RenderOptions = {}) {
  const client = options.client ?? createFakeAppforgeClient();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        // Lazy pages render nothing until their code has loaded (as in the shell).
        HydrateFallback: () => null,
        children: [
          ...createRoutes,
          { path: '/sign-in', element: <Landed name="Sign-in screen" /> },
          { path: '/', element: <Landed name="Home page" /> },
          ...(options.routes ?? []),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        <RouterProvider router={router} />
      </AppforgeProvider>
    </QueryClientProvider>,
  );
  return { client, router, queryClient, ...utils };
}
