// The domain pages on the real backend (@appforge/test-backend), rendered the way the shell
// renders them, with the outside world's DNS served by a scripted server on loopback.
import type { AppforgeClient } from '@appforge/sdk';
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import type { AppforgeTestBackend, TestUser } from '@appforge/test-backend';
import { startFakeDnsServer } from '@appforge/test-backend/dns';
import type { FakeDnsServer } from '@appforge/test-backend/dns';
import { afterAll, beforeAll } from 'vitest';
import { routes } from '../src/index';

/**
 * The file's DNS server and backend (the backend's domain checks ask that server). Call at the top
 * of a test file.
 */
export function setupDomainsBackend(): { backend: () => AppforgeTestBackend; dns: () => FakeDnsServer } {
  let dns: FakeDnsServer | undefined;
  beforeAll(async () => {
    dns = await startFakeDnsServer();
  });
  afterAll(async () => {
    await dns?.close();
  });
  const server = () => {
    if (!dns) throw new Error('the DNS server is not started yet');
    return dns;
  };
  const backend = setupAppforgeBackend(() => ({ dnsResolverPort: Number(server().address.split(':').pop()) }));
  return { backend, dns: server };
}

export interface Owner {
  user: TestUser;
  appId: string;
  bundleId: string;
}

/** Ada, signed in, owning the app "Recipe Quiz" and the bundle "Study Kit" (rows as the builder leaves them). */
export async function signedInOwner(backend: AppforgeTestBackend, options: { fetch?: typeof fetch } = {}): Promise<Owner> {
  const user = await backend.signedInUser('ada', options);
  const app = await backend.admin.from('App').insert({ owner_id: user.id, name: 'Recipe Quiz' }).select('id').single();
  if (app.error) throw new Error(app.error.message);
  const bundle = await backend.admin.from('Bundle').insert({ owner_id: user.id, name: 'Study Kit' }).select('id').single();
  if (bundle.error) throw new Error(bundle.error.message);
  return { user, appId: app.data.id, bundleId: bundle.data.id };
}

export function renderDomains(client: AppforgeClient, path: string) {
  return renderWithAppforge({
    client,
    routes: [...routes, standIn('/app-settings/:appId', 'App settings'), standIn('/bundle/:bundleId/settings', 'Bundle settings')],
    path,
  });
}
