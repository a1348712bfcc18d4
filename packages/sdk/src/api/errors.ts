// One error class per error code of the public API (the `error.code` of its `{ error: { code,
// message } }` answers, listed by its OpenAPI document), and the client's own failures: the
// server out of reach, an answer that is not the API's, a stream cut before its end. All are
// AppforgeErrors, so `isAppforgeError` and `error.code` work as for the rest of the SDK.
import { AppforgeError } from '../auth-lite/appforge-error';

/** A field the API refused, with why (invalid_inputs). */
export interface ApiFieldError {
  field: string;
  code: string;
  message: string;
}

interface ApiErrorInit {
  code: string;
  message: string;
  /** The HTTP status; absent when no answer came (or the client refused before asking). */
  status?: number | undefined;
  fields?: readonly ApiFieldError[] | undefined;
  cause?: unknown;
}

/** Anything the public API client throws. `code` is the API's code (or the client's own). */
export class AppforgeApiError extends AppforgeError {
  /** The fields the API refused, for invalid_inputs; empty otherwise. */
  readonly fields: readonly ApiFieldError[];

  constructor(init: ApiErrorInit) {
    super({ code: init.code, message: init.message, status: init.status, cause: init.cause });
    this.fields = init.fields ?? [];
  }
}

/** 401: the key is missing, unknown, revoked or expired. */
export class InvalidApiKeyError extends AppforgeApiError {}
/** 403: the key may not call this app (it names other apps, or the app is someone else's). */
export class AppNotInScopeError extends AppforgeApiError {}
/** 403: the app's owner has not turned API access on. */
export class ApiAccessDisabledError extends AppforgeApiError {}
/** 404: no such app, or it is not deployed. */
export class AppNotFoundError extends AppforgeApiError {}
/** 404: no run with this id was started with this key. */
export class RunNotFoundError extends AppforgeApiError {}
/** 404: no test run with this id. */
export class TestRunNotFoundError extends AppforgeApiError {}
/** 404: the app has no such version. */
export class VersionNotFoundError extends AppforgeApiError {}
/** 404: the API has no such endpoint. */
export class NotFoundError extends AppforgeApiError {}
/** 400: an input is missing or of the wrong type; `fields` says which and why. */
export class InvalidInputsError extends AppforgeApiError {}
/** 400: the request is malformed (also refused by the client before sending). */
export class InvalidRequestError extends AppforgeApiError {}
/** 400: an id in the path is not valid percent-encoding. */
export class InvalidPathError extends AppforgeApiError {}
/** 405: the endpoint does not take this method. */
export class MethodNotAllowedError extends AppforgeApiError {}
/** 413: the request body is over 1 MB. */
export class PayloadTooLargeError extends AppforgeApiError {}
/** 409: the run has finished and cannot be continued. */
export class RunFinishedError extends AppforgeApiError {}
/** 409: the run waits for something else (inputs instead of a choice, or the reverse). */
export class RunNotWaitingError extends AppforgeApiError {}
/** 422: the version cannot run. */
export class InvalidVersionError extends AppforgeApiError {}
/** 422: the app has no test cases. */
export class NoCasesError extends AppforgeApiError {}
/** 400: the app has more test cases than one test run covers. */
export class TooManyCasesError extends AppforgeApiError {}

/** 429: the key started too many runs; try again after `retryAfter` seconds. */
export class RateLimitedError extends AppforgeApiError {
  /** Seconds to wait before trying again (the Retry-After header). */
  readonly retryAfter: number;

  constructor(init: ApiErrorInit & { retryAfter?: number | undefined }) {
    super(init);
    // The API always sends Retry-After; a minute is its window when a proxy drops the header.
    this.retryAfter = init.retryAfter ?? 60;
  }
}

/** The server could not be reached (wrong URL, server down, connection refused, offline). */
export class ApiConnectionError extends AppforgeApiError {}
/** The answer is not one the API gives (not JSON, or not the expected shape): usually a wrong URL. */
export class InvalidResponseError extends AppforgeApiError {}
/** A streamed run broke off before its `done` event. */
export class StreamInterruptedError extends AppforgeApiError {}

type ErrorClass = new (init: ApiErrorInit) => AppforgeApiError;

/**
 * The class of each error code the API answers with. The served OpenAPI document lists the same
 * codes (test/api-client.test.ts checks both ways), so a new code cannot go unnoticed.
 */
export const API_ERROR_CLASSES = {
  invalid_api_key: InvalidApiKeyError,
  app_not_in_scope: AppNotInScopeError,
  api_access_disabled: ApiAccessDisabledError,
  app_not_found: AppNotFoundError,
  run_not_found: RunNotFoundError,
  test_run_not_found: TestRunNotFoundError,
  version_not_found: VersionNotFoundError,
  not_found: NotFoundError,
  invalid_inputs: InvalidInputsError,
  invalid_request: InvalidRequestError,
  invalid_path: InvalidPathError,
  method_not_allowed: MethodNotAllowedError,
  payload_too_large: PayloadTooLargeError,
  run_finished: RunFinishedError,
  run_not_waiting: RunNotWaitingError,
  invalid_version: InvalidVersionError,
  no_cases: NoCasesError,
  too_many_cases: TooManyCasesError,
  rate_limited: RateLimitedError,
} as const satisfies Record<string, ErrorClass>;

export type ApiErrorCode = keyof typeof API_ERROR_CLASSES;

export const API_ERROR_CODES = Object.keys(API_ERROR_CLASSES) as ApiErrorCode[];

function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERROR_CLASSES, code);
}

/** The error for an API refusal: its code's class, or AppforgeApiError for a code this version does not know. */
export function apiErrorFor(init: ApiErrorInit & { retryAfter?: number | undefined }): AppforgeApiError {
  if (init.code === 'rate_limited') return new RateLimitedError(init);
  return isApiErrorCode(init.code) ? new API_ERROR_CLASSES[init.code](init) : new AppforgeApiError(init);
}
