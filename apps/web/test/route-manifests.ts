// Every route manifest, imported at once: for tests only. The app loads each feature's table on
// the first navigation into it (src/app/feature-routes.ts); feature-routes.test.ts holds that
// table to these manifests and checks that no two of them claim the same path.
import { routes as apisRoutes } from '@appforge/apis';
import { routes as appTestsRoutes } from '@appforge/app-tests';
import { routes as authRoutes } from '@appforge/auth';
import { routes as builderRoutes } from '@appforge/builder';
import { routes as bundlesRoutes } from '@appforge/bundles';
import { routes as databasesRoutes } from '@appforge/databases';
import { routes as domainsRoutes } from '@appforge/domains';
import { routes as teacherRoutes } from '@appforge/teacher';
import { routes as visitorRoutes } from '@appforge/visitor';
import type { RouteManifest } from '../src/app/compose-routes';
import { shellRoutes } from '../src/app/shell-routes';

export const SHELL_MANIFEST_NAME = '@appforge/web (shell)';

export const routeManifests: readonly RouteManifest[] = [
  { name: SHELL_MANIFEST_NAME, routes: shellRoutes },
  { name: '@appforge/auth', routes: authRoutes },
  { name: '@appforge/builder', routes: builderRoutes },
  { name: '@appforge/databases', routes: databasesRoutes },
  { name: '@appforge/apis', routes: apisRoutes },
  { name: '@appforge/bundles', routes: bundlesRoutes },
  { name: '@appforge/domains', routes: domainsRoutes },
  { name: '@appforge/app-tests', routes: appTestsRoutes },
  { name: '@appforge/teacher', routes: teacherRoutes },
  { name: '@appforge/visitor', routes: visitorRoutes },
];
