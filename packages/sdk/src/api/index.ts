export { API_OPERATIONS, createAppforgeApi } from './client';
export type { ApiAnswer, AppforgeApi, AppforgeApiOptions, RequestOptions } from './client';
export {
  API_ERROR_CODES,
  ApiAccessDisabledError,
  ApiConnectionError,
  AppNotFoundError,
  AppNotInScopeError,
  AppforgeApiError,
  InvalidApiKeyError,
  InvalidInputsError,
  InvalidPathError,
  InvalidRequestError,
  InvalidResponseError,
  InvalidVersionError,
  MethodNotAllowedError,
  NoCasesError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  RunFinishedError,
  RunNotFoundError,
  RunNotWaitingError,
  StreamInterruptedError,
  TestRunNotFoundError,
  TooManyCasesError,
  VersionNotFoundError,
} from './errors';
export type { ApiErrorCode, ApiFieldError } from './errors';
export type { ApiApp, ApiInput, ApiRun, ApiRunEvent, ApiRunStarted, ApiTestCaseResult, ApiTestRun, ApiTestRunVersion } from './schemas';
