import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppforgeClient } from '../types';
import { AppforgeContext } from './appforge-context';
import type { SessionState } from './appforge-context';

const LOADING: SessionState = { status: 'loading', session: null, user: null };

export interface AppforgeProviderProps {
  client: AppforgeClient;
  children?: ReactNode;
}

/**
 * Makes the client available to the hooks and keeps one session state for the whole tree: it
 * reads the stored session at start, follows every auth event, and unsubscribes on teardown.
 * Query hooks also need TanStack Query's QueryClientProvider above (the shell provides it).
 */
export function AppforgeProvider({ client, children }: AppforgeProviderProps) {
  const [tracked, setTracked] = useState<{ client: AppforgeClient; state: SessionState }>({ client, state: LOADING });

  useEffect(() => {
    let active = true;
    let heard = false;
    const apply = (session: SessionState['session']) => {
      if (!active) return;
      setTracked({
        client,
        state: session ? { status: 'signed_in', session, user: session.user } : { status: 'signed_out', session: null, user: null },
      });
    };
    const unsubscribe = client.auth.onAuthStateChange((_event, session) => {
      heard = true;
      apply(session);
    });
    client.auth.getSession().then(
      (session) => {
        // An event that arrived meanwhile is newer than what storage held at start.
        if (!heard) apply(session);
      },
      () => {
        if (!heard) apply(null);
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [client]);

  // A new client starts from "loading" again rather than showing the previous client's session.
  const session = tracked.client === client ? tracked.state : LOADING;
  const value = useMemo(() => ({ client, session }), [client, session]);
  return <AppforgeContext.Provider value={value}>{children}</AppforgeContext.Provider>;
}
