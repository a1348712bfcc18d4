import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';

/**
 * Bundles, checkout and the plan page, each downloaded on demand. The public bundle page
 * /bundle/:bundleId belongs to @appforge/visitor and /bundle/:bundleId/custom-domain to the
 * domains feature; both are only linked from here.
 */
export const routes: RouteObject[] = [
  { path: '/bundles', lazy: () => import('./pages/bundles') },
  { path: '/bundle/:bundleId/settings', lazy: () => import('./pages/bundle-settings') },
  { path: '/bundle/:bundleId/edit-apps', lazy: () => import('./pages/bundle-edit-apps') },
  { path: '/bundle/:bundleId/edit-price', lazy: () => import('./pages/bundle-edit-price') },
  { path: '/bundle/:bundleId/allowed-users', lazy: () => import('./pages/bundle-allowed-users') },
  { path: '/user-plan', lazy: () => import('./pages/user-plan') },
  { path: '/test-checkout/:sessionId', lazy: () => import('./pages/test-checkout') },
];

export const nav: FeatureNavEntry[] = [
  { href: '/bundles', label: 'Bundles', order: 40, activePrefixes: ['/bundle/'] },
  { href: '/user-plan', label: 'Plan', order: 45 },
];
