// The public API of @appforge/apis: its route manifest and its sidebar entries. Every page loads on demand.
// Your APIs (src/apis, issue 15) and API keys with the public API's screens (src/keys, issue 16).
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { apisRoutes } from './apis/routes';
import { keysNav, keysRoutes } from './keys/routes';

export const routes: RouteObject[] = [...apisRoutes, ...keysRoutes];

export const nav: FeatureNavEntry[] = [
  { href: '/list-apis', label: 'Your APIs', order: 30, activePrefixes: ['/edit-api', '/view-api/'] },
  ...keysNav,
];
