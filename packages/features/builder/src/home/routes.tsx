import type { RouteObject } from 'react-router';

/** The signed-in home: the user's apps and recent runs. */
export const homeRoutes: RouteObject[] = [{ path: '/', lazy: () => import('./pages/home') }];
