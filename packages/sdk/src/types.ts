// The SDK's public types: what the client is made of and what its calls return.
import type { ExternalApisApi } from './external-apis';
import type { ApiKeysApi } from './api-keys';
import type { AppTestsApi } from './app-tests';
import type { ClassesApi } from './classes';
import type { CustomDomainsApi } from './custom-domains';

export type { CustomDomainTarget, CustomDomainsApi } from './custom-domains';
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
import type { AppSpec, AppSpecInput } from '@appforge/engine';
import type {
  AppConfig,
  AppDesign,
  AppDetail,
  AppPrice,
  AppSummary,
  AppVersionRow,
  AppVisibility,
  PublicApp,
} from './app-rows';
import type { CreateDatabaseInput, DatabaseDetail, DatabasePatch, DatabaseSummary } from './database-rows';
import type { LiveApi } from './live';
import type { DatabaseDataApi } from './database-data';
import type {
  Access,
  AddAllowedUsersResult,
  AllowedItem,
  AllowedUserRow,
  BundleDetail,
  BundlePage,
  BundlePatch,
  BundleSummary,
  CheckoutStart,
  FlaggedSale,
  MySales,
  MyPlan,
  PaidBundleOffer,
  TestCheckoutSession,
  UsageCapInput,
  UsageCapRow,
} from './bundle-rows';
import type { Database, Tables } from './database.types';
import type { RunsApi } from './run-types';

export type { AppRunStatus, AppRunStepRow, AppRunSummary, ListRunsParams, RunContinueOptions, RunStartOptions, RunsApi } from './run-types';

export type { AuthChangeEvent, Factor, Provider, Session, User, UserIdentity };

export type UserStatus = 'allowed' | 'pending' | 'blocked';
export type UserPlan = 'free' | 'pro';

/** The caller's own public."User" row. */
export type UserRow = Omit<Tables<'User'>, 'status' | 'plan'> & { status: UserStatus; plan: UserPlan };

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

