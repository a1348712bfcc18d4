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
export {
  makeCustomDomain,
  makeFactor,
  makeIdentity,
  makeSession,
  makeUser,
  makeUserRow,
} from './factories';
