import { addUser } from './add-user.ts';
import { createAppFromDescription } from './create-app-from-description.ts';
import { deployApp } from './deploy-app.ts';
import { generateAppVersion } from './generate-app-version.ts';
import { runAppFunction } from './run-app.ts';
import { deleteAccount } from './delete-account.ts';
import { getUserSchoolInfo } from './get-user-school-info.ts';
import type { FunctionRegistry } from './types.ts';
// API keys and the public API (issue #16).
import { apiFunction } from './api/handler.ts';
import { createApiKey, revokeApiKey, rotateApiKey } from './api/keys.ts';

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
// API keys and the public API (issue #16).
export { apiFunction, API_MAX_BODY_BYTES } from './api/handler.ts';
export { createApiKey, revokeApiKey, rotateApiKey, DEFAULT_RATE_LIMIT_PER_MINUTE } from './api/keys.ts';
export { API_KEY_PATTERN, generateApiKey, sha256Hex } from './api/key-secret.ts';
export { authenticateApiKey, forgetApiKey } from './api/key-auth.ts';
export { toolName } from './api/mcp.ts';

/** Functions deployed with JWT verification off: they check their own credentials (API keys). */
export const PUBLIC_FUNCTIONS: ReadonlySet<string> = new Set(['api']);
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
  'create-app-from-description': createAppFromDescription,
  'delete-account': deleteAccount,
  'deploy-app': deployApp,
  'generate-app-version': generateAppVersion,
  'get-user-school-info': getUserSchoolInfo,
  'run-app': runAppFunction,
  // API keys and the public API (issue #16).
  api: apiFunction,
  'create-api-key': createApiKey,
  'revoke-api-key': revokeApiKey,
  'rotate-api-key': rotateApiKey,
});
