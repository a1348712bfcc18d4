import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { AppforgeError, toAppforgeError } from './errors';
import type { AuthApi, FunctionsApi } from './types';
import { withoutTrailingHash } from './auth-lite/appforge-error';

export { withoutTrailingHash };

/** supabase-js answers `{ data, error }`; the SDK throws AppforgeError instead. */
function check<R extends { error: unknown }>(result: R): Extract<R, { error: null }> {
  if (result.error) throw toAppforgeError(result.error);
  // The error is null here, so this is the success member of the union.
  return result as Extract<R, { error: null }>;
}

function failIf(error: unknown): void {
  if (error) throw toAppforgeError(error);
}

function assurance(level: string | null): 'aal1' | 'aal2' | null {
  return level === 'aal1' || level === 'aal2' ? level : null;
}

export function createAuthApi(supabase: SupabaseClient<Database>, functions: FunctionsApi): AuthApi {
  const auth = supabase.auth;

  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toAppforgeError(error);
    }
  }

  return {
    sendEmailCode: (email, options = {}) =>
      guarded(async () => {
        failIf(
          (await auth.signInWithOtp({
            email,
            options: {
              shouldCreateUser: true,
              ...(options.redirectTo === undefined ? {} : { emailRedirectTo: options.redirectTo }),
            },
          })).error,
        );
      }),

    verifyEmailCode: (email, token) =>
      guarded(async () => {
        const { data } = check(await auth.verifyOtp({ email, token, type: 'email' }));
        if (!data.session) {
          throw new AppforgeError({ code: 'session_missing', message: 'Signing in did not start a session.' });
        }
        return data.session;
      }),

    handOver: (to) => functions.handOver(to),

    verifyHandOver: (tokenHash) =>
      guarded(async () => {
        const { data } = check(await auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' }));
        if (!data.session) {
          throw new AppforgeError({ code: 'session_missing', message: 'Signing in did not start a session.' });
        }
        return data.session;
      }),

    signInWithProvider: (provider, redirectTo) =>
      guarded(async () => {
        const { data } = check(
          await auth.signInWithOAuth({ provider, options: { redirectTo: withoutTrailingHash(redirectTo) } }),
        );
        return { url: data.url };
      }),

    signOut: (scope = 'global') =>
      guarded(async () => {
        // supabase-js itself ignores 401, 403 and 404 from /logout and clears the local session.
        failIf((await auth.signOut({ scope })).error);
      }),

    getSession: () => guarded(async () => check(await auth.getSession()).data.session),

    onAuthStateChange(callback) {
      const { data } = auth.onAuthStateChange((event, session) => {
        callback(event, session);
      });
      return () => data.subscription.unsubscribe();
    },

    listFactors: () => guarded(async () => check(await auth.mfa.listFactors()).data.all),

    enrollTotp: (friendlyName) =>
      guarded(async () => {
        const { data } = check(await auth.mfa.enroll({ factorType: 'totp', friendlyName }));
        return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
      }),

    challengeAndVerify: (factorId, code) =>
      guarded(async () => {
        failIf((await auth.mfa.challengeAndVerify({ factorId, code })).error);
      }),

    unenroll: (factorId) =>
      guarded(async () => {
        failIf((await auth.mfa.unenroll({ factorId })).error);
      }),

    getAssuranceLevel: () =>
      guarded(async () => {
        const { data } = check(await auth.mfa.getAuthenticatorAssuranceLevel());
        return { currentLevel: assurance(data.currentLevel), nextLevel: assurance(data.nextLevel) };
      }),

    listIdentities: () => guarded(async () => check(await auth.getUserIdentities()).data.identities),

    linkIdentity: (provider, redirectTo) =>
      guarded(async () => {
        const { data } = check(
          await auth.linkIdentity({ provider, options: { redirectTo: withoutTrailingHash(redirectTo) } }),
        );
        return { url: data.url };
      }),

    unlinkIdentity: (identity) =>
      guarded(async () => {
        failIf((await auth.unlinkIdentity(identity)).error);
      }),

    signOutOthers: () =>
      guarded(async () => {
        failIf((await auth.signOut({ scope: 'others' })).error);
      }),

    // Passkeys and WebAuthn MFA (#20).
    signInWithPasskey: () =>
      guarded(async () => {
        const { data } = check(await auth.signInWithPasskey());
        if (!data.session) {
          throw new AppforgeError({ code: 'session_missing', message: 'Signing in did not start a session.' });
        }
        return data.session;
      }),

    listPasskeys: () => guarded(async () => check(await auth.passkey.list()).data),

    registerPasskey: () =>
      guarded(async () => {
        const { data } = check(await auth.registerPasskey());
        return { id: data.id, created_at: data.created_at, ...(data.friendly_name ? { friendly_name: data.friendly_name } : {}) };
      }),

    deletePasskey: (passkeyId) =>
      guarded(async () => {
        failIf((await auth.passkey.delete({ passkeyId })).error);
      }),

    enrollWebauthn: (friendlyName) =>
      guarded(async () => {
        failIf((await auth.mfa.webauthn.register({ friendlyName })).error);
      }),

    verifyWebauthn: (factorId) =>
      guarded(async () => {
        failIf((await auth.mfa.webauthn.authenticate({ factorId })).error);
      }),

    deleteAccount: () =>
      guarded(async () => {
        await functions.deleteAccount();
        // The user no longer exists on the server: only the local session is left to clear.
        failIf((await auth.signOut({ scope: 'local' })).error);
      }),
  };
}
