export { createAppforgeClient } from './client';
export { AppforgeError, isAppforgeError, toAppforgeError } from './errors';
export type { AppforgeErrorInit } from './errors';
export { normaliseHost } from './custom-domains';
export { withoutTrailingHash } from './auth';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
export type {
  AddUserResult,
  AppforgeClient,
  AppforgeClientOptions,
  AppsApi,
  AssuranceLevel,
  AuthApi,
  AuthChangeEvent,
  BundlesApi,
  CustomDomainTarget,
  CustomDomainsApi,
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
} from './types';
