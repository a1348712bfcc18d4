export { createFakeAppforgeClient } from './fake-client';
export type {
  FakeAppforgeClient,
  FakeAppforgeData,
  FakeAppforgeOverrides,
  FakeController,
  FakeFailures,
  FakeMethod,
  SentCode,
} from './fake-client';
export type { FakeAppsData, FakeDescription, FakeRun } from './fake-apps';
export type { FakeDatabasesData } from './fake-databases';
export type { FakeExternalApisData } from './fake-external-apis';
export { FAKE_API_BASE_URL } from './fake-api-keys';
export type { FakeApiKey, FakeApiKeysData } from './fake-api-keys';
export { makeOwnedDomain } from './fake-domains';
export type { FakeDomain, FakeDomainsData } from './fake-domains';
export type { FakeBundlesData } from './fake-bundles';
export {
  makeApp,
  makeBundle,
  makeCustomDomain,
  makeDatabase,
  makeDatabaseTable,
  makeExternalApi,
  makeExternalApiEndpoint,
  makeFactor,
  makeIdentity,
  makeRun,
  makeSession,
  makeSpec,
  makeUser,
  makeVersion,
  makeUserRow,
} from './factories';
// Classrooms (issue 19).
export { fakeJoinCode, makeClass, makeClassMember, makeClassRun, makeSafetyAlert } from './fake-classes';
export type { FakeClassesData } from './fake-classes';
