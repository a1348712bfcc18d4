// The public API of @appforge/teacher: its route manifest and its sidebar entry. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { teacherRoutes } from './routes';

export const routes: RouteObject[] = teacherRoutes;

/**
 * "Classes": /classes sends a teacher to the teacher portal and a student to My classes, so one
 * entry serves both; the shell replaces it with "Teacher portal" or "My classes" once it knows
 * the person's school roles (apps/web sidebar.ts, issue 27).
 */
export const nav: FeatureNavEntry[] = [{ href: '/classes', label: 'Classes', order: 50, activePrefixes: ['/teacher-portal', '/my-classes', '/join/'] }];
