// The public API of @appforge/app-tests: its route manifest and its sidebar entries. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { appTestRoutes } from './routes';

export const routes: RouteObject[] = appTestRoutes;

/** None: an app's tests are reached from its settings. */
export const nav: FeatureNavEntry[] = [];
