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
export type { FakeBundlesData } from './fake-bundles';
export {
  makeApp,
  makeBundle,
  makeCustomDomain,
  makeDatabase,
  makeDatabaseTable,
  makeFactor,
  makeIdentity,
  makeRun,
  makeSession,
  makeSpec,
  makeUser,
  makeVersion,
  makeUserRow,
} from './factories';
