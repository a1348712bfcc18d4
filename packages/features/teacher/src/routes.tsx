import type { RouteObject } from 'react-router';

/** The teacher portal and the student pages of the schools feature; each page downloads on demand. */
export const teacherRoutes: RouteObject[] = [];
