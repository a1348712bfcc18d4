// Renders "Your APIs" pages the way the shell does (@appforge/test-backend's renderWithAppforge),
// with stand-ins for pages of other features that show where the router went.
import type { AppforgeClient, ApiDetail } from '@appforge/sdk';
import { createFakeAppforgeClient, makeExternalApi } from '@appforge/sdk/testing';
import { renderWithAppforge, standIn } from '@appforge/test-backend';
import { apisRoutes } from './routes';

const routes = [...apisRoutes, standIn('/create-app/:appId', 'App overview')];

export function renderApis(client: AppforgeClient, path: string) {
  return renderWithAppforge({ client, routes, path });
}

/**
 * A signed-in owner on the in-memory fake client, optionally with one API of theirs. Only the
 * test console's and the OpenAPI import's tests still use it: they need an outside API server.
 */
export function fakeOwner(api?: Partial<ApiDetail>) {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  const made = api ? makeExternalApi({ owner_id: session.user.id, ...api }) : undefined;
  if (made) client.fake.data.externalApis[made.id] = made;
  return { client, session, api: made };
}
