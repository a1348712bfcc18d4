import type { RouteObject } from 'react-router';

/** Custom domains: all of the person's (issue 27), and those of an app and of a bundle; downloaded on demand. */
export const domainRoutes: RouteObject[] = [
  { path: '/custom-domains', lazy: () => import('./pages/custom-domains') },
  { path: '/custom-domain/:appId', lazy: () => import('./pages/app-custom-domain') },
  { path: '/bundle/:bundleId/custom-domain', lazy: () => import('./pages/bundle-custom-domain') },
];
