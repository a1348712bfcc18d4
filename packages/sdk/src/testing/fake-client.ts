/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// An in-memory AppforgeClient for component tests and stories: the same shape and the same
// behaviour a user would notice (a session with listeners, codes that must match, rows that
// appear), without a backend. Every method can be made to fail, or replaced, per test.
import type { SupabaseClient } from '@supabase/supabase-js';
import { normaliseHost } from '../custom-domains';
import type { Database } from '../database.types';
import { AppforgeError, NETWORK_MESSAGE } from '../errors';
import type {
  Passkey,
  AppforgeClient,
  AuthChangeEvent,
  CustomDomainTarget,
  Factor,
  SchoolInfo,
  Session,
  User,
  UserIdentity,
  UserRow,
  UserStatus,
} from '../types';
import type { LiveBroadcast, LiveChange, LiveSubscription } from '../live';
import { displayNameSchema } from '../users';
import { makeFactor, makeSession, makeUser, makeUserRow } from './factories';
import { createFakeAppTests } from './fake-app-tests';
import { createFakeApps } from './fake-apps';
import type { FakeAppsData } from './fake-apps';
import { DEFAULT_DATABASE_LIMITS } from './fake-database-data';
import { createFakeApiKeys } from './fake-api-keys';
import type { FakeApiKeysData } from './fake-api-keys';
import { createFakeBundles, FAKE_PLANS } from './fake-bundles';
import { createFakeClasses } from './fake-classes';
import type { FakeClassesData } from './fake-classes';
import type { FakeBundlesData } from './fake-bundles';
import { createFakeDatabases } from './fake-databases';
import { createFakeExternalApis } from './fake-external-apis';
import type { FakeExternalApisData } from './fake-external-apis';
import { createFakeDomains } from './fake-domains';
import type { FakeDomainsData } from './fake-domains';
import type { FakeDatabasesData } from './fake-databases';
import { createFakeSupabase } from './fake-supabase';

/** Everything the fake remembers; tests read and change it through `client.fake.data`. */
export interface FakeAppforgeData {
  session: Session | null;
  /** The signed-in person's User row; null until add-user creates it. */
  me: UserRow | null;
  /** The status add-user gives a new User row (the server's ACCESS_POLICY decides it for real). */
  newUserStatus: UserStatus;
  /** intercom_hmac of a User row add-user creates. */
  newUserIntercomHmac: string | null;
  appNames: Record<string, string>;
  bundleNames: Record<string, string>;
  /** Icon URLs the branded sign-in shows, by app or bundle id (#18); others have none. */
  signInIcons: Record<string, string>;
  /** Verified custom domains by host name. */
  customDomains: Record<string, CustomDomainTarget>;
  /** Everyone's custom domains by stored host, with their owner (issue 18; see makeCustomDomain). */
  domains: FakeDomainsData['domains'];
  /** Hosts whose DNS records exist, so adding or "Check now" verifies them. */
  dnsReadyHosts: string[];
  schoolInfo: SchoolInfo;
  factors: Factor[];
  /** Linked identities; null means "those of the session's user". */
  identities: UserIdentity[] | null;
  /** The code every sign-in e-mail carries. */
  emailCode: string;
  /** The code the authenticator app shows. */
  totpCode: string;
  /** The passkeys of the person (#20); a passkey sign-in signs in `passkeyEmail` when there is one. */
  passkeys: Passkey[];
  passkeyEmail: string;
  /** E-mail → password, for the widget's password forms. */
  passwords: Record<string, string>;
  /** Apps by id, as their owner sees them (see makeApp). */
  apps: FakeAppsData['apps'];
  /** Versions by id (see makeVersion). */
  versions: FakeAppsData['versions'];
  /** Runs by id, with their steps (see makeRun). */
  runs: FakeAppsData['runs'];
  /** App descriptions left on /create-new-app, by id. */
  descriptions: FakeAppsData['descriptions'];
  /** Uploaded icons: path → content type. */
  icons: FakeAppsData['icons'];
  /** Class runs per app id, all its owner learns of them (issue 26). */
  classRunCounts?: FakeAppsData['classRunCounts'];
  /** Everyone's databases by id, with their tables (see makeDatabase). */
  databases: FakeDatabasesData['databases'];
  /** Rows of the databases' tables by table id (#14). */
  databaseRows: FakeDatabasesData['databaseRows'];
  databaseLimits: FakeDatabasesData['databaseLimits'];
  /** Database steps of apps' versions that name columns, by app id (#14). */
  databaseSteps: FakeDatabasesData['databaseSteps'];
  // ── Your APIs (issue 15) ──
  /** Everyone's external APIs by id (see makeExternalApi). */
  externalApis: FakeExternalApisData['externalApis'];
  /** Secrets by API id, never returned. */
  apiSecrets: FakeExternalApisData['apiSecrets'];
  /** Test console answers by endpoint id. */
  apiTestAnswers: FakeExternalApisData['apiTestAnswers'];
  /** Everyone's API keys by id, values included (see fake-api-keys). */
  apiKeys: FakeApiKeysData['apiKeys'];
  /** OpenAPI import answers by URL (or `document`). */
  apiImports: FakeExternalApisData['apiImports'];
  // #17 bundles & plans (see fake-bundles.ts)
  bundles: FakeBundlesData['bundles'];
  allowedUsers: FakeBundlesData['allowedUsers'];
  purchases: FakeBundlesData['purchases'];
  testCheckouts: FakeBundlesData['testCheckouts'];
  checkoutMode: FakeBundlesData['checkoutMode'];
  plan: FakeBundlesData['plan'];
  plans: FakeBundlesData['plans'];
  usage: FakeBundlesData['usage'];
  notices: FakeBundlesData['notices'];
  caps: FakeBundlesData['caps'];
  // Classrooms (issue 19; see fake-classes.ts)
  classes: FakeClassesData['classes'];
  classMembers: FakeClassesData['classMembers'];
  assignments: FakeClassesData['assignments'];
  classRuns: FakeClassesData['classRuns'];
  safetyAlerts: FakeClassesData['safetyAlerts'];
  assignable: FakeClassesData['assignable'];
  classExports: FakeClassesData['classExports'];
}

