import type { AppforgeClient } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { Button, FullScreenSpinner } from '@appforge/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Env } from '../../env';
import { reportError } from '../../lib/report-error';
import { supportChat } from '../../lib/support-chat-instance';
import { telemetry } from '../../lib/telemetry';
import { accessKeys } from './access-keys';
import { loadAppforgeClient } from './load-client';

/** Identify on sign-in; on sign-out reset analytics, shut the support chat down, forget access answers. */
function SessionTelemetry({ client }: { client: AppforgeClient }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.auth.onAuthStateChange((event, session) => {
        if (session !== null && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) {
          telemetry.identify(session.user.id);
        }
        if (event === 'SIGNED_OUT') {
          telemetry.reset();
          supportChat.shutdown();
          queryClient.removeQueries({ queryKey: accessKeys.all });
        }
      }),
    [client, queryClient],
  );
  return null;
}

type ClientState = { status: 'loading' } | { status: 'ready'; client: AppforgeClient } | { status: 'failed' };

/** Provides the backend client to everything below; `client` is given by tests. */
export function AppforgeClientBoundary({ env, client, children }: { env: Env; client?: AppforgeClient; children: ReactNode }) {
  const [state, setState] = useState<ClientState>(() => (client === undefined ? { status: 'loading' } : { status: 'ready', client }));

  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    loadAppforgeClient(env).then(
      (loaded) => live && setState({ status: 'ready', client: loaded }),
      (error: unknown) => {
        reportError(error, { context: 'loading the backend client' });
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [env, state.status]);

  if (state.status === 'loading') {
    return (
      <main>
        <FullScreenSpinner label="Loading Appforge" />
      </main>
    );
  }
  if (state.status === 'failed') {
    return (
      <main className="shell-page shell-standalone" id="main">
        <h1>Appforge could not start</h1>
        <p>Part of the app could not be downloaded. Check your connection and try again.</p>
        <Button onClick={() => setState({ status: 'loading' })}>Try again</Button>
      </main>
    );
  }
  return (
    <AppforgeProvider client={state.client}>
      <SessionTelemetry client={state.client} />
      {children}
    </AppforgeProvider>
  );
}
