export { createAppforgeClient } from './client';
export { AppforgeError, isAppforgeError, isNotFound, messageOf, toAppforgeError } from './errors';
export type { AppforgeErrorInit } from './errors';
export { customDomainSchema, normaliseHost } from './custom-domains';
export { MAX_EMBED_ORIGINS, embedOriginSchema, embedOriginsSchema, isEmbedOrigin, parseEmbedOriginLines } from './embed';
export type { EmbedOriginsCheck } from './embed';
export type { CustomDomain, DomainScope, DomainTargetRef } from './custom-domains';
export {
  DEFAULT_ANONYMOUS_RUNS_PER_DAY,
  DEFAULT_CONFIG,
  DEFAULT_DESIGN,
  DEFAULT_PRICE,
  MAX_ANONYMOUS_RUNS_PER_DAY,
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
export { DEPLOY_REASON_MAX, deployReasonSchema } from './apps';
export { APP_ICONS_BUCKET, APP_ICON_RENDER_SIZE, appIconUrl } from './icon-url';
export type { IconUrlOptions } from './icon-url';
export { MAX_ALLOWED_HOSTS, allowedHostSchema, allowedHostsSchema, parseAllowedHostLines } from '@appforge/engine';
export type { AllowedHostsCheck } from '@appforge/engine';
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
  CAP_PERIOD_OPTIONS,
  CAP_SCOPE_OPTIONS,
  describeCap,
  parseCapRuns,
} from './bundle-rows';
export { normaliseAllowedEntry, parseAllowedList } from './allowed-list';
export type { ParsedAllowedList } from './allowed-list';
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
  PaidBundleOffer,
  PlanInfo,
  PlanLimitKey,
  PlanUsage,
  PurchaseRow,
  FlaggedSale,
  MySale,
  MySales,
  SalesRevenue,
  TestCheckoutSession,
  UsageCapInput,
  UsageCapRow,
} from './bundle-rows';
export { TEST_RESULT_STATUSES } from './app-tests';
export type { AppDeployRow, AppTestCaseRow, AppTestResultRow, AppTestResultStatus, AppTestRunRow, AppTestsApi, NewTestCase, TestCasePatch, TestRunEvent } from './app-tests';
export { EXPECTATION_KINDS, TEST_CASE_MODES, TEST_LIMITS } from '@appforge/engine';
export type { ExpectationInput, TestCaseMode } from '@appforge/engine';
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
  DeployGateCase,
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
  Passkey,
  Provider,
  RealtimeTransport,
  SchoolInfo,
  HandOverLink,
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
export type { LiveApi, LiveBroadcast, LiveChange, LiveSubscription, LiveTable } from './live';
// #14 databases feature: the grid's calls and the typed-value rules it shares with the database.
export { MAX_DELETE_ROWS, rowFilterSchema } from './database-data';
export { columnNameSchema } from './database-rows';
export type {
  BlockingStep,
  ColumnChange,
  DatabaseAppUse,
  DatabaseDataApi,
  DatabaseLimits,
  DatabaseRecord,
  DatabaseRowFilter,
  DatabaseRowsCount,
  DatabaseRowsPage,
  DatabaseRowsQuery,
  DatabaseRowsSlice,
  InsertRowsResult,
  RuleProblem,
  TableChange,
  TableChangeResult,
  TableRowCount,
} from './database-data';
export { DATABASE_FILTER_OPS, TYPE_NOUNS, convertValue, storedText, valueMatches, valueText } from './database-values';
export type { Converted, DatabaseFilterOp } from './database-values';

// ── Your APIs (issue 15) ──
export {
  API_AUTH_KINDS,
  API_METHODS,
  PARAMETER_LOCATIONS,
  PARAMETER_TYPES,
  apiInputSchema,
  apiStepsIn,
  endpointInputSchema,
} from './external-apis';
export type {
  ApiAuthKind,
  ApiDetail,
  ApiEndpointInfo,
  ApiImportPreview,
  ApiImportSource,
  ApiInput,
  ApiMethod,
  ApiPatch,
  ApiSecretMarker,
  ApiSummary,
  ApiTestResult,
  ApiUsage,
  EndpointInput,
  EndpointParameter,
  ExternalApisApi,
} from './external-apis';
// API keys and the public API (issue #16).
export { USAGE_DAYS, apiKeyStatus, entryInputs, usageSeries } from './api-keys';
export type {
  ApiInputField,
  ApiKeyStatus,
  ApiKeySummary,
  ApiKeyUsageDay,
  ApiKeysApi,
  AppApiAccess,
  CreateApiKeyInput,
  CreatedApiKey,
  TryAnswer,
} from './api-keys';
// Classrooms (issue 19).
export {
  DEFAULT_CLASS_CHECKS,
  JOIN_CODE_PATTERN,
  SAFETY_CATEGORIES,
  assignmentPatchSchema,
  classChecksSchema,
  classPatchSchema,
  createAssignmentSchema,
  createClassSchema,
  displayNameInClassSchema,
  normaliseJoinCode,
} from './classes';
// Issue 19: the teacher's live view token by token.
export { applyClassLiveMessage, classLiveChannel, classLiveMessageSchema } from './classes';
export type { ClassLiveMessage, ClassLiveOutput } from './classes';
export type {
  AssignableItem,
  AssignmentPatch,
  AssignmentRow,
  ClassChecks,
  ClassMemberRow,
  ClassPatch,
  ClassRow,
  ClassRunRow,
  ClassRunStep,
  ClassesApi,
  ClassJoinPreview,
  CreateAssignmentInput,
  CreateClassInput,
  JoinedClass,
  MyAssignment,
  MyClass,
  SafetyAlertRow,
  SafetyCategory,
} from './classes';
