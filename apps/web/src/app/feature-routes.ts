// Where each feature's route table comes from. The tables load on the first navigation into a
// feature (route-discovery.ts): a first visit downloads the shell and the one table it needs,
// not every feature's table and its preload map (scripts/size.mjs).
//
// To add a feature (see README.md):
//   1. add "@appforge/<feature>": "workspace:*" to apps/web/package.json dependencies,
//   2. append { name: '@appforge/<feature>', firstSegments: [...], load: () => import('@appforge/<feature>').then((m) => m.routes) }
//      below, listing the first path segment of every route it declares ('' for `/`),
//   3. add its manifest to test/route-manifests.ts (the check that no two features claim one path
//      and that every path is listed here), and its sidebar entries to feature-nav.ts.
import type { RouteObject } from 'react-router';

/** One feature's route table, loaded when someone first opens a path that starts with one of its segments. */
export interface LazyRouteTable {
  /** The package, for error messages. */
  readonly name: string;
  /** The first path segment of each of its routes, lower case; '' stands for `/`. */
  readonly firstSegments: readonly string[];
  readonly load: () => Promise<readonly RouteObject[]>;
}

export const featureRouteTables: readonly LazyRouteTable[] = [
  {
    name: '@appforge/auth',
    firstSegments: ['sign-in', 'reset-password', 'hand-over', 'settings'],
    load: () => import('@appforge/auth').then((feature) => feature.routes),
  },
  {
    name: '@appforge/builder',
    firstSegments: [
      '',
      'create-new-app',
      'create-app',
      'create-app-change-version',
      'create-app-change-version-confirm',
      'create-app-database',
      'create-app-database-new',
      'create-app-deploy',
      'create-app-ai-changes',
      'ai-builder',
      'app-settings',
      'app-details',
      'app-icon',
      'app-price',
      'app-design',
      'app-config',
      'app-data',
    ],
    load: () => import('@appforge/builder').then((feature) => feature.routes),
  },
  {
    name: '@appforge/databases',
    firstSegments: ['databases', 'database'],
    load: () => import('@appforge/databases').then((feature) => feature.routes),
  },
  {
    name: '@appforge/apis',
    firstSegments: ['list-apis', 'edit-api', 'view-api', 'list-api-keys', 'api-key', 'api-app-access'],
    load: () => import('@appforge/apis').then((feature) => feature.routes),
  },
  {
    name: '@appforge/bundles',
    firstSegments: ['bundles', 'bundle', 'user-plan', 'test-checkout'],
    load: () => import('@appforge/bundles').then((feature) => feature.routes),
  },
  {
    name: '@appforge/domains',
    firstSegments: ['custom-domains', 'custom-domain', 'bundle'],
    load: () => import('@appforge/domains').then((feature) => feature.routes),
  },
  {
    name: '@appforge/app-tests',
    firstSegments: ['app-tests'],
    load: () => import('@appforge/app-tests').then((feature) => feature.routes),
  },
  {
    name: '@appforge/teacher',
    firstSegments: ['classes', 'teacher-portal', 'my-classes', 'join'],
    load: () => import('@appforge/teacher').then((feature) => feature.routes),
  },
  {
    name: '@appforge/visitor',
    firstSegments: ['deployed-app', 'landing-page', 'bundle'],
    load: () => import('@appforge/visitor').then((feature) => feature.routes),
  },
];
