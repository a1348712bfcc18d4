import { addUser } from './add-user.ts';
import { createAppFromDescription } from './create-app-from-description.ts';
import { deployApp } from './deploy-app.ts';
import { generateAppVersion } from './generate-app-version.ts';
import { runAppFunction } from './run-app.ts';
import { runAppTests } from './run-app-tests.ts';
import { deleteAccount } from './delete-account.ts';
import { getUserSchoolInfo } from './get-user-school-info.ts';
import type { FunctionRegistry } from './types.ts';
import { apiBaseUrlCheck, apiSecret, apiTestCall } from './api-functions.ts';
// API keys and the public API (issue #16).
import { apiFunction } from './api/handler.ts';
import { createApiKey, revokeApiKey, rotateApiKey } from './api/keys.ts';
import { allowedUsersFunction } from './billing/allowed-users.ts';
import { billingFunction } from './billing/billing.ts';
import { checkoutFunction } from './billing/checkout.ts';
import { stripeWebhookFunction } from './billing/stripe-webhook.ts';
import { testCheckoutFunction } from './billing/test-checkout.ts';
// Custom domains (issue 18).
import { domainAllowed } from './domains/domain-allowed.ts';
import { frameAncestorsFunction } from './domains/frame-ancestors.ts';
import { sharePageFunction } from './domains/share-page.ts';
import { manageDomain } from './domains/manage-domain.ts';
import { handOver } from './domains/hand-over.ts';
import { apiImportOpenapi } from './api-import.ts';
// Classrooms (issue 19).
import { classExportFunction } from './classes/class-export.ts';
import { joinClassFunction } from './classes/join-class.ts';

