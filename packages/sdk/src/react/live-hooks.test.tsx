// @vitest-environment jsdom
// The live hooks with the fake client: a change Realtime would deliver refetches what is on
// screen, and leaving the screen ends the subscription.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeApp, makeRun, makeSpec, makeVersion } from '../testing/factories';
import { createFakeAppforgeClient } from '../testing/fake-client';
import type { FakeAppforgeClient } from '../testing/fake-client';
import { AppforgeProvider } from './AppforgeProvider';
import { useApp } from './use-app-query';
import { useLiveApp } from './use-live-app';
import { useLiveRuns } from './use-live-runs';
import { useLiveVersions } from './use-live-versions';
import { useRecentRuns } from './use-recent-runs-query';
import { useRuns } from './use-runs-query';
import { useVersions } from './use-versions-query';

function wrapperFor(client: FakeAppforgeClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AppforgeProvider client={client}>{children}</AppforgeProvider>
      </QueryClientProvider>
    );
  };
}

function ownerWithApp() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'owner@example.com' });
  const app = makeApp({ owner_id: session.user.id, name: 'Essay Coach' });
  const version = makeVersion({ app_id: app.id, spec: makeSpec() });
  client.fake.data.apps[app.id] = { ...app, draft_version_id: version.id };
  client.fake.data.versions[version.id] = version;
  return { client, app, version };
}

describe('live hooks', () => {
  it('useLiveRuns shows a new run in the app’s history and in recent runs, and unsubscribes on unmount', async () => {
    const { client, app, version } = ownerWithApp();
    const { result, unmount } = renderHook(
      () => {
        useLiveRuns(app.id);
        return { runs: useRuns(app.id), recent: useRecentRuns(5) };
      },
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.runs.data?.total).toBe(0));
    const run = makeRun({ app_id: app.id, version_id: version.id, visitor_session: 'visitor' });
    client.fake.data.runs[run.id] = { run, steps: [], state: null };
    // A run of another app does not reach this subscription.
    act(() => client.fake.emitLive({ table: 'AppRun', eventType: 'INSERT', new: { ...run, app_id: crypto.randomUUID() }, old: {} }));
    expect(client.fake.calls('runs.list')).toHaveLength(1);
    act(() => client.fake.emitLive({ table: 'AppRun', eventType: 'INSERT', new: { ...run }, old: {} }));
    await waitFor(() => expect(result.current.runs.data?.rows.map((row) => row.id)).toEqual([run.id]));
    await waitFor(() => expect(result.current.recent.data?.map((row) => row.id)).toEqual([run.id]));
    expect(client.fake.liveCount()).toBe(1);
    unmount();
    expect(client.fake.liveCount()).toBe(0);
  });

  it('useLiveVersions reports a version made elsewhere and refreshes the list', async () => {
    const { client, app, version } = ownerWithApp();
    const { result } = renderHook(() => ({ live: useLiveVersions(app.id), versions: useVersions(app.id) }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.versions.data).toHaveLength(1));
    expect(result.current.live).toBeNull();
    const newer = makeVersion({ app_id: app.id, number: 2, spec: makeSpec() });
    client.fake.data.versions[newer.id] = newer;
    act(() => client.fake.emitLive({ table: 'AppVersion', eventType: 'INSERT', new: { ...newer }, old: {} }));
    expect(result.current.live).toEqual({ eventType: 'INSERT', versionId: newer.id, number: 2, updatedAt: newer.updated_at, spec: newer.spec });
    await waitFor(() => expect(result.current.versions.data?.map((row) => row.id).sort()).toEqual([version.id, newer.id].sort()));
  });

  it('useLiveApp refreshes the app when it is deployed elsewhere; signed out, nothing subscribes', async () => {
    const { client, app, version } = ownerWithApp();
    const { result } = renderHook(
      () => {
        useLiveApp(app.id);
        return useApp(app.id);
      },
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.data?.deployed_version_id).toBeNull());
    const current = client.fake.data.apps[app.id];
    if (!current) throw new Error('the app is gone');
    client.fake.data.apps[app.id] = { ...current, deployed_version_id: version.id };
    act(() => client.fake.emitLive({ table: 'App', eventType: 'UPDATE', new: { id: app.id, deployed_version_id: version.id }, old: { id: app.id } }));
    await waitFor(() => expect(result.current.data?.deployed_version_id).toBe(version.id));
    act(() => client.fake.signOut());
    await waitFor(() => expect(client.fake.liveCount()).toBe(0));
  });
});
