import { useSignInClient } from '@appforge/auth';
import type { CustomDomainTarget } from '@appforge/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';

export type DomainTargetState =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: CustomDomainTarget | null; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const PENDING: DomainTargetState = { status: 'pending', data: undefined, error: null };
const IDLE: DomainTargetState = { status: 'idle', data: undefined, error: null };

/**
 * The CustomDomain row for this host (seed §7.1), or null when none points here. Asked before
 * anyone signs in, through the sign-in client, and without TanStack Query: neither the full SDK
 * nor the query cache is downloaded for it. A failure stays until `refetch` ("Try again").
 */
export function useCustomDomainTarget(host: string, enabled: boolean): DomainTargetState & { refetch: () => void } {
  const client = useSignInClient();
  // The light client may hand over to the full one meanwhile; that is no reason to ask again.
  const clientRef = useRef(client);
  clientRef.current = client;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DomainTargetState>(enabled ? PENDING : IDLE);

  useEffect(() => {
    if (!enabled) {
      setState(IDLE);
      return;
    }
    let live = true;
    setState(PENDING);
    clientRef.current.customDomains.lookup(host).then(
      (data) => live && setState({ status: 'success', data, error: null }),
      (error: unknown) => live && setState({ status: 'error', data: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [host, enabled, attempt]);

  const refetch = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, refetch };
}
