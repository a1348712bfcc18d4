import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Env } from '../env';

const EnvContext = createContext<Env | null>(null);

/** Hands the parsed configuration down the tree, so components never read import.meta.env. */
export function EnvProvider({ env, children }: { env: Env; children: ReactNode }) {
  return <EnvContext.Provider value={env}>{children}</EnvContext.Provider>;
}

export function useEnv(): Env {
  const env = useContext(EnvContext);
  if (env === null) {
    throw new Error('useEnv() was called outside <EnvProvider>; render the component inside <Providers env={…}>.');
  }
  return env;
}
