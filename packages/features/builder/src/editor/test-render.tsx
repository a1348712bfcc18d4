import { makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import type { AppSpec } from '@appforge/engine';
import type { AppDetail, AppforgeClient, AppVersionRow } from '@appforge/sdk';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import type { RouteObject } from 'react-router';
import { homeRoutes } from '../home/routes';
import { renderWithProviders } from '../shared/test/render';
import { editorRoutes } from './routes';

/** A signed-in owner with one app and its draft version (`spec`), in the fake backend. */
export function seedApp(options: { spec?: AppSpec; frozen?: boolean; deployed?: boolean; app?: Partial<AppDetail>; client?: FakeAppforgeClient } = {}) {
  const client = options.client ?? createFakeAppforgeClient();
  const session = client.fake.data.session ?? client.fake.signIn({ email: 'ada@example.org' });
  const app = makeApp({ owner_id: session.user.id, name: 'Essay helper', ...options.app });
  const version: AppVersionRow = makeVersion({
    app_id: app.id,
    frozen: options.frozen ?? options.deployed ?? false,
    ...(options.spec ? { spec: options.spec } : {}),
  });
  app.draft_version_id = options.deployed ? null : version.id;
  if (options.deployed) app.deployed_version_id = version.id;
  client.fake.data.apps[app.id] = app;
  client.fake.data.versions[version.id] = version;
  return { client, app, version };
}

/** Renders the builder's home and editor routes at `path` with the real providers, on the client given (a real backend's, or a fake one). */
export function renderRoutes<C extends AppforgeClient>(client: C, path: string, extra: RouteObject[] = []) {
  const routes: RouteObject[] = [
    ...homeRoutes,
    ...editorRoutes,
    { path: '/create-app/:appId', element: <h1>App overview</h1> },
    { path: '/create-new-app', element: <h1>Describe your app</h1> },
    { path: '/deployed-app/:appId', element: <h1>Deployed app</h1> },
    { path: '/app-data/:appId', element: <h1>Run history</h1> },
    ...extra,
  ];
  return renderWithProviders(routes, path, { client, toasts: true });
}
