// The public API of @appforge/teacher: its route manifest and its sidebar entry. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { teacherRoutes } from './routes';

export const routes: RouteObject[] = teacherRoutes;

/** The sidebar's "Classes" entry comes with the pages. */
export const nav: FeatureNavEntry[] = [];
