import type { RouteObject } from 'react-router';

/** Public pages for visitors: the deployed app and its landing page. */
export const visitorRoutes: RouteObject[] = [];
