import type { RouteObject } from 'react-router';

/** Custom domains of an app and of a bundle: one shared page, downloaded on demand. */
export const domainRoutes: RouteObject[] = [
  { path: '/custom-domain/:appId', lazy: () => import('./pages/app-custom-domain') },
  { path: '/bundle/:bundleId/custom-domain', lazy: () => import('./pages/bundle-custom-domain') },
];
