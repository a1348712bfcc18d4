// The SDK's public types: what the client is made of and what its calls return.
import type {
  AuthChangeEvent,
  Factor,
  Provider,
  Session,
  SupabaseClient,
  SupabaseClientOptions,
  User,
  UserIdentity,
} from '@supabase/supabase-js';
import type { Database, Tables } from './database.types';

export type { AuthChangeEvent, Factor, Provider, Session, User, UserIdentity };

export type UserStatus = 'allowed' | 'pending' | 'blocked';
export type UserPlan = 'free' | 'pro';

/** The caller's own public."User" row. */
export type UserRow = Omit<Tables<'User'>, 'status' | 'plan'> & { status: UserStatus; plan: UserPlan };

/** Where a custom domain points (seed §7.1: the custom-domain check). */
export interface CustomDomainTarget {
  app_id: string | null;
  is_app: boolean;
  is_landing_page: boolean;
  bundle_id: string | null;
  is_bundle: boolean;
}

export interface SchoolInfo {
  isTeacher: boolean;
  isStudent: boolean;
}

export interface EnsureUserResult {
  /** True when this call created the User row (first sign-in). */
  created: boolean;
  status: UserStatus;
}

export interface AddUserResult {
  created: boolean;
  user: UserRow;
}

export type SignOutScope = 'global' | 'local' | 'others';

export interface TotpEnrollment {
  factorId: string;
  /** An SVG image as a data: URL, ready for an <img src>. */
  qrCode: string;
  secret: string;
  uri: string;
}

export interface AssuranceLevel {
  currentLevel: 'aal1' | 'aal2' | null;
  nextLevel: 'aal1' | 'aal2' | null;
}

export type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

export interface AppforgeClientOptions {
  /** The backend's base URL, e.g. http://127.0.0.1:54321 or https://<ref>.supabase.co. */
  url: string;
  /** The public anonymous key. */
  anonKey: string;
  /** Where the session is kept in storage; supabase-js derives `sb-<host>-auth-token` otherwise. */
  storageKey?: string;
  /** A fetch implementation (tests; server-side use). */
  fetch?: typeof fetch;
  /** A WebSocket constructor for realtime where there is no global one (Node 20: `ws`). */
  realtimeTransport?: RealtimeTransport;
}

export interface UsersApi {
  /** Whether the signed-in user's User row exists (seed §7.1: select id from User, no filter). */
  exists(): Promise<boolean>;
  /** The support-chat verification hash, or null when there is none. */
  getIntercomHmac(): Promise<string | null>;
  /** Creates the User row through add-user when missing; returns the user's access status either way. */
  ensure(options?: { referralAppId?: string | null }): Promise<EnsureUserResult>;
  getMe(): Promise<UserRow | null>;
  updateDisplayName(name: string): Promise<UserRow>;
}

export interface AppsApi {
  getName(appId: string): Promise<string>;
}

export interface BundlesApi {
  getName(bundleId: string): Promise<string>;
}

export interface CustomDomainsApi {
  lookup(host: string): Promise<CustomDomainTarget | null>;
}

export interface FunctionsApi {
  addUser(body: { referral_app_id?: string | null }): Promise<AddUserResult>;
  getUserSchoolInfo(): Promise<SchoolInfo>;
  deleteAccount(): Promise<void>;
}

export interface AuthApi {
  sendEmailCode(email: string, options?: { redirectTo?: string }): Promise<void>;
  verifyEmailCode(email: string, token: string): Promise<Session>;
  /** Starts a third-party sign-in; in a browser it navigates away. Returns the provider's URL. */
  signInWithProvider(provider: Provider, redirectTo: string): Promise<{ url: string }>;
  signOut(scope?: SignOutScope): Promise<void>;
  getSession(): Promise<Session | null>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): () => void;
  listFactors(): Promise<Factor[]>;
  enrollTotp(friendlyName: string): Promise<TotpEnrollment>;
  challengeAndVerify(factorId: string, code: string): Promise<void>;
  unenroll(factorId: string): Promise<void>;
  getAssuranceLevel(): Promise<AssuranceLevel>;
  listIdentities(): Promise<UserIdentity[]>;
  /** Starts linking another provider to the signed-in user; in a browser it navigates away. */
  linkIdentity(provider: Provider, redirectTo: string): Promise<{ url: string }>;
  unlinkIdentity(identity: UserIdentity): Promise<void>;
  signOutOthers(): Promise<void>;
  /** Deletes the signed-in user and all their data, then clears the local session. */
  deleteAccount(): Promise<void>;
}

export interface AppforgeClient {
  supabase: SupabaseClient<Database>;
  users: UsersApi;
  apps: AppsApi;
  bundles: BundlesApi;
  customDomains: CustomDomainsApi;
  functions: FunctionsApi;
  auth: AuthApi;
}
