import type { RouteObject } from 'react-router';

/** The teacher portal and the student pages of the schools feature; each page downloads on demand. */
export const teacherRoutes: RouteObject[] = [
  { path: '/classes', lazy: () => import('./pages/classes') },
  { path: '/teacher-portal', lazy: () => import('./pages/teacher-portal') },
  { path: '/teacher-portal/class/:classId', lazy: () => import('./pages/teacher-class') },
  { path: '/my-classes', lazy: () => import('./pages/my-classes') },
  { path: '/join/:code', lazy: () => import('./pages/join') },
];
