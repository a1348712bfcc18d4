import { AuthFeatureProvider } from '@appforge/auth';
import type { AppforgeClient } from '@appforge/sdk';
import { useState } from 'react';
import { telemetry } from '../../lib/telemetry';
import { createAuthFeatureConfig } from '../auth-feature-config';
import { useEnv } from '../env-context';
import { AccessGate } from './AccessGate';
import type { HostLocation } from './AccessGate';
import { AppforgeClientsBoundary } from './app-client';
import type { ClientLoaders } from './app-client';

export interface GatedRootProps {
  host: HostLocation;
  /** The full backend client; loaded on demand when not given (tests give a fake). */
  client?: AppforgeClient | undefined;
  /** How the clients are loaded (tests); the real dynamic imports otherwise. */
  loaders?: Partial<ClientLoaders> | undefined;
}

/**
 * Everything that needs the backend: the clients, the auth feature's configuration and the
 * access gate (with the layout behind it). Loaded on demand (router.tsx); on a signed-out first
 * visit it brings only the light sign-in client, never supabase-js (see AccessGate, FullAccess).
 */
export function GatedRoot({ host, client, loaders }: GatedRootProps) {
  const env = useEnv();
  const [authConfig] = useState(() => createAuthFeatureConfig(env, telemetry));
  return (
    <AppforgeClientsBoundary env={env} client={client} loaders={loaders}>
      <AuthFeatureProvider config={authConfig}>
        <AccessGate host={host} />
      </AuthFeatureProvider>
    </AppforgeClientsBoundary>
  );
}
