import type { RouteObject } from 'react-router';

/** App settings: the hub, details, icon, price, design, config, and the run history. */
export const settingsRoutes: RouteObject[] = [
  { path: '/app-settings/:appId', lazy: () => import('./pages/app-settings') },
  { path: '/app-details/:appId', lazy: () => import('./pages/app-details') },
  { path: '/app-icon/:appId', lazy: () => import('./pages/app-icon') },
  { path: '/app-price/:appId', lazy: () => import('./pages/app-price') },
  { path: '/app-design/:appId', lazy: () => import('./pages/app-design') },
  { path: '/app-config/:appId', lazy: () => import('./pages/app-config') },
  { path: '/app-data/:appId', lazy: () => import('./pages/app-data') },
];
