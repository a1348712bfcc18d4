import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteManifest } from '../src/app/compose-routes';
import { routeManifests } from '../src/app/feature-routes';
import { Providers } from '../src/app/providers';
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

/** Renders the real route tree (shell + given manifests) at `path`, with the real providers. */
export function renderAppAt(
  path: string,
  options: { env?: Env; manifests?: readonly RouteManifest[] } = {},
) {
  const router = createMemoryRouter(createAppRoutes(options.manifests ?? routeManifests), { initialEntries: [path] });
  const utils = render(
    <Providers env={options.env ?? testEnv()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...utils };
}
