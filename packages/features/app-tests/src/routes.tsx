import type { RouteObject } from 'react-router';

/** App tests (issue 30): an app's test cases, runs and results; downloaded on demand. */
export const appTestRoutes: RouteObject[] = [{ path: '/app-tests/:appId', lazy: () => import('./pages/app-tests') }];
