import type { AppforgeClient } from '@appforge/sdk';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { HostLocation } from './access-gate/AccessGate';
import type { ClientLoaders } from './access-gate/app-client';
import type { RouteManifest } from './compose-routes';
import { composeRoutes } from './compose-routes';
import { routeManifests } from './feature-routes';
import { RootErrorBoundary } from './RootErrorBoundary';
import { ShellLoading } from './ShellLoading';

// The gate and the sign-in client arrive on demand; the SDK and the layout later still (see GatedRoot).
const GatedRoot = lazy(() => import('./access-gate/GatedRoot').then((module) => ({ default: module.GatedRoot })));

export interface AppRoutesOptions {
  /** The host the page is served from (tests pass one; the browser's location otherwise). */
  host?: HostLocation;
  /** The full backend client (tests pass a fake; loaded on demand otherwise). */
  client?: AppforgeClient;
  /** How the backend clients are loaded (tests); the real dynamic imports otherwise. */
  loaders?: Partial<ClientLoaders>;
}

/**
 * The route tree: one root (access gate around the layout, error page, first-load fallback) with
 * every page from every manifest below it. Nothing below the root renders before the gate lets it.
 */
export function createAppRoutes(manifests: readonly RouteManifest[] = routeManifests, options: AppRoutesOptions = {}): RouteObject[] {
  const Root = () => (
    <Suspense fallback={<ShellLoading />}>
      <GatedRoot host={options.host ?? window.location} client={options.client} loaders={options.loaders} />
    </Suspense>
  );
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: ShellLoading,
      children: composeRoutes(manifests),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