export { accessStatus, allowListKeys, intercomHmac } from './access.ts';
export type { UserStatus } from './access.ts';
export { addUser } from './add-user.ts';
// #17 bundles & payments: the entitlement + metering seam (run-app, and the public API of #16).
export { admitRun, recordRunUsage, runnerKey } from './billing/entitlements.ts';
export type { Admission, AdmissionRequest, Entitlement, Runner } from './billing/entitlements.ts';
export { normaliseEntry, MAX_ALLOWED_ENTRIES } from './billing/allowed-users.ts';
export { paymentsMode } from './billing/checkout.ts';
export type { PaymentsMode } from './billing/checkout.ts';
export type { UserRow } from './add-user.ts';
export { MAX_BODY_BYTES as AI_FUNCTION_MAX_BODY_BYTES } from './apps.ts';
export { createAppFromDescription } from './create-app-from-description.ts';
export { deleteAccount } from './delete-account.ts';
export { deployApp } from './deploy-app.ts';
export { callerFromAuthorization, createEdgeHandler, EDGE_CORS_HEADERS, edgeEnv, edgeTrustedProxies } from './edge.ts';
export { edgeModels } from './edge-models.ts';
export { generateAppVersion } from './generate-app-version.ts';
export type { EdgeConnectionInfo, EdgeOptions } from './edge.ts';
// Custom domains (issue 18): the handlers, the recurring re-check and the settings.
export { domainAllowed } from './domains/domain-allowed.ts';
export { FRAME_ANCESTORS_HEADER, frameAncestorsFunction } from './domains/frame-ancestors.ts';
export { sharePageFunction } from './domains/share-page.ts';
export { manageDomain, recordsFor } from './domains/manage-domain.ts';
export { HAND_OVER_RECEIVE_PATH, handOver } from './domains/hand-over.ts';
export type { HandOverAnswer } from './domains/hand-over.ts';
export type { DnsRecordToCreate, DomainTarget, DomainView } from './domains/manage-domain.ts';
export { recheckDomains } from './domains/lifecycle.ts';
export type { RecheckSummary } from './domains/lifecycle.ts';
export { DEVELOPMENT_DOMAINS, domainsConfigFrom } from './domains/config.ts';
export type { DomainsConfig } from './domains/config.ts';
export { parseCustomHost } from './domains/host.ts';
// The model catalogue a host puts into FunctionContext.models (so a host needs only this package).
export { createModelCatalogue } from '@appforge/models';
export type { ModelCatalogue, ModelCatalogueConfig } from '@appforge/models';
export { getUserSchoolInfo } from './get-user-school-info.ts';
export { APP_LIMIT_FACTOR } from './rate-limit.ts';
export { LIMIT_SCHEMA, LIMIT_TABLE, LIMIT_TABLE_SQL, memoryLimits, postgresLimits } from './limits.ts';
export type { LimitDecision, Limiter, LimitRule, Limits, LimitSqlClient } from './limits.ts';
export { runAppFunction } from './run-app.ts';
export { runAppTests } from './run-app-tests.ts';
export { modelJudge, STOPPED_TEST_RUN_MESSAGE, TEST_RUN_CONCURRENCY, TEST_RUN_IDLE_LIMIT_MINUTES } from './test-runs.ts';
export { clientAddress, NO_TRUSTED_PROXIES, parseTrustedProxies } from './client-address.ts';
export type { TrustedProxies } from './client-address.ts';
// ── Your APIs (issue 15) ──
export { apiBaseUrlCheck, apiSecret, apiTestCall, OUTBOUND_CALLS_PER_MINUTE } from './api-functions.ts';
export { apiImportOpenapi } from './api-import.ts';
export type { ImportPreview } from './api-import.ts';
export { DEV_SECRETS_KEY } from './api-secrets.ts';
export type { SecretKeys } from './api-secrets.ts';
export type { ApiCallEnv } from './api-call.ts';
export { DEFAULT_OUTBOUND_POLICY, DEFAULT_OUTBOUND_PORTS } from './outbound-policy.ts';
export type { OutboundPolicy } from './outbound-policy.ts';
// API keys and the public API (issue #16).
export { apiFunction, API_MAX_BODY_BYTES } from './api/handler.ts';
export { createApiKey, revokeApiKey, rotateApiKey, DEFAULT_RATE_LIMIT_PER_MINUTE } from './api/keys.ts';
export { API_KEY_PATTERN, generateApiKey, sha256Hex } from './api/key-secret.ts';
export { authenticateApiKey, forgetApiKey } from './api/key-auth.ts';
export { toolName } from './api/mcp.ts';
// Content checker of class runs (issue 19, teacher-safety): hosts build ctx.safety from it.
export { checkLocally, createContentChecker, createContentCheckerFromEnv, MAX_CHECKED_CHARS, SAFETY_CATEGORIES, safetyExcerpt } from './safety/index.ts';
export type { ContentChecker, ContentCheckerConfig, ContentCheckOptions, ContentVerdict, SafetyCategory, SafetyMatch } from './safety/index.ts';
// Classrooms (issue 19): the handlers, the class-run rules and the content checker's seam.
export { classExportFunction } from './classes/class-export.ts';
export { joinClassFunction, JOIN_CODE_TRIES, JOIN_PREVIEW_CODE_TRIES, JOIN_PREVIEW_TRIES, JOIN_TRIES } from './classes/join-class.ts';
export { admitClassRun, checkClassContent, textOf } from './classes/class-runs.ts';
export { schoolRoles } from './get-user-school-info.ts';
export { teacherDomains } from './edge.ts';
export type {
  FunctionCaller,
  FunctionContext,
  FunctionEnv,
  FunctionHandler,
  FunctionLogger,
  FunctionMetrics,
  FunctionMail,
  FunctionMailer,
  FunctionRegistry,
  PaymentsEnv,
} from './types.ts';

/** Every function by the name it is invoked with (`/functions/v1/<name>`). */
export const functions: FunctionRegistry = Object.freeze({
  'add-user': addUser,
  // Your APIs (issue 15)
  'api-base-url-check': apiBaseUrlCheck,
  'api-import-openapi': apiImportOpenapi,
  'api-secret': apiSecret,
  'api-test-call': apiTestCall,
  'create-app-from-description': createAppFromDescription,
  'delete-account': deleteAccount,
  'deploy-app': deployApp,
  'domain-allowed': domainAllowed,
  'frame-ancestors': frameAncestorsFunction,
  'generate-app-version': generateAppVersion,
  'get-user-school-info': getUserSchoolInfo,
  'manage-domain': manageDomain,
  // Issue 26: a platform session reaches a custom domain only after the person confirms.
  'hand-over': handOver,
  'run-app': runAppFunction,
  // Issue 28: Caddy serves the pages that preview when shared through this function in production.
  'share-page': sharePageFunction,
  // App tests (issue 30)
  'run-app-tests': runAppTests,
  // API keys and the public API (issue #16).
  api: apiFunction,
  'create-api-key': createApiKey,
  'revoke-api-key': revokeApiKey,
  'rotate-api-key': rotateApiKey,
  // #17 bundles & payments
  'allowed-users': allowedUsersFunction,
  billing: billingFunction,
  checkout: checkoutFunction,
  'stripe-webhook': stripeWebhookFunction,
  'test-checkout': testCheckoutFunction,
  // Classrooms (issue 19)
  'class-export': classExportFunction,
  'join-class': joinClassFunction,
});