/** One of the signed-in person's passkeys (auth-js `PasskeyListItem`, #20). */
export interface Passkey {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
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
  /**
   * App icons as Storage image renderings (192 px squares) rather than the uploads themselves.
   * Off by default: the embedded backend has image transformations, a hosted Supabase project
   * only on its paid plans.
   */
  imageTransformations?: boolean;
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

export type AppSort = 'updated' | 'name' | 'created';

export interface ListMyAppsParams {
  /** Matches the name or description (case-insensitive). */
  search?: string;
  sort?: AppSort;
}

export interface AppPatch {
  name?: string;
  description?: string | null;
  visibility?: AppVisibility;
  design?: AppDesign;
  config?: AppConfig;
  price?: AppPrice;
  icon_path?: string | null;
  draft_version_id?: string;
  /** Issue 28: embedding on other sites, and the sites (bare origins) that may frame the app. */
  embed_enabled?: boolean;
  embed_origins?: string[];
}

export interface CreateFromDescriptionResult {
  app_id: string;
  /** The new app's draft; null only when an app made earlier from this description has none. */
  version_id: string | null;
  offline: boolean;
  model_label: string;
}

/** A test case that did not pass when a version was deployed (the publish gate, issue 30). */
export interface DeployGateCase {
  case_id: string;
  name: string;
  mode: 'must_pass' | 'warn_only';
  status: string;
  reason: string | null;
  /** The version's output for the case (absent where it was not kept). */
  output?: string | null;
}

export interface DeployResult {
  deployed_version_id: string;
  number: number;
  /** The test run the gate made; null when the app has no test cases. */
  test_run: { id: string; passed: number; failed: number; needs_update: number } | null;
  /** Warn-only cases that did not pass: shown, never blocking. */
  warnings: DeployGateCase[];
  /** Deployed anyway, with a reason, although a must-pass case failed. */
  overridden: boolean;
}

export interface AppsApi {
  getName(appId: string): Promise<string>;
  /** The icon's public URL for the branded sign-in (seed §7.1; #18), or null when it has none. */
  getSignInIcon(appId: string): Promise<string | null>;
  listMine(params?: ListMyAppsParams): Promise<AppSummary[]>;
  /** The owner's view (`not_found` for anyone else). */
  get(appId: string): Promise<AppDetail>;
  /** What a visitor may see: public columns and the deployed version's spec. */
  getPublic(appId: string): Promise<PublicApp>;
  update(appId: string, patch: AppPatch): Promise<AppDetail>;
  remove(appId: string): Promise<void>;
  uploadIcon(appId: string, file: Blob): Promise<{ icon_path: string; icon_url: string }>;
  iconUrl(iconPath: string | null): string | null;
  /** Anyone, signed in or not; the id is chosen by the client. 1–4000 characters. */
  createDescription(text: string): Promise<{ id: string }>;
  createFromDescription(
    input: { appDescriptionId: string } | { description: string },
  ): Promise<CreateFromDescriptionResult>;
  /**
   * Runs the app's test cases on the version and deploys it when every must-pass case passes.
   * Otherwise `tests_failed` (409) with `details.failing`, `details.warnings` and
   * `details.test_run_id`; `overrideReason` (1–1000 characters) deploys anyway and is kept.
   */
  deploy(appId: string, versionId: string, options?: { overrideReason?: string }): Promise<DeployResult>;
  /**
   * Links the app to one of the caller's databases, or unlinks it (null). Someone else's database
   * is refused by the database (`permission_denied`, 403); nothing changes.
   */
  linkDatabase(appId: string, databaseId: string | null): Promise<AppDetail>;
}

/** The databases of the signed-in person; the grid's calls come from DatabaseDataApi (database-data.ts). */
export interface DatabasesApi extends DatabaseDataApi {
  /** The caller's databases, most recently changed first, each with its number of tables. */
  listMine(): Promise<DatabaseSummary[]>;
  /** One of the caller's databases with its tables in order (`not_found` for anyone else's). */
  get(databaseId: string): Promise<DatabaseDetail>;
  /** Creates a database and, optionally, its first tables. */
  create(input: CreateDatabaseInput): Promise<DatabaseDetail>;
  update(databaseId: string, patch: DatabasePatch): Promise<DatabaseDetail>;
  /** Deletes the database, its tables and rows; apps that used it are unlinked. */
  remove(databaseId: string): Promise<void>;
}

export interface CreateDraftInput {
  appId: string;
  spec: AppSpec | AppSpecInput;
  parentVersionId?: string;
  source?: 'manual';
  changeSummary?: string;
}

export interface VersionsApi {
  /** Newest first. */
  list(appId: string): Promise<AppVersionRow[]>;
  get(versionId: string): Promise<AppVersionRow>;
  createDraft(input: CreateDraftInput): Promise<AppVersionRow>;
  /** A frozen (deployed) version answers `version_frozen` (409). */
  updateSpec(versionId: string, spec: AppSpec | AppSpecInput, options?: { changeSummary?: string }): Promise<AppVersionRow>;
  /** Copies a version into a new draft (its parent) and makes it the app's draft. */
  changeVersion(appId: string, versionId: string): Promise<AppVersionRow>;
  restore(appId: string, versionId: string): Promise<AppVersionRow>;
  /**
   * The app's editable draft, made first when it has none (a copy of the live version, which
   * becomes the app's draft): the one click behind "Edit steps". Calling it again answers the same
   * draft. Only the app's owner may: anyone else gets `not_found` and nothing changes.
   */
  openDraft(appId: string): Promise<AppVersionRow>;
}

export type BuilderStreamEvent =
  | { type: 'progress'; stage: string; message: string }
  | { type: 'version'; version_id: string; number: number; change_summary: string }
  | { type: 'error'; code: string; message: string };

export interface GenerateVersionOptions {
  appId: string;
  /** The version the change starts from (sent as base_version_id). */
  versionId: string;
  message: string;
  signal?: AbortSignal;
}

export interface BuilderApi {
  generateVersion(options: GenerateVersionOptions): AsyncIterable<BuilderStreamEvent>;
}

export interface BundlesApi {
  getName(bundleId: string): Promise<string>;
  /** The icon of the bundle's first deployed app, for the branded sign-in (#18), or null. */
  getSignInIcon(bundleId: string): Promise<string | null>;
  // #17 bundles ----------------------------------------------------------------------------------
  listMine(): Promise<BundleSummary[]>;
  /** The owner's view; someone else's bundle is not_found. */
  get(bundleId: string): Promise<BundleDetail>;
  /** The public bundle page (no sign-in needed): its deployed apps, price and the caller's access. */
  page(bundleId: string): Promise<BundlePage>;
  create(input: { name: string; description?: string | null }): Promise<BundleDetail>;
  update(bundleId: string, patch: BundlePatch): Promise<BundleDetail>;
  remove(bundleId: string): Promise<void>;
  /** The bundle's apps, in this order (apps left out are removed from it). */
  setApps(bundleId: string, appIds: string[]): Promise<BundleDetail>;
  allowedUsers(item: AllowedItem): Promise<AllowedUserRow[]>;
  /** Adds e-mail addresses or @domains (at most 10,000), each new address gets an invitation. */
  addAllowedUsers(item: AllowedItem, entries: string[]): Promise<AddAllowedUsersResult>;
  removeAllowedUser(id: string): Promise<void>;
  /** Run caps the owner set on a bundle or app ("each person 20 times a day"). */
  caps(item: AllowedItem): Promise<UsageCapRow[]>;
  /** Sets the cap of this scope and period (replacing the one there was). */
  setCap(item: AllowedItem, cap: UsageCapInput): Promise<UsageCapRow>;
  removeCap(id: string): Promise<void>;
}

/** #17: access, checkout and the person's plan. */
export interface BillingApi {
  access(kind: 'app' | 'bundle', id: string): Promise<Access>;
  /** The paid bundles holding a deployed app that the caller may buy (invite-only ones never show). */
  paidBundlesOf(appId: string): Promise<PaidBundleOffer[]>;
  /** Where to pay: Stripe Checkout, or the development test checkout. */
  checkout(input: { item_kind: 'app' | 'bundle' | 'plan'; item_id: string; return_path: string }): Promise<CheckoutStart>;
  testCheckout(sessionId: string): Promise<TestCheckoutSession>;
  /** Completes (no money moves) or cancels a test checkout; resolves to where the browser goes next. */
  finishTestCheckout(sessionId: string, action: 'complete' | 'cancel'): Promise<string>;
  managePurchase(purchaseId: string, action: 'portal' | 'cancel'): Promise<{ url?: string | undefined; cancel_at_period_end?: boolean | undefined }>;
  myPlan(): Promise<MyPlan>;
  /**
   * Sales of the caller's apps and bundles whose paid amount or currency disagreed with the price
   * (newest first): the buyer kept access; refund through the payment provider if it was wrong.
   */
  flaggedSales(): Promise<FlaggedSale[]>;
  /**
   * The caller's sales of their apps and bundles (or of one bundle): the latest ones, newest first
   * (50 unless `limit`, at most 200), and revenue, sale, refund and buyer figures over all of them.
   * Buyers are numbers, never names or e-mails; test sales are listed but kept out of the figures.
   */
  mySales(options?: { bundleId?: string; limit?: number }): Promise<MySales>;
}

export interface FunctionsApi {
  addUser(body: { referral_app_id?: string | null }): Promise<AddUserResult>;
  getUserSchoolInfo(): Promise<SchoolInfo>;
  deleteAccount(): Promise<void>;
  /** Issue 26: a one-time sign-in link for a verified custom domain (see AuthApi.handOver). */
  handOver(to: string): Promise<HandOverLink>;
}

/** Where the browser goes to be signed in on a custom domain (a one-time token in the fragment). */
export interface HandOverLink {
  url: string;
  host: string;
}

export interface AuthApi {
  sendEmailCode(email: string, options?: { redirectTo?: string }): Promise<void>;
  verifyEmailCode(email: string, token: string): Promise<Session>;
  /** Starts a third-party sign-in; in a browser it navigates away. Returns the provider's URL. */
  signInWithProvider(provider: Provider, redirectTo: string): Promise<{ url: string }>;
  /**
   * Issue 26: after the signed-in person confirmed on the platform's own host, a one-time link
   * that signs them in on the custom domain `to` (its own session; the platform's stays here).
   */
  handOver(to: string): Promise<HandOverLink>;
  /** On the custom domain: exchanges the hand-over's one-time token for a session there. */
  verifyHandOver(tokenHash: string): Promise<Session>;
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
  // Passkeys and WebAuthn MFA (#20): the browser's WebAuthn ceremony through auth-js.
  /** Signs in with a passkey the browser offers (no e-mail needed). */
  signInWithPasskey(): Promise<Session>;
  listPasskeys(): Promise<Passkey[]>;
  /** Creates a passkey for the signed-in person (the browser asks their authenticator). */
  registerPasskey(): Promise<Passkey>;
  deletePasskey(passkeyId: string): Promise<void>;
  /** Enrols a security key or this device as a second factor; the session becomes aal2. */
  enrollWebauthn(friendlyName: string): Promise<void>;
  /** The second-factor step with a WebAuthn factor; the session becomes aal2. */
  verifyWebauthn(factorId: string): Promise<void>;
}

export interface AppforgeClient {
  supabase: SupabaseClient<Database>;
  users: UsersApi;
  apps: AppsApi;
  databases: DatabasesApi;
  /** Your APIs (issue 15): external HTTP APIs, their secrets and the test console. */
  apis: ExternalApisApi;
  versions: VersionsApi;
  runs: RunsApi;
  builder: BuilderApi;
  bundles: BundlesApi;
  billing: BillingApi;
  customDomains: CustomDomainsApi;
  functions: FunctionsApi;
  auth: AuthApi;
  /** Live changes of apps, versions and runs (Supabase Realtime). */
  live: LiveApi;
  /** API keys and apps' API access (issue #16). */
  apiKeys: ApiKeysApi;
  /** Classrooms (issue 19): teachers' classes, rosters, assignments, class runs, alerts; students' classes. */
  classes: ClassesApi;
  /** App tests (issue 30): test cases per app, test runs of a version and their results. */
  appTests: AppTestsApi;
}
