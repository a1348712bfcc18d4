// The part of supabase-js the hosted sign-in widget (@supabase/auth-ui-react) calls, answered by
// the fake client's state in supabase-js's own `{ data, error }` shapes and AuthApiError errors.
import { AuthApiError } from '@supabase/supabase-js';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { toAppforgeError } from '../errors';
import type { AppforgeClient } from '../types';
import type { FakeController } from './fake-client';
import { makeUser } from './factories';

function authError(error: unknown): AuthApiError {
  const normalised = toAppforgeError(error);
  return new AuthApiError(normalised.message, normalised.status ?? 400, normalised.code);
}

export function createFakeSupabase(client: AppforgeClient, fake: FakeController): SupabaseClient<Database> {
  const auth = {
    getSession: () => Promise.resolve({ data: { session: fake.data.session }, error: null }),

    onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void) {
      const unsubscribe = client.auth.onAuthStateChange(callback);
      return { data: { subscription: { id: crypto.randomUUID(), callback, unsubscribe } } };
    },

    async signInWithOtp(credentials: { email: string; options?: { emailRedirectTo?: string } }) {
      try {
        const redirectTo = credentials.options?.emailRedirectTo;
        await client.auth.sendEmailCode(credentials.email, redirectTo === undefined ? {} : { redirectTo });
        return { data: { user: null, session: null }, error: null };
      } catch (error) {
        return { data: { user: null, session: null }, error: authError(error) };
      }
    },

    async verifyOtp(params: { email: string; token: string }) {
      try {
        const session = await client.auth.verifyEmailCode(params.email, params.token);
        return { data: { user: session.user, session }, error: null };
      } catch (error) {
        return { data: { user: null, session: null }, error: authError(error) };
      }
    },

    async signInWithOAuth(credentials: { provider: Parameters<AppforgeClient['auth']['signInWithProvider']>[0]; options?: { redirectTo?: string } }) {
      try {
        const { url } = await client.auth.signInWithProvider(credentials.provider, credentials.options?.redirectTo ?? '');
        return { data: { provider: credentials.provider, url }, error: null };
      } catch (error) {
        return { data: { provider: credentials.provider, url: null }, error: authError(error) };
      }
    },

    signInWithPassword(credentials: { email: string; password: string }) {
      if (fake.data.passwords[credentials.email] !== credentials.password) {
        return Promise.resolve({
          data: { user: null, session: null },
          error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
        });
      }
      const session = fake.signIn({ email: credentials.email });
      return Promise.resolve({ data: { user: session.user, session }, error: null });
    },

    signUp(credentials: { email: string; password: string }) {
      // Confirmation is by e-mail: a user without a session, as GoTrue answers with autoconfirm off.
      if (fake.data.passwords[credentials.email] === undefined) fake.data.passwords[credentials.email] = credentials.password;
      return Promise.resolve({ data: { user: makeUser({ email: credentials.email }), session: null }, error: null });
    },

    resetPasswordForEmail: () => Promise.resolve({ data: {}, error: null }),

    updateUser(attributes: { password?: string }) {
      const session = fake.data.session;
      if (!session) {
        return Promise.resolve({ data: { user: null }, error: new AuthApiError('Auth session missing!', 400, 'session_missing') });
      }
      if (attributes.password !== undefined && session.user.email) {
        fake.data.passwords[session.user.email] = attributes.password;
      }
      fake.emit('USER_UPDATED');
      return Promise.resolve({ data: { user: session.user }, error: null });
    },

    async signOut(options: { scope?: 'global' | 'local' | 'others' } = {}) {
      await client.auth.signOut(options.scope);
      return { error: null };
    },
  };

  const target: Record<string | symbol, unknown> = { auth };
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'symbol' || property === 'then' || property in object) return object[property];
      throw new Error(
        `The fake Appforge client's supabase stand-in supports only supabase.auth; pass createFakeAppforgeClient({ supabase }) to use supabase.${property}.`,
      );
    },
  }) as unknown as SupabaseClient<Database>;
}
