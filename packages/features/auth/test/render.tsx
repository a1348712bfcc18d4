import type { AppforgeClient } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AuthFeatureProvider } from '../src/lib/auth-context';
import { SignInClientProvider } from '../src/lib/sign-in-client';
import type { SignInClient } from '../src/lib/sign-in-client';
import type { AnalyticsConsent, AuthFeatureConfig } from '../src/lib/auth-context';

/** An analytics consent store like the shell's, in memory. */
export function memoryConsentStore(enabled = true, initial: AnalyticsConsent = 'granted') {
  let consent = initial;
  const listeners = new Set<() => void>();
  return {
    enabled,
    getConsent: () => consent,
    setConsent: (next: AnalyticsConsent) => {
      consent = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface RenderOptions<Client extends AppforgeClient = AppforgeClient> {
  /** The backend client: a real one on the file's test backend (@appforge/test-backend). */
  client: Client;
  /** The address the router starts at. */
  path?: string;
  /** Router state of the first entry. */
  state?: unknown;
  config?: Partial<AuthFeatureConfig>;
  /** Extra routes, e.g. the page a Back link leads to. */
  routes?: RouteObject[];
  /** The sign-in screen's own client when it is not `client` (e.g. the real light client). */
  signInClient?: SignInClient;
}

/** Renders `element` at `path` with the real providers, the given backend client and a memory router. */
export function renderWithProviders<Client extends AppforgeClient>(element: ReactNode, options: RenderOptions<Client>) {
  const { client } = options;
  const reportError = vi.fn<AuthFeatureConfig['reportError']>();
  const config: AuthFeatureConfig = {
    supportEmail: 'help@appforge.test',
    reportError,
    analytics: memoryConsentStore(),
    ...options.config,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [{ path: path.split('?')[0] ?? '/', element }, { path: '/', element: <h1>Home page</h1> }, ...(options.routes ?? [])],
    { initialEntries: [{ pathname: path.split('?')[0] ?? '/', search: path.includes('?') ? `?${path.split('?')[1] ?? ''}` : '', state: options.state }] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        <SignInClientProvider client={options.signInClient ?? client}>
          <AuthFeatureProvider config={config}>
            <RouterProvider router={router} />
          </AuthFeatureProvider>
        </SignInClientProvider>
      </AppforgeProvider>
    </QueryClientProvider>,
  );
  return { client, router, reportError, queryClient, config, ...utils };
}