type Api = Exclude<keyof AppforgeClient, 'supabase'>;
type MethodOf<A extends Api> = keyof AppforgeClient[A] & string;
/** A method of the client by path, e.g. 'apps.getName' or 'auth.verifyEmailCode'. */
export type FakeMethod = { [A in Api]: `${A}.${MethodOf<A>}` }[Api];

export type FakeFailures = Partial<Record<FakeMethod, AppforgeError>>;

type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export type FakeAppforgeOverrides = DeepPartial<Omit<AppforgeClient, 'supabase'>> & {
  /** Replaces the fake supabase-js stand-in (which only supports the auth calls the widget makes). */
  supabase?: SupabaseClient<Database>;
  data?: Partial<FakeAppforgeData>;
  /** Methods that throw this error from the first call on (until `fake.heal`). */
  failures?: FakeFailures;
};

export interface SentCode {
  email: string;
  code: string;
  redirectTo: string | undefined;
}

export interface FakeController {
  readonly data: FakeAppforgeData;
  /** Arguments of every call to a method, oldest first. */
  calls(method: FakeMethod): unknown[][];
  /** The sign-in e-mails "sent" so far. */
  readonly sentCodes: readonly SentCode[];
  /** Signs someone in (as if they had entered a code) and tells the listeners SIGNED_IN. */
  signIn(user?: Partial<User>): Session;
  /** Ends the session and tells the listeners SIGNED_OUT. */
  signOut(): void;
  /** Tells the listeners an auth event, optionally with a new session. */
  emit(event: AuthChangeEvent, session?: Session | null): void;
  /** Makes a method throw (a network error by default) until healed. */
  fail(method: FakeMethod, error?: AppforgeError): void;
  heal(method: FakeMethod): void;
  /** How many auth listeners are subscribed (a component must unsubscribe on teardown). */
  listenerCount(): number;
  /** Tells the live subscribers of change.table (and of its match) a change, as Realtime would. */
  emitLive(change: LiveChange): void;
  /** How many live subscriptions are open (a component must unsubscribe on teardown). */
  liveCount(): number;
  /** Delivers a broadcast to the listeners of a private channel, as Realtime would. */
  emitBroadcast(topic: string, event: string, payload: unknown): void;
}

