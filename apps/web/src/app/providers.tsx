import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Env } from '../env';
import { EnvProvider } from './env-context';
import { ThemeProvider } from './ThemeProvider';

const GivenQueryClient = createContext<QueryClient | null>(null);

/** The QueryClient given to <Providers> (tests), if any; FullAccess makes the page's own otherwise. */
export function useGivenQueryClient(): QueryClient | null {
  return useContext(GivenQueryClient);
}

/**
 * What every screen may rely on: configuration and theme. Server state (TanStack Query) and
 * toasts come with the layout (access-gate/FullAccess.tsx): the sign-in screen needs neither,
 * and a first visit to it must not download them (scripts/size.mjs).
 */
export function Providers({ env, queryClient, children }: { env: Env; queryClient?: QueryClient; children: ReactNode }) {
  return (
    <EnvProvider env={env}>
      <GivenQueryClient.Provider value={queryClient ?? null}>
        <ThemeProvider>{children}</ThemeProvider>
      </GivenQueryClient.Provider>
    </EnvProvider>
  );
}
