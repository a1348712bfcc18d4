// Test rendering for the visitor's pages: a page inside the providers the shell gives it
// (TanStack Query, the SDK's AppforgeProvider over a real client of the file's real backend,
// toasts, a memory router), and a presentational component alone in a router.
import type { AppforgeClient } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterLinks } from '../src/components/RouterLinks';

/** A stand-in for another feature's page: its name as the heading, and where the router went. */
export function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </div>
  );
}

export interface RenderWithProvidersOptions {
  /** A client of the file's backend (`backend().client()` signed out, or a `signedInUser`'s). */
  client: AppforgeClient;
  /** React's StrictMode as in apps/web: effects run twice, so a resume or a stream must survive that. */
  strict?: boolean | undefined;
}

/** Renders `routes` at `path` the way the shell does. */
export function renderWithProviders(routes: RouteObject[], path: string, options: RenderWithProvidersOptions) {
  const { client } = options;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>
  );
  const utils = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { client, router, queryClient, ...utils };
}

/** Renders `element` at `path` in a memory router, with a page at /sign-in to follow links to. */
export function renderInRouter(element: ReactNode, { path = '/here', routes = [] }: { path?: string; routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] ?? '/', element: <RouterLinks>{element}</RouterLinks> },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
      ...routes,
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
