import { addUser } from './add-user.ts';
import { createAppFromDescription } from './create-app-from-description.ts';
import { deployApp } from './deploy-app.ts';
import { generateAppVersion } from './generate-app-version.ts';
import { runAppFunction } from './run-app.ts';
import { deleteAccount } from './delete-account.ts';
import { getUserSchoolInfo } from './get-user-school-info.ts';
import type { FunctionRegistry } from './types.ts';
import { allowedUsersFunction } from './billing/allowed-users.ts';
import { billingFunction } from './billing/billing.ts';
import { checkoutFunction } from './billing/checkout.ts';
import { stripeWebhookFunction } from './billing/stripe-webhook.ts';
import { testCheckoutFunction } from './billing/test-checkout.ts';

export { accessStatus, allowListKeys, intercomHmac } from './access.ts';
export type { UserStatus } from './access.ts';
export { addUser } from './add-user.ts';
// #17 bundles & payments: the entitlement + metering seam (run-app, and the public API of #16).
export { admitRun, recordRunUsage, runnerKey } from './billing/entitlements.ts';
export type { Admission, AdmissionRequest, Entitlement, Runner } from './billing/entitlements.ts';
export { normaliseEntry, MAX_ALLOWED_ENTRIES } from './billing/allowed-users.ts';
export { paymentsMode } from './billing/checkout.ts';
export type { PaymentsMode } from './billing/checkout.ts';

/** Functions called by outside services that send no Supabase JWT (verify_jwt = false). */
export const FUNCTIONS_WITHOUT_JWT: readonly string[] = Object.freeze(['stripe-webhook']);
export type { UserRow } from './add-user.ts';
export { MAX_BODY_BYTES as AI_FUNCTION_MAX_BODY_BYTES } from './apps.ts';
export { createAppFromDescription } from './create-app-from-description.ts';
export { deleteAccount } from './delete-account.ts';
export { deployApp } from './deploy-app.ts';
export { callerFromAuthorization, createEdgeHandler, EDGE_CORS_HEADERS, edgeEnv } from './edge.ts';
export { edgeModels } from './edge-models.ts';
export { generateAppVersion } from './generate-app-version.ts';
export type { EdgeOptions } from './edge.ts';
// The model catalogue a host puts into FunctionContext.models (so a host needs only this package).
export { createModelCatalogue } from '@appforge/models';
export type { ModelCatalogue, ModelCatalogueConfig } from '@appforge/models';
export { getUserSchoolInfo } from './get-user-school-info.ts';
export { APP_LIMIT_FACTOR } from './rate-limit.ts';
export { runAppFunction } from './run-app.ts';
export type {
  FunctionCaller,
  FunctionContext,
  FunctionEnv,
  FunctionHandler,
  FunctionLogger,
  FunctionMail,
  FunctionMailer,
  FunctionRegistry,
  PaymentsEnv,
} from './types.ts';

/** Every function by the name it is invoked with (`/functions/v1/<name>`). */
export const functions: FunctionRegistry = Object.freeze({
  'add-user': addUser,
  'create-app-from-description': createAppFromDescription,
  'delete-account': deleteAccount,
  'deploy-app': deployApp,
  'generate-app-version': generateAppVersion,
  'get-user-school-info': getUserSchoolInfo,
  'run-app': runAppFunction,
  // #17 bundles & payments
  'allowed-users': allowedUsersFunction,
  billing: billingFunction,
  checkout: checkoutFunction,
  'stripe-webhook': stripeWebhookFunction,
  'test-checkout': testCheckoutFunction,
});
