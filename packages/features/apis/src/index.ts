// The public API of @appforge/apis: its route manifest and its sidebar entries. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { keysNav, keysRoutes } from './keys/routes';

export const routes: RouteObject[] = [...keysRoutes];

export const nav: FeatureNavEntry[] = [...keysNav];
import { apisRoutes } from './apis/routes';

export const routes: RouteObject[] = [...apisRoutes];

export const nav: FeatureNavEntry[] = [{ href: '/list-apis', label: 'Your APIs', order: 30, activePrefixes: ['/edit-api', '/view-api/'] }];
