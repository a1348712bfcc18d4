import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Env } from '../env';
import { EnvProvider } from './env-context';
import { ThemeProvider } from './ThemeProvider';

/** One retry hides a blip without hiding an outage; a mutation is never repeated behind the user's back. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Everything a page may rely on: configuration, server state, theme and toasts. */
export function Providers({ env, queryClient, children }: { env: Env; queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <EnvProvider env={env}>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </EnvProvider>
  );
}
