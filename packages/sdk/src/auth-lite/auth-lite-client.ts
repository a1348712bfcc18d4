// The sign-in path's client: GoTrue (auth-js) for the session and the sign-in calls, and plain
// fetch for the three public reads of the sign-in screen and the access gate. supabase-js with
// its PostgREST, Realtime, Storage and Functions clients (and zod for the row schemas) is not
// needed until someone is signed in, so a first visit to the sign-in page does not pay for it.
//
// It keeps the session exactly where createAppforgeClient keeps it (same storage key, same auth
// options), so the full client finds the session when it loads later. Dispose this one first.
import { GoTrueClient, isAuthError, isAuthRetryableFetchError } from '@supabase/auth-js';
import type { AuthChangeEvent, Provider, Session } from '../types';
import { AppforgeError, fromWebAuthnError, networkError, withoutTrailingHash } from './appforge-error';
import { createRestReads } from './rest-reads';
import type { RestReads } from './rest-reads';

export interface AuthLiteClientOptions {
  /** The backend's base URL, as for createAppforgeClient. */
  url: string;
  anonKey: string;
  /** As for createAppforgeClient; both must agree for the session to be shared. */
  storageKey?: string;
  fetch?: typeof fetch;
  /** As for createAppforgeClient: app icons as Storage renderings. */
  imageTransformations?: boolean;
}

/** The auth calls of the sign-in path: the same signatures as AppforgeClient['auth']. */
export interface SignInAuthApi {
  sendEmailCode(email: string, options?: { redirectTo?: string }): Promise<void>;
  verifyEmailCode(email: string, token: string): Promise<Session>;
  /** Issue 26: on a custom domain, exchanges a hand-over's one-time token for a session there. */
  verifyHandOver(tokenHash: string): Promise<Session>;
  /** Starts a third-party sign-in; in a browser it navigates away. Returns the provider's URL. */
  signInWithProvider(provider: Provider, redirectTo: string): Promise<{ url: string }>;
  getSession(): Promise<Session | null>;
  /** Signs in with a passkey the browser offers (#20). */
  signInWithPasskey(): Promise<Session>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): () => void;
}

/**
 * What the sign-in screen and the signed-out access gate use. The full AppforgeClient has the
 * same members with the same signatures, so either client can be given where this is asked for.
 */
export interface SignInClient extends RestReads {
  auth: SignInAuthApi;
}

export interface AuthLiteClient extends SignInClient {
  /**
   * Stops this client's background work (token refresh, tab listeners, auth subscribers) before
   * the full client takes over the same stored session. The stored session is kept.
   */
  dispose(): Promise<void>;
}

