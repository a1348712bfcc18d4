import type { RouteObject } from 'react-router';
import { aiBuilderRoutes } from './ai-builder/routes';
import { createRoutes } from './create/routes';
import { editorRoutes } from './editor/routes';
import { homeRoutes } from './home/routes';
import { settingsRoutes } from './settings/routes';

/**
 * The builder feature's pages, each downloaded on demand. Public: /create-new-app (the shell's
 * access gate decides by the first path segment); everything else needs an allowed, signed-in
 * user. The pages visitors see live in @appforge/visitor.
 */
export const routes: RouteObject[] = [...createRoutes, ...homeRoutes, ...editorRoutes, ...settingsRoutes, ...aiBuilderRoutes];
