// What the visitor's Storybook stories share: its styles and the run view's, a memory router for
// presentational components, and <PageStory> — a page rendered the way the shell renders it
// (TanStack Query, the SDK's AppforgeProvider over the in-memory fake backend, toasts, a memory
// router), so pages show realistic data with no backend and no network.
import '@appforge/run-view/styles.css';
import '../styles.css';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { FakeAppforgeClient, FakeAppforgeOverrides } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { RouterLinks } from '../components/RouterLinks';
import type { RouteObject } from 'react-router';

/** Lazy pages download before they render; a busy machine needs longer than the default 1 s. */
export const WAIT = { timeout: 10_000 } as const;

/** Where a link of a story leads when that page is not part of the story. */
function OtherPage() {
  const location = useLocation();
  return (
    <div>
      <h1>Another page</h1>
      <p>{`The link leads to ${location.pathname}${location.search}, which this story does not show.`}</p>
    </div>
  );
}

/** Presentational components use <Link>: give them a router (and the builder's styles). */
export const withRouter: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/story']}>
    <RouterLinks>
      <Story />
    </RouterLinks>
  </MemoryRouter>
);

export interface PageStoryProps {
  /** The route manifest of the folder the page belongs to. */
  routes: RouteObject[];
  /** Fills the fake backend and returns the address to open. */
  seed: (client: FakeAppforgeClient) => string;
  /** E.g. a method that never answers, to show a loading state. */
  overrides?: FakeAppforgeOverrides | undefined;
}

/** A visitor page inside the providers the shell gives it, over the in-memory fake backend. */
export function PageStory({ routes, seed, overrides }: PageStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient(overrides);
    const path = seed(client);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter([...routes, { path: '*', element: <OtherPage /> }], { initialEntries: [path] });
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
