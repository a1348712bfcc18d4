// @vitest-environment jsdom
// The app, version, run and live hooks with the fake client (which runs the engine's offline model).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import { makeApp, makeRun, makeSpec, makeVersion } from '../testing/factories';
import { createFakeAppforgeClient } from '../testing/fake-client';
import type { FakeAppforgeClient } from '../testing/fake-client';
import { AppforgeProvider } from './AppforgeProvider';
import { useApp } from './use-app-query';
import { useCreateAppFromDescription } from './use-create-app-from-description-mutation';
import { useCreateDescription } from './use-create-description-mutation';
import { useDeployApp } from './use-deploy-app-mutation';
import { useLiveApp } from './use-live-app';
import { useLiveRuns } from './use-live-runs';
import { useLiveVersions } from './use-live-versions';
import { usePublicApp } from './use-public-app-query';
import { useRecentRuns } from './use-recent-runs-query';
import { useRunStream } from './use-run-stream';
import { useRuns } from './use-runs-query';
import { useUpdateApp } from './use-update-app-mutation';
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

describe('app hooks', () => {
  it('useApp and useVersions show the owner their app and its versions', async () => {
    const { client, app, version } = ownerWithApp();
    const { result } = renderHook(() => ({ app: useApp(app.id), versions: useVersions(app.id) }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.app.data?.name).toBe('Essay Coach'));
    await waitFor(() => expect(result.current.versions.data?.map((row) => row.id)).toEqual([version.id]));
  });

  it('usePublicApp answers not_found for a draft app, at once (no retries)', async () => {
    const { client, app } = ownerWithApp();
    client.fake.signOut();
    const { result } = renderHook(() => usePublicApp(app.id), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.error?.code).toBe('not_found'));
    expect(client.fake.calls('apps.getPublic')).toHaveLength(1);
  });

  it('useDeployApp reports the problems of an invalid version', async () => {
    const { client, app } = ownerWithApp();
    const broken = makeVersion({
      app_id: app.id,
      number: 2,
      spec: makeSpec({ steps: [{ id: 'ask', kind: 'output', title: 'Hi', config: { template: '{{ghost}}' } }] }),
    });
    client.fake.data.versions[broken.id] = broken;
    const { result } = renderHook(() => useDeployApp(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.mutateAsync({ appId: app.id, versionId: broken.id }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error?.code).toBe('invalid_version'));
    expect(client.fake.data.apps[app.id]?.deployed_version_id).toBeNull();
  });

  it('useUpdateApp shows the change at once and puts it back when the server refuses', async () => {
    const { client, app } = ownerWithApp();
    let refuse: (error: AppforgeError) => void = () => undefined;
    client.apps.update = () =>
      new Promise((_resolve, reject) => {
        refuse = reject;
      });
    const { result } = renderHook(() => ({ app: useApp(app.id), update: useUpdateApp(app.id) }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.app.data?.name).toBe('Essay Coach'));
    act(() => {
      result.current.update.mutate({ name: 'Essay Coach Pro' });
    });
    await waitFor(() => expect(result.current.app.data?.name).toBe('Essay Coach Pro'));
    act(() => {
      refuse(new AppforgeError({ code: 'network_error', message: 'offline', status: 0 }));
    });
    await waitFor(() => expect(result.current.update.error?.code).toBe('network_error'));
    await waitFor(() => expect(result.current.app.data?.name).toBe('Essay Coach'));
  });

  it('useCreateDescription then useCreateAppFromDescription make an app after sign-in', async () => {
    const client = createFakeAppforgeClient();
    const { result } = renderHook(() => ({ describe: useCreateDescription(), create: useCreateAppFromDescription() }), {
      wrapper: wrapperFor(client),
    });
    let id = '';
    await act(async () => {
      id = (await result.current.describe.mutateAsync('A vocabulary trainer')).id;
    });
    act(() => {
      client.fake.signIn();
    });
    await act(async () => {
      await result.current.create.mutateAsync({ appDescriptionId: id });
    });
    expect(result.current.create.data?.version_id).toEqual(expect.any(String));
    expect(Object.keys(client.fake.data.apps)).toHaveLength(1);
  });
});

describe('useRunStream', () => {
  it('streams a run: run header, the form, then tokens into outputs until done', async () => {
    const { client, app, version } = ownerWithApp();
    const { result } = renderHook(() => useRunStream(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.start({ appId: app.id, versionId: version.id });
    });
    expect(result.current.state.status).toBe('awaiting_input');
    expect(result.current.state.offline).toBe(true);
    expect(result.current.state.awaiting?.fields.map((field) => field.name)).toEqual(['topic']);
    await act(async () => {
      await result.current.continue({ appId: app.id, inputs: { topic: 'volcanoes' } });
    });
    expect(result.current.state.status).toBe('done');
    expect(result.current.state.outputs.write).toEqual(expect.any(String));
    expect(result.current.state.outputs.show?.length).toBeGreaterThan(0);
    expect(result.current.state.events[0]?.type).toBe('run');
  });

  it('shows a refused run as failed with the server’s code', async () => {
    const { client, app } = ownerWithApp();
    client.fake.signOut();
    const { result } = renderHook(() => useRunStream(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.start({ appId: app.id });
    });
    expect(result.current.state.status).toBe('failed');
    expect(result.current.state.error?.code).toBe('app_not_found');
  });

  it('shows a malformed id as failed without calling the server', async () => {
    const { client } = ownerWithApp();
    const { result } = renderHook(() => useRunStream(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.start({ appId: 'nope' });
    });
    expect(result.current.state.error?.code).toBe('invalid_input');
  });
});

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
