// The public API of @appforge/teacher: its route manifest and its sidebar entry. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { teacherRoutes } from './routes';

export const routes: RouteObject[] = teacherRoutes;

/**
 * "Classes": /classes sends a teacher to the teacher portal and a student to My classes, so one
 * entry serves both (the sidebar is the same for everyone).
 */
export const nav: FeatureNavEntry[] = [{ href: '/classes', label: 'Classes', order: 50, activePrefixes: ['/teacher-portal', '/my-classes', '/join/'] }];
