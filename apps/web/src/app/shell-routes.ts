import type { RouteObject } from 'react-router';

/**
 * The shell's own pages. Like every feature page they are downloaded on demand.
 * `/` is the system status page until the builder brings the real home.
 */
export const shellRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../pages/system-status') },
  { path: '*', lazy: () => import('../pages/not-found') },
];
