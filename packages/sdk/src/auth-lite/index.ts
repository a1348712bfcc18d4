// @appforge/sdk/auth-lite: the sign-in path's client (auth-js + fetch), without supabase-js or zod.
export { authLiteError, createAuthLiteClient, defaultStorageKey } from './auth-lite-client';
export type { AuthLiteClient, AuthLiteClientOptions, SignInAuthApi, SignInClient } from './auth-lite-client';
export type { RestReads } from './rest-reads';