/** supabase-js's defaults (2.119): the full client must see the same storage and the same flow. */
export function defaultStorageKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0] ?? ''}-auth-token`;
}

/** An auth-js failure (or a failed fetch) as an AppforgeError, with the codes the full SDK uses. */
export function authLiteError(error: unknown): AppforgeError {
  if (error instanceof AppforgeError) return error;
  const webauthn = fromWebAuthnError(error);
  if (webauthn) return webauthn;
  if (isAuthError(error)) {
    if (isAuthRetryableFetchError(error) && error.status === 0) return networkError(error);
    const code = error.code ?? (error.name === 'AuthSessionMissingError' ? 'session_missing' : 'auth_error');
    return new AppforgeError({ code, message: error.message, status: error.status, cause: error });
  }
  if (error instanceof TypeError) return networkError(error);
  return new AppforgeError({
    code: 'unknown_error',
    message: error instanceof Error && error.message !== '' ? error.message : 'Something went wrong.',
    cause: error,
  });
}

function failIf(error: unknown): void {
  if (error) throw authLiteError(error);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw authLiteError(error);
  }
}

/**
 * The light client of the sign-in path. A missing URL or key throws the same words as
 * createAppforgeClient ("supabaseUrl is required." / "supabaseKey is required.").
 */
export function createAuthLiteClient(options: AuthLiteClientOptions): AuthLiteClient {
  if (!options.url) throw new Error('supabaseUrl is required.');
  if (!options.anonKey) throw new Error('supabaseKey is required.');
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const storageKey = options.storageKey ?? defaultStorageKey(options.url);
  const auth = new GoTrueClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${options.anonKey}`, apikey: options.anonKey },
    storageKey,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });

  let disposed = false;

  const accessToken = async (): Promise<string> => {
    const { data } = await auth.getSession();
    return data.session?.access_token ?? options.anonKey;
  };
  const reads = createRestReads({
    restUrl: new URL('rest/v1/', base).href,
    anonKey: options.anonKey,
    accessToken,
    fetch: options.fetch,
    imageTransformations: options.imageTransformations,
  });

  return {
    ...reads,
    auth: {
      sendEmailCode: (email, sendOptions = {}) =>
        guarded(async () => {
          const result = await auth.signInWithOtp({
            email,
            options: {
              shouldCreateUser: true,
              ...(sendOptions.redirectTo === undefined ? {} : { emailRedirectTo: sendOptions.redirectTo }),
            },
          });
          failIf(result.error);
        }),

      verifyEmailCode: (email, token) =>
        guarded(async () => {
          const { data, error } = await auth.verifyOtp({ email, token, type: 'email' });
          failIf(error);
          if (!data.session) {
            throw new AppforgeError({ code: 'session_missing', message: 'Signing in did not start a session.' });
          }
          return data.session;
        }),

      verifyHandOver: (tokenHash) =>
        guarded(async () => {
          const { data, error } = await auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
          failIf(error);
          if (!data.session) {
            throw new AppforgeError({ code: 'session_missing', message: 'Signing in did not start a session.' });
          }
          return data.session;
        }),

      signInWithProvider: (provider, redirectTo) =>
        guarded(async () => {
          const { data, error } = await auth.signInWithOAuth({ provider, options: { redirectTo: withoutTrailingHash(redirectTo) } });
          failIf(error);
          return { url: data.url ?? '' };
        }),

      getSession: () =>
        guarded(async () => {
          const { data, error } = await auth.getSession();
          failIf(error);
          return data.session;
        }),

      signInWithPasskey: () =>
        guarded(async () => {
          const { data, error } = await auth.signInWithPasskey();
          failIf(error);
          if (!data?.session) {
            throw new AppforgeError({ code: 'session_missing', message: 'Signing in did not start a session.' });
          }
          return data.session;
        }),

      onAuthStateChange(callback) {
        const { data } = auth.onAuthStateChange((event, session) => {
          callback(event, session);
        });
        return () => data.subscription.unsubscribe();
      },
    },
    dispose: async () => {
      await auth.dispose();
      // Once only: a second dispose must not hand back the slot a newer client took.
      if (!disposed) releaseInstanceSlot(auth, storageKey);
      disposed = true;
    },
  };
}

/**
 * auth-js counts GoTrueClient instances per storage key for good and warns "Multiple GoTrueClient
 * instances detected" when a second one is made, even after the first was disposed. The shell
 * hands the session from this client to the full one (same key) after disposing this one, so a
 * page has one live auth client at a time: give the slot back so the full client does not warn.
 */
function releaseInstanceSlot(auth: GoTrueClient, storageKey: string): void {
  // The counter is a private static of auth-js (GoTrueClient.nextInstanceID); read it defensively.
  const counters = (GoTrueClient as unknown as { nextInstanceID?: Record<string, number> }).nextInstanceID;
  const instanceID = (auth as unknown as { instanceID?: number }).instanceID;
  if (counters === undefined || typeof instanceID !== 'number') return;
  // Only the newest instance gives its slot back: an older one would hand out a taken number.
  if (counters[storageKey] === instanceID + 1) counters[storageKey] = instanceID;
}
