// @vitest-environment jsdom
// The provider and hooks with a real client on the real backend (supabase-js runs in jsdom just
// as in a browser tab); the fake client only where a test needs to count calls or listeners.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployTestVersion, uniqueEmail } from '../../test/helpers';
import { remoteBackend } from '../../test/remote-backend';
import type { RemoteBackend } from '../../test/remote-backend';
import { createFakeAppforgeClient } from '../testing/fake-client';
import type { AppforgeClient } from '../types';
import { AppforgeProvider } from './AppforgeProvider';
import { useAppName } from './use-app-name-query';
import { useAppforge } from './use-appforge';
import { useCustomDomain } from './use-custom-domain-query';
import { useEnsureUser } from './use-ensure-user-query';
import { useMe } from './use-me-query';
import { useSchoolInfo } from './use-school-info-query';
import { useSession } from './use-session';
import { useUpdateDisplayName } from './use-update-display-name-mutation';

function wrapperFor(client: AppforgeClient) {
  const queryClient = new QueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AppforgeProvider client={client}>{children}</AppforgeProvider>
      </QueryClientProvider>
    );
  };
}

async function signInWithCode(backend: RemoteBackend, client: AppforgeClient, email: string): Promise<void> {
  await client.auth.sendEmailCode(email);
  await client.auth.verifyEmailCode(email, await backend.codeFor(email));
}

describe('AppforgeProvider and hooks on the embedded backend', () => {
  let backend: RemoteBackend;
  const appId = crypto.randomUUID();

  beforeAll(async () => {
    backend = remoteBackend();
    const owner = await backend.admin.auth.admin.createUser({ email: uniqueEmail('owner'), email_confirm: true });
    if (owner.error) throw owner.error;
    const inserted = await backend.admin.from('App').insert({
      id: appId,
      owner_id: owner.data.user.id,
      name: 'Essay Coach',
    });
    if (inserted.error) throw inserted.error;
    await deployTestVersion(backend.admin, appId);
  });
  afterAll(() => backend.stopClients());

  it('useSession goes loading → signed_out → signed_in → signed_out as the person signs in and out', async () => {
    const client = backend.client();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(client) });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('signed_out'));

    const email = uniqueEmail('session');
    await act(() => signInWithCode(backend, client, email));
    await waitFor(() => expect(result.current.status).toBe('signed_in'));
    expect(result.current.user?.email).toBe(email);
    expect(result.current.session?.user.email).toBe(email);

    await act(() => client.auth.signOut());
    await waitFor(() => expect(result.current.status).toBe('signed_out'));
    expect(result.current.user).toBeNull();
  });

  it('useSession reads a stored session at start without passing through signed_out', async () => {
    const { client } = await backend.signedInUser('returning');
    const seen: string[] = [];
    const { result } = renderHook(
      () => {
        const state = useSession();
        seen.push(state.status);
        return state;
      },
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.status).toBe('signed_in'));
    expect(seen).not.toContain('signed_out');
  });

  it('useAppName shows the deployed app\'s name, and a missing app fails at once without retries', async () => {
    const client = backend.client();
    const { result } = renderHook(() => useAppName(appId), { wrapper: wrapperFor(client) });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('Essay Coach'));

    const unknownId = crypto.randomUUID();
    const missing = renderHook(() => useAppName(unknownId), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(missing.result.current.isError).toBe(true));
    expect(missing.result.current.error?.code).toBe('not_found');
    expect(missing.result.current.failureCount).toBe(1);
  });

  it('useMe follows the User row, and useUpdateDisplayName updates it in place', async () => {
    const { client } = await backend.signedInUser('renamer');
    const wrapper = wrapperFor(client);
    const { result } = renderHook(
      () => ({ ensured: useEnsureUser(null), me: useMe(), rename: useUpdateDisplayName() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.ensured.data).toEqual({ created: true, status: 'allowed' }));
    await waitFor(() => expect(result.current.me.data?.status).toBe('allowed'));

    await act(() => result.current.rename.mutateAsync('Ada Lovelace'));
    await waitFor(() => expect(result.current.me.data?.display_name).toBe('Ada Lovelace'));

    await act(async () => {
      await result.current.rename.mutateAsync('').catch(() => undefined);
    });
    await waitFor(() => expect(result.current.rename.error?.code).toBe('invalid_display_name'));
    expect(result.current.me.data?.display_name).toBe('Ada Lovelace');
  });

  it('useSchoolInfo waits for a signed-in user, then asks the function', async () => {
    const client = backend.client();
    const { result } = renderHook(() => ({ session: useSession(), school: useSchoolInfo() }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.session.status).toBe('signed_out'));
    expect(result.current.school.fetchStatus).toBe('idle');

    await act(() => signInWithCode(backend, client, uniqueEmail('pupil')));
    await waitFor(() => expect(result.current.school.data).toEqual({ isTeacher: false, isStudent: false }));
  });

  it('never shows one person\'s cached row to the next person on the same tab', async () => {
    const client = backend.client();
    const { result } = renderHook(() => ({ me: useMe(), ensured: useEnsureUser(null) }), { wrapper: wrapperFor(client) });
    const first = uniqueEmail('first');
    await act(() => signInWithCode(backend, client, first));
    await waitFor(() => expect(result.current.ensured.data?.created).toBe(true));
    await waitFor(() => expect(result.current.me.data?.email).toBe(first));

    await act(() => client.auth.signOut());
    const second = uniqueEmail('second');
    await act(() => signInWithCode(backend, client, second));
    await waitFor(() => expect(result.current.ensured.data?.created).toBe(true));
    await waitFor(() => expect(result.current.me.data?.email).toBe(second));
  });
});

describe('AppforgeProvider with the fake client', () => {
  it('unsubscribes from auth events when it unmounts', async () => {
    const client = createFakeAppforgeClient();
    const { result, unmount } = renderHook(() => useSession(), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.status).toBe('signed_out'));
    expect(client.fake.listenerCount()).toBe(1);
    unmount();
    expect(client.fake.listenerCount()).toBe(0);
  });

  it('sends no request for an absent app id or a disabled domain lookup', async () => {
    const client = createFakeAppforgeClient({ data: { customDomains: { 'shop.example.org': { app_id: 'a', is_app: true, is_landing_page: false, bundle_id: null, is_bundle: false } } } });
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) => ({ name: useAppName(undefined), domain: useCustomDomain('Shop.Example.org', { enabled }) }),
      { wrapper: wrapperFor(client), initialProps: { enabled: false } },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.name.fetchStatus).toBe('idle');
    expect(result.current.domain.fetchStatus).toBe('idle');
    expect(client.fake.calls('apps.getName')).toEqual([]);
    expect(client.fake.calls('customDomains.lookup')).toEqual([]);

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.domain.data?.app_id).toBe('a'));
    expect(client.fake.calls('customDomains.lookup')).toEqual([['shop.example.org']]);
  });

  it('useAppforge outside a provider says what is missing', () => {
    expect(() => renderHook(() => useAppforge())).toThrow(/AppforgeProvider/);
  });
});
