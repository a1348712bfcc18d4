// Test rendering shared by every folder of the builder: a page inside the providers the shell
// gives it (TanStack Query, the SDK's AppforgeProvider over the in-memory fake backend, toasts, a
// memory router), a presentational component alone in a router, and input fields built through
// the engine's own parser (so every field has the defaults a real one has).
import { parseAppSpec } from '@appforge/engine';
import type { InputField } from '@appforge/engine';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { AppforgeClient } from '@appforge/sdk';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';

/** A stand-in for another folder's page: its name as the heading, and where the router went. */
export function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </div>
  );
}

export interface RenderWithProvidersOptions<C extends AppforgeClient = FakeAppforgeClient> {
  /** A real client of the file's backend, or (by default) a fake one for tests not moved yet. */
  client?: C | undefined;
  /** React's StrictMode as in apps/web: effects run twice, so a resume or a stream must survive that. */
  strict?: boolean | undefined;
  /** The shell puts every page inside its <main> landmark. */
  main?: boolean | undefined;
  /** Wrap the page in the UI kit's ToastProvider (pages that confirm with a toast). */
  toasts?: boolean | undefined;
}

/** Renders `routes` at `path` the way the shell does. */
export function renderWithProviders<C extends AppforgeClient = FakeAppforgeClient>(routes: RouteObject[], path: string, options: RenderWithProvidersOptions<C> = {}) {
  const client: C | FakeAppforgeClient = options.client ?? createFakeAppforgeClient();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const routed = <RouterProvider router={router} />;
  const page = options.main ? <main>{routed}</main> : routed;
  const tree = (
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>{options.toasts ? <ToastProvider>{page}</ToastProvider> : page}</AppforgeProvider>
    </QueryClientProvider>
  );
  const utils = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  // Without a client given, C is the fake's type (its default).
  return { client: client as C, router, queryClient, ...utils };
}

/** Renders `element` at `path` in a memory router, with a page at /sign-in to follow links to. */
export function renderInRouter(element: ReactNode, { path = '/here', routes = [] }: { path?: string; routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] ?? '/', element },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
      ...routes,
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

/** One input field with the engine's defaults applied (e.g. a file field's maxBytes). */
export function field(input: { type: InputField['type']; name: string; label: string; [key: string]: unknown }): InputField {
  const parsed = parseAppSpec({ entryStepId: 'a', steps: [{ id: 'a', kind: 'input', title: 'A', config: { fields: [input] } }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const step = parsed.value.steps[0];
  if (step?.kind !== 'input' || !step.config.fields[0]) throw new Error('no field');
  return step.config.fields[0];
}
