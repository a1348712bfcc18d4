// Renders a page of this folder the way the shell does (providers and router from
// ../../shared/test/render), with stand-ins for the pages it leads to, on a client of the file's
// real backend (@appforge/test-backend).
import type { AppforgeClient } from '@appforge/sdk';
import type { RouteObject } from 'react-router';
import { Landed, renderWithProviders } from '../../shared/test/render';
import { createRoutes } from '../routes';

export interface RenderOptions<C extends AppforgeClient> {
  /** `backend().client()` signed out, or a `signedInUser`'s. */
  client: C;
  /** Extra routes, e.g. stand-ins for other features' pages. */
  routes?: RouteObject[];
}

/** Renders this folder's routes at `path`. */
export function renderRoute<C extends AppforgeClient>(path: string, options: RenderOptions<C>) {
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
