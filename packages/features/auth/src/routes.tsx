import type { RouteObject } from 'react-router';

/**
 * The auth feature's pages, each downloaded on demand. `/sign-in` is also reachable as a link
 * (e.g. from /create-new-app with `app_description_id`); the shell's access gate shows the same
 * screen in place of any page that needs a signed-in user.
 */
export const routes: RouteObject[] = [
  { path: '/sign-in', lazy: () => import('./pages/sign-in') },
  { path: '/reset-password', lazy: () => import('./pages/reset-password') },
  // Issue 26: the platform's confirm page before a sign-in continues on a custom domain, and the
  // custom domain's page that receives it.
  { path: '/hand-over', lazy: () => import('./pages/hand-over') },
  { path: '/hand-over/receive', lazy: () => import('./pages/hand-over-receive') },
  { path: '/settings', lazy: () => import('./pages/settings') },
];
