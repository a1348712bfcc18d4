import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RouteManifest } from './compose-routes';
import { composeRoutes } from './compose-routes';
import { routeManifests } from './feature-routes';
import { RootErrorBoundary } from './RootErrorBoundary';
import { RootLayout } from './root-layout';
import { ShellLoading } from './ShellLoading';

/**
 * The route tree: one root (layout, error page, first-load fallback — all in the initial
 * bundle, because they must work when a lazy chunk cannot be downloaded) with every page
 * from every manifest below it.
 */
export function createAppRoutes(manifests: readonly RouteManifest[] = routeManifests): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: ShellLoading,
      children: composeRoutes(manifests),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
