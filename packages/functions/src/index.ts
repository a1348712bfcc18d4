import { addUser } from './add-user.ts';
import { createAppFromDescription } from './create-app-from-description.ts';
import { deployApp } from './deploy-app.ts';
import { generateAppVersion } from './generate-app-version.ts';
import { runAppFunction } from './run-app.ts';
import { deleteAccount } from './delete-account.ts';
import { getUserSchoolInfo } from './get-user-school-info.ts';
import type { FunctionRegistry } from './types.ts';
import { apiSecret, apiTestCall } from './api-functions.ts';
import { apiImportOpenapi } from './api-import.ts';

export { accessStatus, allowListKeys, intercomHmac } from './access.ts';
export type { UserStatus } from './access.ts';
export { addUser } from './add-user.ts';
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
// ── Your APIs (issue 15) ──
export { apiSecret, apiTestCall } from './api-functions.ts';
export { apiImportOpenapi } from './api-import.ts';
export type { ImportPreview } from './api-import.ts';
export { DEV_SECRETS_KEY } from './api-secrets.ts';
export type { SecretKeys } from './api-secrets.ts';
export type { ApiCallEnv } from './api-call.ts';
export { DEFAULT_OUTBOUND_POLICY, DEFAULT_OUTBOUND_PORTS } from './outbound-policy.ts';
export type { OutboundPolicy } from './outbound-policy.ts';
export type {
  FunctionCaller,
  FunctionContext,
  FunctionEnv,
  FunctionHandler,
  FunctionLogger,
  FunctionRegistry,
} from './types.ts';

/** Every function by the name it is invoked with (`/functions/v1/<name>`). */
export const functions: FunctionRegistry = Object.freeze({
  'add-user': addUser,
  // Your APIs (issue 15)
  'api-import-openapi': apiImportOpenapi,
  'api-secret': apiSecret,
  'api-test-call': apiTestCall,
  'create-app-from-description': createAppFromDescription,
  'delete-account': deleteAccount,
  'deploy-app': deployApp,
  'generate-app-version': generateAppVersion,
  'get-user-school-info': getUserSchoolInfo,
  'run-app': runAppFunction,
});
