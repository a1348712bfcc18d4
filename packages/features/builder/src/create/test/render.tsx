// Renders a page of this folder the way the shell does (providers and router from
// ../../shared/test/render), with stand-ins for the pages it leads to.
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import type { RouteObject } from 'react-router';
import { Landed, renderWithProviders } from '../../shared/test/render';
import { createRoutes } from '../routes';

export interface RenderOptions {
  client?: FakeAppforgeClient;
  /** Extra routes, e.g. stand-ins for other features' pages. */
  routes?: RouteObject[];
}

/** Renders this folder's routes at `path`. */
export function renderRoute(path: string, options: RenderOptions = {}) {
  const routes: RouteObject[] = [
    {
      // Lazy pages render nothing until their code has loaded (as in the shell).
      HydrateFallback: () => null,
      children: [
        ...createRoutes,
        { path: '/sign-in', element: <Landed name="Sign-in screen" /> },
        { path: '/', element: <Landed name="Home page" /> },
        ...(options.routes ?? []),
      ],
    },
  ];
  return renderWithProviders(routes, path, { client: options.client });
}
