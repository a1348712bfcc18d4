import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';

/** API keys (issue #16): the key list, a key (new or existing), and an app's API access page. */
export const keysRoutes: RouteObject[] = [
  { path: '/list-api-keys', lazy: () => import('./pages/list-api-keys') },
  { path: '/api-key/:apiKeyId?', lazy: () => import('./pages/api-key') },
  { path: '/api-app-access/:appId', lazy: () => import('./pages/api-app-access') },
];

export const keysNav: FeatureNavEntry[] = [{ href: '/list-api-keys', label: 'API keys', order: 35, activePrefixes: ['/api-key', '/api-app-access/'] }];
