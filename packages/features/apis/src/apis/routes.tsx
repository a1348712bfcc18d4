import type { RouteObject } from 'react-router';

/** "Your APIs" (issue 15): the list, create/edit, and an API's page with its test console. */
export const apisRoutes: RouteObject[] = [
  { path: '/list-apis', lazy: () => import('./pages/list-apis') },
  { path: '/edit-api/:apiId?', lazy: () => import('./pages/edit-api') },
  { path: '/view-api/:apiId', lazy: () => import('./pages/view-api') },
];
