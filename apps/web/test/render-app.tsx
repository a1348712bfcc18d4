import type { AppforgeClient } from '@appforge/sdk';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HostLocation } from '../src/app/access-gate/AccessGate';
import type { ClientLoaders } from '../src/app/access-gate/app-client';
import type { RouteManifest } from '../src/app/compose-routes';
import { composeRoutes } from '../src/app/compose-routes';
import { featureRouteTables } from '../src/app/feature-routes';
import { Providers } from '../src/app/providers';
import { createRouteDiscovery } from '../src/app/route-discovery';
import { createAppRoutes } from '../src/app/router';
import type { Env } from '../src/env';
import { parseEnv } from '../src/env';

/** A valid configuration, parsed by the real parser; `overrides` are raw variable values. */
export function testEnv(overrides: Record<string, unknown> = {}): Env {
  const result = parseEnv({
    // Port 9 (discard) on loopback: nothing listens there, so a health check fails fast.
    VITE_SUPABASE_URL: 'http://127.0.0.1:9',
    VITE_SUPABASE_ANON_KEY: 'test-anon-key',
    MODE: 'test',
    DEV: true,
    PROD: false,
    ...overrides,
  });
  if (!result.ok) throw new Error(`testEnv: ${JSON.stringify(result.issues)}`);
  return result.env;
}

/** A fake backend with an allowed person signed in: what most shell tests need. */
export function signedInClient(): FakeAppforgeClient {
  const client = createFakeAppforgeClient({ data: { newUserStatus: 'allowed' } });
  client.fake.signIn({ email: 'ada@example.org' });
  return client;
}

export const MAIN_HOST: HostLocation = { hostname: 'localhost', host: 'localhost:4173' };

export interface RenderAppOptions {
  env?: Env;
  /**
   * Every page, mounted at start (with stand-ins for real pages). Without it, the app's own:
   * the shell's pages, and each feature's table on the first navigation into it, as in the browser.
   */
  manifests?: readonly RouteManifest[];
  /** The backend; an allowed, signed-in person by default. */
  client?: AppforgeClient;
  /**
   * Load the clients the way a first visit does instead (light sign-in client first, the full
   * one on demand); `client` is then not given to the app.
   */
  loaders?: Partial<ClientLoaders>;
  /** The page's host; the main host by default. */
  host?: HostLocation;
  /** Router state of the first entry. */
  state?: unknown;
}

/** Renders the real route tree (gate, shell, given manifests) at `path`, with the real providers. */
export function renderAppAt(path: string, options: RenderAppOptions = {}) {
  const client = options.client ?? signedInClient();
  const env = options.env ?? testEnv();
  const clients = options.loaders === undefined ? { client } : { loaders: options.loaders };
  const appOptions = { host: options.host ?? MAIN_HOST, ...clients };
  const routes = options.manifests === undefined ? createAppRoutes(undefined, appOptions) : createAppRoutes(composeRoutes(options.manifests), appOptions);
  const router = createMemoryRouter(routes, {
    ...(options.manifests === undefined ? { patchRoutesOnNavigation: createRouteDiscovery(featureRouteTables) } : {}),
    initialEntries: [{ pathname: path.split('?')[0] ?? '/', search: path.includes('?') ? `?${path.split('?')[1] ?? ''}` : '', state: options.state }],
  });
  // No retries: a failure shows at once instead of after the retry delay.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  const utils = render(
    <Providers env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, queryClient, ...utils };
}
