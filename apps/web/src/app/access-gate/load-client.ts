import type { AppforgeClient } from '@appforge/sdk';
import type { AuthLiteClient } from '@appforge/sdk/auth-lite';
import { imageTransformationsOf } from '../../env';
import type { Env } from '../../env';

type ClientEnv = Pick<Env, 'VITE_SUPABASE_URL' | 'VITE_SUPABASE_ANON_KEY' | 'VITE_STORAGE_IMAGE_TRANSFORMATIONS'>;

let litePromise: Promise<AuthLiteClient> | undefined;
let clientPromise: Promise<AppforgeClient> | undefined;

/**
 * The light sign-in client (auth-js and fetch, ~25 KB gz): all a signed-out first visit needs
 * to show and use the sign-in screen. main.tsx starts it at once when no session is stored.
 */
export function loadAuthLiteClient(env: ClientEnv): Promise<AuthLiteClient> {
  litePromise ??= import('@appforge/sdk/auth-lite').then(({ createAuthLiteClient }) =>
    createAuthLiteClient({ url: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY, imageTransformations: imageTransformationsOf(env) }),
  );
  litePromise.catch(() => {
    // A failed download may be retried later ("Try again").
    litePromise = undefined;
  });
  return litePromise;
}

/**
 * The one full backend client of this page (supabase-js and the SDK, ~70 KB gz), loaded on
 * demand: when someone is signed in, or a page that needs it opens. It takes over the session
 * the light client kept (same storage key); the light client is disposed first, so only one
 * client refreshes tokens and listens for auth events at a time.
 */
export function loadAppforgeClient(env: ClientEnv): Promise<AppforgeClient> {
  clientPromise ??= import('@appforge/sdk').then(async ({ createAppforgeClient }) => {
    const lite = await litePromise?.catch(() => undefined);
    await lite?.dispose();
    return createAppforgeClient({
      url: env.VITE_SUPABASE_URL,
      anonKey: env.VITE_SUPABASE_ANON_KEY,
      imageTransformations: imageTransformationsOf(env),
    });
  });
  clientPromise.catch(() => {
    clientPromise = undefined;
  });
  return clientPromise;
}
