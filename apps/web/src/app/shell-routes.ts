import type { RouteObject } from 'react-router';

/**
 * The shell's own pages. Like every feature page they are downloaded on demand.
 * `/` is the builder's home (the user's apps); the shell keeps the system status page, which
 * shows the configured backend and whether it answers, at `/system-status`.
 */
export const shellRoutes: RouteObject[] = [
  { path: '/system-status', lazy: () => import('../pages/system-status') },
  { path: '*', lazy: () => import('../pages/not-found') },
];
