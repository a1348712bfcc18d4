// The one place where route manifests are mounted. To add a feature (see README.md):
//   1. add "@appforge/<feature>": "workspace:*" to apps/web/package.json dependencies,
//   2. import { routes as <feature>Routes } from '@appforge/<feature>';
//   3. append { name: '@appforge/<feature>', routes: <feature>Routes, nav: <feature>Nav } to the list below
//      (`nav`: the feature's sidebar entries, FeatureNavEntry[] from @appforge/ui, sorted by `order`).
// composeRoutes() refuses two manifests that claim the same path, naming both.
import { routes as authRoutes } from '@appforge/auth';
import { nav as apisNav, routes as apisRoutes } from '@appforge/apis';
import { routes as builderRoutes } from '@appforge/builder';
import { nav as bundlesNav, routes as bundlesRoutes } from '@appforge/bundles';
import { nav as databasesNav, routes as databasesRoutes } from '@appforge/databases';
import { nav as domainsNav, routes as domainsRoutes } from '@appforge/domains';
import { nav as teacherNav, routes as teacherRoutes } from '@appforge/teacher';
import { routes as visitorRoutes } from '@appforge/visitor';
import type { RouteManifest } from './compose-routes';
import { composeNav } from './compose-routes';
import { shellNav, shellRoutes } from './shell-routes';

export const routeManifests: readonly RouteManifest[] = [
  { name: '@appforge/web (shell)', routes: shellRoutes, nav: shellNav },
  { name: '@appforge/auth', routes: authRoutes },
  { name: '@appforge/builder', routes: builderRoutes },
  { name: '@appforge/databases', routes: databasesRoutes, nav: databasesNav },
  { name: '@appforge/apis', routes: apisRoutes, nav: apisNav },
  { name: '@appforge/bundles', routes: bundlesRoutes, nav: bundlesNav },
  { name: '@appforge/domains', routes: domainsRoutes, nav: domainsNav },
  { name: '@appforge/teacher', routes: teacherRoutes, nav: teacherNav },
  { name: '@appforge/visitor', routes: visitorRoutes },
];

/** The sidebar: every manifest's entries in `order`. */
export const navEntries = composeNav(routeManifests);
