// Renders this folder's pages the way the shell does: real providers (TanStack Query, the SDK's
// AppforgeProvider with the in-memory fake backend) and a memory router. Modelled on
// packages/features/auth/test/render.tsx.
import type { AppSpec } from '@appforge/engine';
import { AppforgeProvider } from '@appforge/sdk/react';
import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient, FakeAppforgeOverrides } from '@appforge/sdk/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { aiBuilderRoutes } from '../routes';

/** A stand-in for another folder's page: shows where the router went. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{location.pathname}</p>
    </div>
  );
}

export function renderRoute(path: string, options: { client?: FakeAppforgeClient; routes?: RouteObject[] } = {}) {
  const client = options.client ?? createFakeAppforgeClient();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      ...aiBuilderRoutes,
      { path: '/create-app/:appId/:versionId', element: <Landed name="Step editor" /> },
      { path: '/', element: <Landed name="Your apps" /> },
      ...(options.routes ?? []),
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        {/* The shell puts every page inside its <main> landmark. */}
        <main>
          <RouterProvider router={router} />
        </main>
      </AppforgeProvider>
    </QueryClientProvider>,
  );
  return { client, router, queryClient, ...utils };
}

/** A signed-in owner with one app whose versions are `specs` (1, 2, …; the last is the draft). */
export function ownerWithApp(
  specs: readonly AppSpec[] = [makeVersion().spec],
  appOverrides: Partial<AppDetail> = {},
  clientOverrides: FakeAppforgeOverrides = {},
) {
  const client = createFakeAppforgeClient(clientOverrides);
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const app = makeApp({ owner_id: session.user.id, name: 'Topic writer', ...appOverrides });
  const versions: AppVersionRow[] = specs.map((spec, index) =>
    makeVersion({
      app_id: app.id,
      number: index + 1,
      spec,
      source: index === 0 ? 'template' : 'manual',
      change_summary: index === 0 ? 'First version' : `Manual change ${index + 1}`,
      created_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    }),
  );
  for (const version of versions) client.fake.data.versions[version.id] = version;
  const draft = versions.at(-1);
  client.fake.data.apps[app.id] = { ...app, draft_version_id: draft?.id ?? null, ...appOverrides };
  return { client, app: client.fake.data.apps[app.id] ?? app, versions, session };
}
