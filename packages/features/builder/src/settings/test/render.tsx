// Renders a settings page the way the shell does: real query client, the SDK's React provider
// over a client (a real one of the file's backend, or the fake for pages not moved yet), toasts,
// and a memory router that knows the settings routes.
import type { AppDetail, AppforgeClient } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { renderWithProviders } from '../../shared/test/render';
import { settingsRoutes } from '../routes';

/** Shows where the router is, so tests can assert a navigation. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <h1>
      {name} at {location.pathname}
    </h1>
  );
}

/** A fake backend with Ada signed in (for the settings pages not moved to the real backend yet), owning one app (and whatever `app` overrides). */
export function signedInWithApp(app: Partial<AppDetail> = {}): { client: FakeAppforgeClient; app: AppDetail } {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const made = makeApp({ owner_id: session.user.id, name: 'Recipe Finder', description: 'Finds recipes from what is in the fridge.', ...app });
  client.fake.data.apps[made.id] = made;
  return { client, app: made };
}

export interface RenderPageOptions<C extends AppforgeClient> {
  client: C;
  /** The address the router starts at, e.g. `/app-price/<id>`. */
  path: string;
  routes?: RouteObject[];
}

/** Renders the settings routes at `path` (lazy pages load as they do in the app). */
export function renderSettings<C extends AppforgeClient>({ client, path, routes = [] }: RenderPageOptions<C>) {
  const all: RouteObject[] = [
    // The shell shows its own fallback while a lazy page downloads; here a line of text.
    ...settingsRoutes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
    { path: '/', element: <Where name="Home" /> },
    { path: '/create-app/:appId', element: <Where name="Editor" /> },
    { path: '/deployed-app/:appId', element: <Where name="Deployed app" /> },
    ...routes,
  ];
  return renderWithProviders(all, path, { client, toasts: true });
}
