import type { AppforgeClient } from '@appforge/sdk';
import type { Env } from '../../env';

let clientPromise: Promise<AppforgeClient> | undefined;

/**
 * The one backend client of this page. supabase-js is about 60 KB gz, so it is imported on
 * demand instead of sitting in the shell's initial download; main.tsx starts the download at
 * once, and the access gate shows its spinner until it is there (it waits for the session anyway).
 */
export function loadAppforgeClient(env: Pick<Env, 'VITE_SUPABASE_URL' | 'VITE_SUPABASE_ANON_KEY'>): Promise<AppforgeClient> {
  clientPromise ??= import('@appforge/sdk').then(({ createAppforgeClient }) =>
    createAppforgeClient({ url: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY }),
  );
  clientPromise.catch(() => {
    // A failed download may be retried later ("Try again").
    clientPromise = undefined;
  });
  return clientPromise;
}
