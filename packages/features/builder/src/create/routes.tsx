import type { RouteObject } from 'react-router';

/** Describe-your-app and the builder's overview of one app. */
export const createRoutes: RouteObject[] = [];
