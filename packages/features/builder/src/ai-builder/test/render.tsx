// Renders this folder's pages the way the shell does: real providers (TanStack Query, the SDK's
// AppforgeProvider with the in-memory fake backend) and a memory router. Modelled on
// packages/features/auth/test/render.tsx.
import type { AppSpec } from '@appforge/engine';
import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient, FakeAppforgeOverrides } from '@appforge/sdk/testing';
import type { RouteObject } from 'react-router';
import { Landed, renderWithProviders } from '../../shared/test/render';
import { aiBuilderRoutes } from '../routes';

export function renderRoute(path: string, options: { client?: FakeAppforgeClient; routes?: RouteObject[] } = {}) {
  const routes: RouteObject[] = [
    ...aiBuilderRoutes,
    { path: '/create-app/:appId/:versionId', element: <Landed name="Step editor" /> },
    { path: '/', element: <Landed name="Your apps" /> },
    ...(options.routes ?? []),
  ];
  // The shell puts every page inside its <main> landmark.
  return renderWithProviders(routes, path, { client: options.client, main: true });
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
