import type { RouteObject } from 'react-router';

/**
 * Public pages for visitors: the deployed app and its landing page. Neither needs a sign-in to
 * open (the shell's access gate decides by the first path segment); an app that is open to
 * signed-in people only asks for one itself, branded with the app. `handle.layout: 'bare'` asks
 * the shell for a page without Appforge's own navigation: visitors see the app, not the builder.
 */
const bare = { layout: 'bare' } as const;

export const visitorRoutes: RouteObject[] = [
  { path: '/deployed-app/:appId', handle: bare, lazy: () => import('./pages/deployed-app') },
  { path: '/landing-page/:appId', handle: bare, lazy: () => import('./pages/landing-page') },
];
