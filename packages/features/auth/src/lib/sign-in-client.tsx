import type { SignInClient } from '@appforge/sdk/auth-lite';
import type { Session } from '@appforge/sdk';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export type { SignInClient };

export type SignInSessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed_out'; session: null }
  | { status: 'signed_in'; session: Session };

interface SignInContextValue {
  client: SignInClient;
  session: SignInSessionState;
}

const SignInContext = createContext<SignInContextValue | null>(null);
const LOADING: SignInSessionState = { status: 'loading', session: null };

const stateOf = (session: Session | null): SignInSessionState =>
  session === null ? { status: 'signed_out', session: null } : { status: 'signed_in', session };

/**
 * Gives the sign-in screen its client and the session the access gate decides on. `client` is
 * the light sign-in client on a first visit (`@appforge/sdk/auth-lite`) and the full
 * AppforgeClient once it is loaded; both keep the session in the same place. When the client is
 * swapped, the last known session stays until the new client has read it (no spinner flash).
 */
export function SignInClientProvider({ client, children }: { client: SignInClient; children: ReactNode }) {
  const [tracked, setTracked] = useState<{ client: SignInClient; state: SignInSessionState }>({ client, state: LOADING });

  useEffect(() => {
    let active = true;
    let heard = false;
    const apply = (session: Session | null) => {
      if (active) setTracked({ client, state: stateOf(session) });
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

  const value = useMemo(() => ({ client, session: tracked.state }), [client, tracked.state]);
  return <SignInContext.Provider value={value}>{children}</SignInContext.Provider>;
}

function useSignInContext(): SignInContextValue {
  const value = useContext(SignInContext);
  if (value === null) throw new Error('@appforge/auth: render the sign-in screen inside <SignInClientProvider client={…}>.');
  return value;
}

/** The client the sign-in screen talks to (light or full, see SignInClientProvider). */
export function useSignInClient(): SignInClient {
  return useSignInContext().client;
}

/** 'loading' until the stored session has been read, then 'signed_in' or 'signed_out'. */
export function useSignInSession(): SignInSessionState {
  return useSignInContext().session;
}
