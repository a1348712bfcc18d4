import type { AppforgeClient } from '@appforge/sdk';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { HostLocation } from './access-gate/AccessGate';
import type { ClientLoaders } from './access-gate/app-client';
import { featureRouteTables } from './feature-routes';
import { RootErrorBoundary } from './RootErrorBoundary';
import { createRouteDiscovery, ROOT_ROUTE_ID } from './route-discovery';
import { shellRoutes } from './shell-routes';
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
 * `children` below it: the shell's own pages at start; each feature's table joins on the first
 * navigation into it (createAppRouter). Nothing below the root renders before the gate lets it.
 * The root has no path: `/` then matches only the not-found splat until the builder's table (which
 * owns `/`) is mounted, so react-router asks for it there too.
 */
export function createAppRoutes(children: readonly RouteObject[] = shellRoutes, options: AppRoutesOptions = {}): RouteObject[] {
  const Root = () => (
    <Suspense fallback={<ShellLoading />}>
      <GatedRoot host={options.host ?? window.location} client={options.client} loaders={options.loaders} />
    </Suspense>
  );
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: ShellLoading,
      children: [...children],
    },
  ];
}

/**
 * A page load starts from the address bar, not from a location mask a previous load left in
 * history.state (a custom domain's target shown at `/`, AccessGate): the domain may show
 * something else by now, so the gate asks again.
 */
export function forgetLocationMask(history: Pick<History, 'state' | 'replaceState'>): void {
  const state: unknown = history.state;
  if (typeof state === 'object' && state !== null && 'masked' in state && state.masked !== undefined) {
    history.replaceState({ ...state, masked: undefined }, '');
  }
}

export function createAppRouter() {
  forgetLocationMask(window.history);
  return createBrowserRouter(createAppRoutes(), { patchRoutesOnNavigation: createRouteDiscovery(featureRouteTables) });
}
