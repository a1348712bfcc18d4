// The one place where route manifests are mounted. To add a feature (see README.md):
//   1. add "@appforge/<feature>": "workspace:*" to apps/web/package.json dependencies,
//   2. import { routes as <feature>Routes } from '@appforge/<feature>';
//   3. append { name: '@appforge/<feature>', routes: <feature>Routes } to the list below.
// composeRoutes() refuses two manifests that claim the same path, naming both.
import { routes as authRoutes } from '@appforge/auth';
import { routes as builderRoutes } from '@appforge/builder';
import type { RouteManifest } from './compose-routes';
import { shellRoutes } from './shell-routes';

export const routeManifests: readonly RouteManifest[] = [
  { name: '@appforge/web (shell)', routes: shellRoutes },
  { name: '@appforge/auth', routes: authRoutes },
  { name: '@appforge/builder', routes: builderRoutes },
];
