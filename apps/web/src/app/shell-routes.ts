import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';

/**
 * The shell's own pages. Like every feature page they are downloaded on demand.
 * `/` is the builder's home (the user's apps); the shell keeps the system status page, which
 * shows the configured backend and whether it answers, at `/system-status`.
 */
export const shellRoutes: RouteObject[] = [
  { path: '/system-status', lazy: () => import('../pages/system-status') },
  { path: '*', lazy: () => import('../pages/not-found') },
];

/** The shell's own sidebar entries: Home first and Settings last; features slot in between by `order`. */
export const shellNav: FeatureNavEntry[] = [
  { href: '/', label: 'Home', order: 0 },
  { href: '/settings', label: 'Settings', order: 1000 },
];
