import type { AppforgeClient } from '@appforge/sdk';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { HostLocation } from './access-gate/AccessGate';
import type { RouteManifest } from './compose-routes';
import { composeRoutes } from './compose-routes';
import { routeManifests } from './feature-routes';
import { RootErrorBoundary } from './RootErrorBoundary';
import { ShellLoading } from './ShellLoading';

// The gate, the SDK's hooks and the layout arrive with the backend client (see GatedRoot).
const GatedRoot = lazy(() => import('./access-gate/GatedRoot').then((module) => ({ default: module.GatedRoot })));

export interface AppRoutesOptions {
  /** The host the page is served from (tests pass one; the browser's location otherwise). */
  host?: HostLocation;
  /** The backend client (tests pass a fake; loaded on demand otherwise). */
  client?: AppforgeClient;
}

/**
 * The route tree: one root (access gate around the layout, error page, first-load fallback) with
 * every page from every manifest below it. Nothing below the root renders before the gate lets it.
 */
export function createAppRoutes(manifests: readonly RouteManifest[] = routeManifests, options: AppRoutesOptions = {}): RouteObject[] {
  const Root = () => (
    <Suspense fallback={<ShellLoading />}>
      <GatedRoot host={options.host ?? window.location} client={options.client} />
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
