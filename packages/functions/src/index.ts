import { addUser } from './add-user.ts';
import { createAppFromDescription } from './create-app-from-description.ts';
import { deployApp } from './deploy-app.ts';
import { generateAppVersion } from './generate-app-version.ts';
import { runAppFunction } from './run-app.ts';
import { deleteAccount } from './delete-account.ts';
import { getUserSchoolInfo } from './get-user-school-info.ts';
import type { FunctionRegistry } from './types.ts';
// Custom domains (issue 18).
import { domainAllowed } from './domains/domain-allowed.ts';
import { manageDomain } from './domains/manage-domain.ts';

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
// Custom domains (issue 18): the handlers, the recurring re-check and the settings.
export { domainAllowed } from './domains/domain-allowed.ts';
export { manageDomain, recordsFor } from './domains/manage-domain.ts';
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
export { runAppFunction } from './run-app.ts';
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
  'domain-allowed': domainAllowed,
  'generate-app-version': generateAppVersion,
  'get-user-school-info': getUserSchoolInfo,
  'manage-domain': manageDomain,
  'run-app': runAppFunction,
});
