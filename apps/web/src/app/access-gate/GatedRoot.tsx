import { AuthFeatureProvider } from '@appforge/auth';
import type { AppforgeClient } from '@appforge/sdk';
import { useState } from 'react';
import { telemetry } from '../../lib/telemetry';
import { createAuthFeatureConfig } from '../auth-feature-config';
import { useEnv } from '../env-context';
import { RootLayout } from '../root-layout';
import { AccessGate } from './AccessGate';
import type { HostLocation } from './AccessGate';
import { AppforgeClientBoundary } from './app-client';

export interface GatedRootProps {
  host: HostLocation;
  /** The backend client; loaded on demand when not given (tests give a fake). */
  client?: AppforgeClient | undefined;
}

/**
 * Everything that needs the backend: the client, the auth feature's configuration, the access
 * gate and the layout it lets through. This module is loaded on demand (router.tsx), so neither
 * supabase-js nor the SDK's hooks sit in the shell's initial download.
 */
export function GatedRoot({ host, client }: GatedRootProps) {
  const env = useEnv();
  const [authConfig] = useState(() => createAuthFeatureConfig(env, telemetry));
  return (
    <AppforgeClientBoundary env={env} {...(client === undefined ? {} : { client })}>
      <AuthFeatureProvider config={authConfig}>
        <AccessGate host={host}>
          <RootLayout />
        </AccessGate>
      </AuthFeatureProvider>
    </AppforgeClientBoundary>
  );
}
