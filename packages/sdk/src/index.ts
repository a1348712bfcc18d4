export { createAppforgeClient } from './client';
export { AppforgeError, isAppforgeError, toAppforgeError } from './errors';
export type { AppforgeErrorInit } from './errors';
export { normaliseHost } from './custom-domains';
export {
  DEFAULT_CONFIG,
  DEFAULT_DESIGN,
  DEFAULT_PRICE,
  appConfigSchema,
  appDesignSchema,
  appPriceSchema,
  appVisibilitySchema,
} from './app-rows';
export type {
  AppConfig,
  AppDesign,
  AppDetail,
  AppPrice,
  AppSummary,
  AppVersionRow,
  AppVersionSource,
  AppVisibility,
  PublicApp,
} from './app-rows';
export { APP_ICONS_BUCKET } from './apps';
export {
  DATABASE_COLUMN_TYPES,
  MAX_DATABASE_COLUMNS,
  createDatabaseInputSchema,
  databaseColumnSchema,
  databaseColumnsSchema,
  databaseNameSchema,
  databasePatchSchema,
  tableNameSchema,
} from './database-rows';
export type {
  CreateDatabaseInput,
  DatabaseColumn,
  DatabaseColumnType,
  DatabaseDetail,
  DatabasePatch,
  DatabaseSummary,
  DatabaseTableInfo,
  NewDatabaseTable,
} from './database-rows';
// #17 bundles & plans
export {
  CURRENCIES,
  MAX_PRICE_MAJOR,
  amountToCents,
  centsToAmount,
  describePrice,
  formatMoney,
  minorDigits,
  parsePriceInput,
  priceInputOf,
} from './money';
export type { Currency, PriceInput } from './money';
export {
  MAX_ALLOWED_USERS_PER_ADD,
  PLAN_LIMIT_KEYS,
  bundleNameSchema,
  bundlePatchSchema,
} from './bundle-rows';
export type {
  Access,
  AddAllowedUsersResult,
  AllowedItem,
  AllowedUserRow,
  BundleAppEntry,
  BundleDetail,
  BundlePage,
  BundlePatch,
  BundleSummary,
  CheckoutStart,
  MyPlan,
  PlanInfo,
  PlanLimitKey,
  PlanUsage,
  PurchaseRow,
  TestCheckoutSession,
  UsageCapInput,
  UsageCapRow,
} from './bundle-rows';
export { TERMINAL_RUN_EVENTS } from './run-events';
export type { RunStreamEvent } from './run-events';
export { withoutTrailingHash } from './auth';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
export type {
  AddUserResult,
  AppPatch,
  AppRunStatus,
  AppRunStepRow,
  AppRunSummary,
  AppSort,
  AppforgeClient,
  AppforgeClientOptions,
  AppsApi,
  BuilderApi,
  BuilderStreamEvent,
  CreateDraftInput,
  CreateFromDescriptionResult,
  DeployResult,
  GenerateVersionOptions,
  ListMyAppsParams,
  ListRunsParams,
  RunContinueOptions,
  RunStartOptions,
  RunsApi,
  AssuranceLevel,
  AuthApi,
  AuthChangeEvent,
  BillingApi,
  BundlesApi,
  CustomDomainTarget,
  CustomDomainsApi,
  DatabasesApi,
  EnsureUserResult,
  Factor,
  FunctionsApi,
  Provider,
  RealtimeTransport,
  SchoolInfo,
  Session,
  SignOutScope,
  TotpEnrollment,
  User,
  UserIdentity,
  UserPlan,
  UserRow,
  UserStatus,
  UsersApi,
  VersionsApi,
} from './types';
