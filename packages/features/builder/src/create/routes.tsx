import type { RouteObject } from 'react-router';

/**
 * Describe-your-app (`/create-new-app`, public; resumes with `?app_description_id=` after
 * sign-up) and the builder's overview of one app (`/create-app/:appId`, its owner only).
 */
export const createRoutes: RouteObject[] = [
  { path: '/create-new-app', lazy: () => import('./pages/create-new-app') },
  { path: '/create-app/:appId', lazy: () => import('./pages/create-app') },
];
