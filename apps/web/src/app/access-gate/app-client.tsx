import { SignInClientProvider } from '@appforge/auth';
import type { SignInClient } from '@appforge/auth';
import type { AppforgeClient } from '@appforge/sdk';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Env } from '../../env';
import { reportError } from '../../lib/report-error';
import { hasStoredSession, safeLocalStorage } from '../../lib/stored-session';
import { ClientFailed, LoadingClient } from './gate-screens';
import { loadAppforgeClient, loadAuthLiteClient } from './load-client';

export interface ClientLoaders {
  /** The light sign-in client (default: @appforge/sdk/auth-lite, on demand). */
  loadSignInClient: () => Promise<SignInClient>;
  /** The full backend client (default: @appforge/sdk, on demand). */
  loadFullClient: () => Promise<AppforgeClient>;
}

type Load<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; client: T } | { status: 'failed' };

export interface FullClientState {
  status: 'loading' | 'ready' | 'failed';
  client: AppforgeClient | null;
  /** Asks for the full client (idempotent); "Try again" after a failed download. */
  request: () => void;
}

const FullClientContext = createContext<FullClientState | null>(null);

/**
 * The full client, asked for on first use. Only the parts that need supabase-js (a signed-in
 * person's checks, pages other than the sign-in screen) call this, so a signed-out first visit
 * to the sign-in screen never downloads it.
 */
export function useFullClient(): FullClientState {
  const state = useContext(FullClientContext);
  if (state === null) throw new Error('useFullClient needs <AppforgeClientsBoundary> above it.');
  const { status, request } = state;
  useEffect(() => {
    if (status === 'loading') request();
  }, [status, request]);
  return state;
}

function useLoad<T>(load: () => Promise<T>, context: string, initial: Load<T>) {
  const [state, setState] = useState<Load<T>>(initial);
  const request = useCallback(() => setState((current) => (current.status === 'idle' || current.status === 'failed' ? { status: 'loading' } : current)), []);
  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    load().then(
      (client) => live && setState({ status: 'ready', client }),
      (error: unknown) => {
        reportError(error, { context });
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [state.status, load, context]);
  return [state, request] as const;
}

/**
 * Provides the backend clients to everything below. A signed-out first visit starts with the
 * light sign-in client; the full client loads when something asks for it (useFullClient) — at
 * once when a session is stored on this device — and then serves the sign-in screen too.
 * `client` is given by tests (a fake full client; nothing is loaded then).
 */
export function AppforgeClientsBoundary({
  env,
  client,
  loaders,
  children,
}: {
  env: Env;
  client?: AppforgeClient | undefined;
  loaders?: Partial<ClientLoaders> | undefined;
  children: ReactNode;
}) {
  const [startWithFull] = useState(() => client !== undefined || hasStoredSession(safeLocalStorage()));
  const loadSignIn = useMemo(() => loaders?.loadSignInClient ?? (() => loadAuthLiteClient(env)), [loaders, env]);
  const loadFull = useMemo(
    () => (client !== undefined ? () => Promise.resolve(client) : (loaders?.loadFullClient ?? (() => loadAppforgeClient(env)))),
    [client, loaders, env],
  );
  const [lite, requestLite] = useLoad<SignInClient>(loadSignIn, 'loading the sign-in client', startWithFull ? { status: 'idle' } : { status: 'loading' });
  const [full, requestFull] = useLoad<AppforgeClient>(
    loadFull,
    'loading the backend client',
    client !== undefined ? { status: 'ready', client } : startWithFull ? { status: 'loading' } : { status: 'idle' },
  );

  const fullState = useMemo<FullClientState>(
    () => ({
      status: full.status === 'ready' ? 'ready' : full.status === 'failed' ? 'failed' : 'loading',
      client: full.status === 'ready' ? full.client : null,
      request: requestFull,
    }),
    [full, requestFull],
  );

  const current = full.status === 'ready' ? full.client : lite.status === 'ready' ? lite.client : null;
  if (current === null) {
    const failed = full.status === 'failed' || lite.status === 'failed';
    return failed ? <ClientFailed onRetry={startWithFull ? requestFull : requestLite} /> : <LoadingClient />;
  }
  return (
    <FullClientContext.Provider value={fullState}>
      <SignInClientProvider client={current}>{children}</SignInClientProvider>
    </FullClientContext.Provider>
  );
}
