// @vitest-environment jsdom
// The database hooks with the fake client (which applies the owner-only rules).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import { makeApp, makeDatabase } from '../testing/factories';
import { createFakeAppforgeClient } from '../testing/fake-client';
import type { FakeAppforgeClient } from '../testing/fake-client';
import { AppforgeProvider } from './AppforgeProvider';
import { useApp } from './use-app-query';
import { useCreateDatabase } from './use-create-database-mutation';
import { useDatabase } from './use-database-query';
import { useLinkDatabase } from './use-link-database-mutation';
import { useMyDatabases } from './use-my-databases-query';

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

function ownerWithAppAndDatabase() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'owner@example.com' });
  const app = makeApp({ owner_id: session.user.id, name: 'Quiz' });
  const database = makeDatabase({ owner_id: session.user.id, name: 'Scores' });
  client.fake.data.apps[app.id] = app;
  client.fake.data.databases[database.id] = database;
  return { client, app, database };
}

describe('database hooks', () => {
  it('useMyDatabases and useDatabase show the owner’s databases and one with its tables', async () => {
    const { client, database } = ownerWithAppAndDatabase();
    const { result } = renderHook(() => ({ list: useMyDatabases(), one: useDatabase(database.id) }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.list.data?.map((row) => [row.name, row.table_count])).toEqual([['Scores', 1]]));
    await waitFor(() => expect(result.current.one.data?.tables.map((table) => table.name)).toEqual(['Entries']));
  });

  it('useDatabase stays idle without an id', () => {
    const { client } = ownerWithAppAndDatabase();
    const { result } = renderHook(() => useDatabase(null), { wrapper: wrapperFor(client) });
    expect(result.current.fetchStatus).toBe('idle');
    expect(client.fake.calls('databases.get')).toHaveLength(0);
  });

  it('useCreateDatabase adds the new database to the list', async () => {
    const { client } = ownerWithAppAndDatabase();
    const { result } = renderHook(() => ({ list: useMyDatabases(), create: useCreateDatabase() }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));
    await act(async () => {
      await result.current.create.mutateAsync({ name: 'Homework', tables: [{ name: 'Tasks', columns: [{ name: 'title', type: 'text' }] }] });
    });
    await waitFor(() => expect(result.current.list.data?.map((row) => row.name).sort()).toEqual(['Homework', 'Scores']));
  });

  it('useLinkDatabase shows the link at once and keeps it when the server agrees', async () => {
    const { client, app, database } = ownerWithAppAndDatabase();
    const { result } = renderHook(() => ({ app: useApp(app.id), link: useLinkDatabase(app.id) }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.app.data?.database_id).toBeNull());
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = client.apps.linkDatabase.bind(client.apps);
    client.apps.linkDatabase = async (...args) => {
      await gate;
      return original(...args);
    };
    act(() => result.current.link.mutate(database.id));
    await waitFor(() => expect(result.current.app.data?.database_id).toBe(database.id));
    expect(client.fake.data.apps[app.id]?.database_id).toBeNull();
    release();
    await waitFor(() => expect(result.current.link.isSuccess).toBe(true));
    expect(result.current.app.data?.database_id).toBe(database.id);
    expect(client.fake.data.apps[app.id]?.database_id).toBe(database.id);
  });

  it('useLinkDatabase puts the previous link back when the link is refused', async () => {
    const { client, app, database } = ownerWithAppAndDatabase();
    client.fake.data.apps[app.id] = { ...app, database_id: database.id };
    const { result } = renderHook(() => ({ app: useApp(app.id), link: useLinkDatabase(app.id) }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.app.data?.database_id).toBe(database.id));
    client.fake.fail('apps.linkDatabase', new AppforgeError({ code: 'network_error', message: 'No connection', status: 0 }));
    act(() => result.current.link.mutate(null));
    await waitFor(() => expect(result.current.link.error?.code).toBe('network_error'));
    expect(result.current.app.data?.database_id).toBe(database.id);
  });
});