export interface FakeAppforgeClient extends AppforgeClient {
  fake: FakeController;
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

function notAuthenticated(message: string): AppforgeError {
  return new AppforgeError({ code: 'not_authenticated', message, status: 401 });
}

function sessionMissing(): AppforgeError {
  return new AppforgeError({ code: 'session_missing', message: 'Auth session missing!', status: 400 });
}

function notFound(what: string): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: `${what} was not found or is not public.`, status: 404 });
}

const SYNC_METHODS: ReadonlySet<FakeMethod> = new Set<FakeMethod>(['auth.onAuthStateChange', 'apps.iconUrl', 'live.subscribe', 'live.broadcast', 'apiKeys.baseUrl']);
const STREAM_METHODS: ReadonlySet<FakeMethod> = new Set<FakeMethod>(['runs.start', 'runs.continue', 'builder.generateVersion', 'apiKeys.tryRun', 'apiKeys.tryContinue']);

async function* failingStream(error: AppforgeError): AsyncGenerator<never> {
  yield* [];
  throw error;
}

export function createFakeAppforgeClient(overrides: FakeAppforgeOverrides = {}): FakeAppforgeClient {
  const initial = overrides.data ?? {};
  const data: FakeAppforgeData = {
    session: null,
    me: null,
    newUserStatus: 'allowed',
    newUserIntercomHmac: null,
    appNames: {},
    bundleNames: {},
    signInIcons: {},
    customDomains: {},
    domains: {},
    dnsReadyHosts: [],
    schoolInfo: { isTeacher: false, isStudent: false },
    factors: [],
    identities: null,
    emailCode: '123456',
    totpCode: '654321',
    passkeys: [],
    passkeyEmail: 'passkey@example.com',
    passwords: {},
    apps: {},
    versions: {},
    runs: {},
    descriptions: {},
    icons: {},
    databases: {},
    databaseRows: {},
    databaseLimits: { ...DEFAULT_DATABASE_LIMITS },
    databaseSteps: {},
    externalApis: {},
    apiSecrets: {},
    apiTestAnswers: {},
    apiKeys: {},
    apiImports: {},
    bundles: {},
    allowedUsers: {},
    purchases: [],
    testCheckouts: {},
    checkoutMode: 'test',
    plan: 'free',
    plans: structuredClone(FAKE_PLANS),
    usage: [],
    notices: [],
    caps: {},
    classes: {},
    classMembers: {},
    assignments: {},
    classRuns: {},
    safetyAlerts: {},
    assignable: [],
    classExports: {},
    ...initial,
  };
  const appParts = createFakeApps(data);
  const databaseParts = createFakeDatabases(data);
  const externalApis = createFakeExternalApis(data);
  const domainParts = createFakeDomains(data);
  const bundleParts = createFakeBundles(data);
  const failures = new Map<FakeMethod, AppforgeError>(
    Object.entries(overrides.failures ?? {}) as [FakeMethod, AppforgeError][],
  );
  const calls = new Map<FakeMethod, unknown[][]>();
  const sentCodes: SentCode[] = [];
  /** Issue 26: one-time hand-over tokens → the e-mail they sign in. */
  const handOvers = new Map<string, string>();
  const listeners = new Set<Listener>();
  const liveListeners = new Set<{ subscription: LiveSubscription; onChange: (change: LiveChange) => void }>();
  const broadcastListeners = new Set<{ channel: LiveBroadcast; onMessage: (payload: unknown) => void }>();
  const usersByEmail = new Map<string, User>();
  let assurance: 'aal1' | 'aal2' = 'aal1';

  function emit(event: AuthChangeEvent, session: Session | null): void {
    for (const listener of [...listeners]) listener(event, session);
  }

  function startSession(user?: Partial<User>): Session {
    const email = user?.email ?? `user${usersByEmail.size + 1}@example.com`;
    const known = usersByEmail.get(email) ?? makeUser({ ...user, email });
    usersByEmail.set(email, known);
    const session = makeSession({ user: known });
    data.session = session;
    assurance = 'aal1';
    emit('SIGNED_IN', session);
    return session;
  }

  function endSession(): void {
    data.session = null;
    assurance = 'aal1';
    emit('SIGNED_OUT', null);
  }

  function requireSession(): Session {
    if (!data.session) throw sessionMissing();
    return data.session;
  }

  function identities(): UserIdentity[] {
    return data.identities ?? data.session?.user.identities ?? [];
  }

  function createRow(referralAppId: string | null | undefined): { created: boolean; user: UserRow } {
    const session = data.session;
    if (!session) throw notAuthenticated('Sign in first.');
    if (data.me) return { created: false, user: data.me };
    data.me = makeUserRow({
      id: session.user.id,
      email: session.user.email ?? null,
      status: data.newUserStatus,
      referral_app_id: referralAppId ?? null,
      intercom_hmac: data.newUserIntercomHmac,
    });
    return { created: true, user: data.me };
  }

  /** A deployed public, unlisted or signed-in app's name, as the sign-in screen may read it. */
  function deployedAppName(appId: string): string | undefined {
    const app = data.apps[appId];
    // As app_sign_in_name: deployed public, unlisted and signed-in apps tell their name to anyone
    // with the id (a signed-in app's sign-in page is for signed-out visitors); invite-only ones do not.
    if (!app || app.deployed_version_id === null || app.visibility === 'allowed_users') return undefined;
    return app.name;
  }

  const impl: Omit<AppforgeClient, 'supabase'> = {
    users: {
      async exists() {
        if (!data.session) throw notAuthenticated('Sign in first.');
        return data.me !== null;
      },
      async getIntercomHmac() {
        if (!data.session) throw notAuthenticated('Sign in first.');
        return data.me?.intercom_hmac ?? null;
      },
      async ensure(options = {}) {
        const result = createRow(options.referralAppId);
        return { created: result.created, status: result.user.status };
      },
      async getMe() {
        if (!data.session) throw notAuthenticated('Sign in first.');
        return data.me;
      },
      async updateDisplayName(name) {
        const parsed = displayNameSchema.safeParse(name);
        if (!parsed.success) {
          throw new AppforgeError({
            code: 'invalid_display_name',
            message: parsed.error.issues[0]?.message ?? 'Enter a display name.',
            status: 400,
          });
        }
        if (!data.session) throw notAuthenticated('Sign in first.');
        if (!data.me) throw notFound('Your account');
        data.me = { ...data.me, display_name: parsed.data, updated_at: new Date().toISOString() };
        return data.me;
      },
    },
    apps: {
      async getName(appId) {
        const name = data.appNames[appId] ?? deployedAppName(appId);
        if (name === undefined) throw notFound('This app');
        return name;
      },
      getSignInIcon: (appId) => Promise.resolve(data.signInIcons[appId] ?? null),
      ...appParts.apps,
      linkDatabase: databaseParts.linkDatabase,
    },
    databases: databaseParts.databases,
    apis: externalApis,
    apiKeys: createFakeApiKeys(data),
    classes: createFakeClasses(data),
    appTests: createFakeAppTests(),
    versions: appParts.versions,
    runs: appParts.runs,
    builder: appParts.builder,
    bundles: {
      async getName(bundleId) {
        const name = data.bundleNames[bundleId] ?? data.bundles[bundleId]?.name;
        if (name === undefined) throw notFound('This bundle');
        return name;
      },
      getSignInIcon: (bundleId) => Promise.resolve(data.signInIcons[bundleId] ?? null),
      ...bundleParts.bundles,
    },
    billing: bundleParts.billing,
    customDomains: {
      lookup: (host) => Promise.resolve(data.customDomains[normaliseHost(host)] ?? null),
      ...domainParts,
    },
    functions: {
      addUser: async (body) => createRow(body.referral_app_id),
      async getUserSchoolInfo() {
        if (!data.session) throw notAuthenticated('Sign in to see your school roles');
        return { ...data.schoolInfo };
      },
      async deleteAccount() {
        if (!data.session) throw notAuthenticated('Sign in to delete your account');
        const email = data.session.user.email;
        if (email) usersByEmail.delete(email);
        data.me = null;
        data.factors = [];
        data.identities = null;
      },
      async handOver(to) {
        const session = requireSession();
        let host: string;
        try {
          host = new URL(to).hostname;
        } catch {
          throw new AppforgeError({ code: 'invalid_target', message: 'Give the full address on the custom domain, e.g. https://quiz.example.org/.', status: 400 });
        }
        if (data.customDomains[host] === undefined) {
          throw new AppforgeError({ code: 'domain_not_connected', message: `${host} is not connected to an app.`, status: 404 });
        }
        const token = `fake-hand-over-${handOvers.size + 1}`;
        handOvers.set(token, session.user.email ?? '');
        const target = new URL(to);
        const url = new URL('/hand-over/receive', target.origin);
        url.hash = new URLSearchParams({ token_hash: token, next: `${target.pathname}${target.search}` }).toString();
        return { url: url.href, host };
      },
    },
    auth: {
      async sendEmailCode(email, options = {}) {
        sentCodes.push({ email, code: data.emailCode, redirectTo: options.redirectTo });
      },
      async verifyEmailCode(email, token) {
        const sent = sentCodes.some((entry) => entry.email === email);
        if (!sent || token !== data.emailCode) {
          throw new AppforgeError({ code: 'otp_expired', message: 'Token has expired or is invalid', status: 403 });
        }
        return startSession({ email });
      },
      async handOver(to) {
        return client.functions.handOver(to);
      },
      async verifyHandOver(tokenHash) {
        const email = handOvers.get(tokenHash);
        if (email === undefined) throw new AppforgeError({ code: 'otp_expired', message: 'Email link is invalid or has expired', status: 403 });
        handOvers.delete(tokenHash);
        return startSession({ email });
      },
      async signInWithProvider(provider, redirectTo) {
        const query = new URLSearchParams({ provider, redirect_to: redirectTo.replace(/#$/, '') });
        return { url: `https://backend.test/auth/v1/authorize?${query.toString()}` };
      },
      async signOut(scope = 'global') {
        if (scope !== 'others' && data.session) endSession();
      },
      getSession: () => Promise.resolve(data.session),
      onAuthStateChange(callback) {
        const listener: Listener = (event, session) => callback(event, session);
        listeners.add(listener);
        // supabase-js tells every new subscriber the current session, asynchronously.
        queueMicrotask(() => {
          if (listeners.has(listener)) listener('INITIAL_SESSION', data.session);
        });
        return () => {
          listeners.delete(listener);
        };
      },
      async listFactors() {
        requireSession();
        return [...data.factors];
      },
      async enrollTotp(friendlyName) {
        const session = requireSession();
        if (data.factors.some((factor) => factor.friendly_name === friendlyName)) {
          throw new AppforgeError({
            code: 'mfa_factor_name_conflict',
            message: `A factor with the friendly name "${friendlyName}" for this user already exists`,
            status: 422,
          });
        }
        const factor = makeFactor({ friendly_name: friendlyName, status: 'unverified' });
        data.factors = [...data.factors, factor];
        const secret = 'JBSWY3DPEHPK3PXP';
        const label = encodeURIComponent(`Appforge:${session.user.email ?? session.user.id}`);
        const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><rect width="29" height="29" fill="#fff"/></svg>';
        return {
          factorId: factor.id,
          qrCode: `data:image/svg+xml;utf-8,${svg}`,
          secret,
          uri: `otpauth://totp/${label}?secret=${secret}&issuer=Appforge`,
        };
      },
      async challengeAndVerify(factorId, code) {
        requireSession();
        const factor = data.factors.find((candidate) => candidate.id === factorId);
        if (!factor) {
          throw new AppforgeError({ code: 'mfa_factor_not_found', message: 'Factor not found', status: 404 });
        }
        if (code !== data.totpCode) {
          throw new AppforgeError({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered', status: 422 });
        }
        data.factors = data.factors.map((candidate) =>
          candidate.id === factorId ? { ...candidate, status: 'verified' } : candidate,
        );
        assurance = 'aal2';
        emit('MFA_CHALLENGE_VERIFIED', data.session);
      },
      async unenroll(factorId) {
        requireSession();
        const factor = data.factors.find((candidate) => candidate.id === factorId);
        if (!factor) {
          throw new AppforgeError({ code: 'mfa_factor_not_found', message: 'Factor not found', status: 404 });
        }
        if (factor.status === 'verified' && assurance !== 'aal2') {
          throw new AppforgeError({
            code: 'insufficient_aal',
            message: 'AAL2 required to unenroll verified factor',
            status: 401,
          });
        }
        data.factors = data.factors.filter((candidate) => candidate.id !== factorId);
      },
      async getAssuranceLevel() {
        if (!data.session) return { currentLevel: null, nextLevel: null };
        const verified = data.factors.some((factor) => factor.status === 'verified');
        return { currentLevel: assurance, nextLevel: verified ? 'aal2' : 'aal1' };
      },
      async listIdentities() {
        requireSession();
        return [...identities()];
      },
      async linkIdentity(provider, redirectTo) {
        requireSession();
        const query = new URLSearchParams({ provider, redirect_to: redirectTo.replace(/#$/, '') });
        return { url: `https://backend.test/auth/v1/user/identities/authorize?${query.toString()}` };
      },
      async unlinkIdentity(identity) {
        requireSession();
        const current = identities();
        if (!current.some((candidate) => candidate.identity_id === identity.identity_id)) {
          throw new AppforgeError({ code: 'identity_not_found', message: 'Identity doesn\'t exist', status: 404 });
        }
        if (current.length <= 1) {
          throw new AppforgeError({
            code: 'single_identity_not_deletable',
            message: 'User must have at least 1 identity after unlinking',
            status: 422,
          });
        }
        data.identities = current.filter((candidate) => candidate.identity_id !== identity.identity_id);
      },
      async signOutOthers() {
        requireSession();
      },
      // Passkeys and WebAuthn MFA (#20): the browser ceremony always succeeds in the fake.
      async signInWithPasskey() {
        if (data.passkeys.length === 0) {
          throw new AppforgeError({ code: 'webauthn_verification_failed', message: 'WebAuthn verification failed: credential is not registered', status: 400 });
        }
        return startSession({ email: data.passkeyEmail });
      },
      async listPasskeys() {
        requireSession();
        return [...data.passkeys];
      },
      async registerPasskey() {
        requireSession();
        if (data.passkeys.length >= 10) {
          throw new AppforgeError({ code: 'too_many_passkeys', message: 'A user can have at most 10 passkeys', status: 422 });
        }
        const passkey: Passkey = { id: crypto.randomUUID(), created_at: new Date().toISOString() };
        data.passkeys = [...data.passkeys, passkey];
        return passkey;
      },
      async deletePasskey(passkeyId) {
        requireSession();
        if (!data.passkeys.some((passkey) => passkey.id === passkeyId)) {
          throw new AppforgeError({ code: 'webauthn_credential_not_found', message: 'Passkey not found', status: 404 });
        }
        data.passkeys = data.passkeys.filter((passkey) => passkey.id !== passkeyId);
      },
      async enrollWebauthn(friendlyName) {
        requireSession();
        if (data.factors.some((factor) => factor.friendly_name === friendlyName)) {
          throw new AppforgeError({ code: 'mfa_factor_name_conflict', message: `A factor with the friendly name "${friendlyName}" for this user already exists`, status: 422 });
        }
        data.factors = [...data.factors, makeFactor({ friendly_name: friendlyName, factor_type: 'webauthn', status: 'verified' })];
        assurance = 'aal2';
        emit('MFA_CHALLENGE_VERIFIED', data.session);
      },
      async verifyWebauthn(factorId) {
        requireSession();
        if (!data.factors.some((factor) => factor.id === factorId && factor.factor_type === 'webauthn')) {
          throw new AppforgeError({ code: 'mfa_factor_not_found', message: 'Factor not found', status: 404 });
        }
        assurance = 'aal2';
        emit('MFA_CHALLENGE_VERIFIED', data.session);
      },
      async deleteAccount() {
        await client.functions.deleteAccount();
        if (data.session) endSession();
      },
    },
    live: {
      subscribe(subscription, onChange) {
        const entry = { subscription, onChange };
        liveListeners.add(entry);
        // As the server confirms a subscription: after the caller's own work of this tick.
        if (subscription.onSubscribed) queueMicrotask(() => liveListeners.has(entry) && subscription.onSubscribed?.());
        return () => {
          liveListeners.delete(entry);
        };
      },
      broadcast(channel, onMessage) {
        const entry = { channel, onMessage };
        broadcastListeners.add(entry);
        return () => {
          broadcastListeners.delete(entry);
        };
      },
    },
  };

  function wrap<A extends Api>(api: A): AppforgeClient[A] {
    const methods = impl[api] as unknown as Record<string, (...args: unknown[]) => unknown>;
    const replaced = (overrides[api] ?? {}) as Record<string, ((...args: unknown[]) => unknown) | undefined>;
    const wrapped: Record<string, (...args: unknown[]) => unknown> = {};
    for (const [name, method] of Object.entries(methods)) {
      const path = `${api}.${name}` as FakeMethod;
      calls.set(path, []);
      const run = replaced[name] ?? method;
      wrapped[name] = SYNC_METHODS.has(path)
        ? (...args) => {
            calls.get(path)?.push(args);
            return run(...args);
          }
        : STREAM_METHODS.has(path)
          ? (...args) => {
              calls.get(path)?.push(args);
              const failure = failures.get(path);
              // A refused stream fails on the first read, like the real client's.
              if (failure) return failingStream(failure);
              return run(...args);
            }
          : async (...args) => {
              calls.get(path)?.push(args);
              const failure = failures.get(path);
              if (failure) throw failure;
              return await run(...args);
            };
    }
    // Built from the implementation above, method by method, so it has the API's exact keys.
    return wrapped as unknown as AppforgeClient[A];
  }

  const controller: FakeController = {
    data,
    calls: (method) => calls.get(method) ?? [],
    sentCodes,
    signIn: (user) => startSession(user),
    signOut: () => endSession(),
    emit(event, session) {
      if (session !== undefined) data.session = session;
      emit(event, data.session);
    },
    fail(method, error) {
      failures.set(method, error ?? new AppforgeError({ code: 'network_error', message: NETWORK_MESSAGE, status: 0 }));
    },
    heal(method) {
      failures.delete(method);
    },
    listenerCount: () => listeners.size,
    emitLive(change) {
      for (const { subscription, onChange } of [...liveListeners]) {
        if (subscription.table !== change.table) continue;
        const match = subscription.match;
        const row = change.eventType === 'DELETE' ? change.old : change.new;
        if (match && row[match.column] !== match.value) continue;
        onChange(change);
      }
    },
    liveCount: () => liveListeners.size + broadcastListeners.size,
    emitBroadcast(topic, event, payload) {
      for (const { channel, onMessage } of [...broadcastListeners]) {
        if (channel.topic === topic && channel.event === event) onMessage(payload);
      }
    },
  };

  const client: FakeAppforgeClient = {
    supabase: overrides.supabase ?? (undefined as unknown as SupabaseClient<Database>),
    users: wrap('users'),
    apps: wrap('apps'),
    databases: wrap('databases'),
    apis: wrap('apis'),
    versions: wrap('versions'),
    runs: wrap('runs'),
    builder: wrap('builder'),
    bundles: wrap('bundles'),
    billing: wrap('billing'),
    customDomains: wrap('customDomains'),
    functions: wrap('functions'),
    auth: wrap('auth'),
    live: wrap('live'),
    apiKeys: wrap('apiKeys'),
    classes: wrap('classes'),
    appTests: wrap('appTests'),
    fake: controller,
  };
  if (!overrides.supabase) client.supabase = createFakeSupabase(client, controller);
  return client;
}

