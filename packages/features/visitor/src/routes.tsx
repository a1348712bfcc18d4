import type { RouteObject } from 'react-router';

/**
 * The pages visitors see: the deployed app, its landing page and the public bundle page. None
 * needs a sign-in to open (the shell's access gate decides by the first path segment); an app
 * that is open to signed-in people only asks for one itself, branded with the app.
 * `handle.layout: 'bare'` asks the shell for a page without Appforge's own navigation: visitors
 * see the app, not the builder.
 */
const bare = { layout: 'bare' } as const;

export const appRoutes: RouteObject[] = [
  { path: '/deployed-app/:appId', handle: bare, lazy: () => import('./pages/deployed-app') },
  { path: '/landing-page/:appId', handle: bare, lazy: () => import('./pages/landing-page') },
];

/** The bundle page keeps the shell's layout for now, as it had in the bundles feature. */
export const bundleRoutes: RouteObject[] = [{ path: '/bundle/:bundleId', lazy: () => import('./pages/bundle') }];

export const routes: RouteObject[] = [...appRoutes, ...bundleRoutes];
