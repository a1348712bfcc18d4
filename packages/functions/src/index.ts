import { addUser } from './add-user.ts';
import { deleteAccount } from './delete-account.ts';
import { getUserSchoolInfo } from './get-user-school-info.ts';
import type { FunctionRegistry } from './types.ts';

export { accessStatus, allowListKeys, intercomHmac } from './access.ts';
export type { UserStatus } from './access.ts';
export { addUser } from './add-user.ts';
export type { UserRow } from './add-user.ts';
export { deleteAccount } from './delete-account.ts';
export { callerFromAuthorization, createEdgeHandler, EDGE_CORS_HEADERS, edgeEnv } from './edge.ts';
export type { EdgeOptions } from './edge.ts';
export { getUserSchoolInfo } from './get-user-school-info.ts';
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
  'delete-account': deleteAccount,
  'get-user-school-info': getUserSchoolInfo,
});
