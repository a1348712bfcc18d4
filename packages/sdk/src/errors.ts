// One error type for everything the SDK does: a stable code, a message a person can act on, the
// HTTP status when there was one, and the original error as `cause` for logs and error reports.
import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  PostgrestError,
  isAuthError,
  isAuthRetryableFetchError,
} from '@supabase/supabase-js';
import { z } from 'zod';

import { AppforgeError, FALLBACK_MESSAGE, NETWORK_MESSAGE, fromPostgrest, fromWebAuthnError, isNotFound, messageOf, networkError } from './auth-lite/appforge-error';

// The class, the network error and the PostgREST mapping are dependency-free and shared with the
// light sign-in client (`./auth-lite`), so an error from either client is the same AppforgeError.
export { AppforgeError, FALLBACK_MESSAGE, NETWORK_MESSAGE, fromPostgrest, isNotFound, messageOf };
export type { AppforgeErrorInit } from './auth-lite/appforge-error';

export function isAppforgeError(error: unknown): error is AppforgeError {
  return error instanceof AppforgeError;
}

const postgrestShape = z.object({
  message: z.string(),
  code: z.string(),
  details: z.string().nullable().optional(),
  hint: z.string().nullable().optional(),
});

/** The Response a functions-js error carries (duck-typed: fetch implementations differ). */
function responseOf(error: { context?: unknown }): Pick<Response, 'status' | 'clone'> | undefined {
  const context = error.context;
  if (typeof context !== 'object' || context === null) return undefined;
  const candidate = context as Partial<Response>;
  return typeof candidate.status === 'number' && typeof candidate.clone === 'function'
    ? (candidate as Pick<Response, 'status' | 'clone'>)
    : undefined;
}

const functionErrorBody = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  problems: z.array(z.unknown()).optional(),
  // The publish gate's refusal (deploy-app's `tests_failed`).
  failing: z.array(z.unknown()).optional(),
  warnings: z.array(z.unknown()).optional(),
  test_run_id: z.string().optional(),
});

/**
 * A functions-js error as an AppforgeError. An HTTP error's JSON body `{ code, message }` is
 * read (the handlers and the backend's function host answer that way); hence async.
 */
export async function fromFunctionsError(error: unknown): Promise<AppforgeError> {
  const response = error instanceof FunctionsHttpError ? responseOf(error) : undefined;
  if (response) {
    let body: unknown;
    try {
      body = await response.clone().json();
    } catch {
      body = undefined;
    }
    const parsed = functionErrorBody.safeParse(body);
    if (parsed.success) {
      const { code, message, problems, failing, warnings, test_run_id: testRunId } = parsed.data;
      const details = {
        ...(problems === undefined ? {} : { problems }),
        ...(failing === undefined ? {} : { failing }),
        ...(warnings === undefined ? {} : { warnings }),
        ...(testRunId === undefined ? {} : { test_run_id: testRunId }),
      };
      return new AppforgeError({ code, message, status: response.status, cause: error, ...(Object.keys(details).length === 0 ? {} : { details }) });
    }
    return new AppforgeError({
      code: 'function_error',
      message: `The server function failed (HTTP ${response.status}).`,
      status: response.status,
      cause: error,
    });
  }
  return toAppforgeError(error);
}

/**
 * Normalises anything thrown or returned by supabase-js (PostgrestError, AuthError, functions
 * errors), a network TypeError, or anything else into an AppforgeError. Synchronous: a
 * FunctionsHttpError's body is not read here (the SDK's own calls use fromFunctionsError).
 */
export function toAppforgeError(error: unknown): AppforgeError {
  if (error instanceof AppforgeError) return error;
  const webauthn = fromWebAuthnError(error);
  if (webauthn) return webauthn;
  if (isAuthError(error)) {
    if (isAuthRetryableFetchError(error) && error.status === 0) return networkError(error);
    const code = error.code ?? (error.name === 'AuthSessionMissingError' ? 'session_missing' : 'auth_error');
    return new AppforgeError({ code, message: error.message, status: error.status, cause: error });
  }
  if (error instanceof FunctionsFetchError) return networkError(error);
  if (error instanceof FunctionsRelayError) {
    const status = responseOf(error)?.status;
    return new AppforgeError({
      code: 'relay_error',
      message: 'The server could not run the function. Try again in a moment.',
      status,
      cause: error,
    });
  }
  if (error instanceof FunctionsHttpError) {
    const status = responseOf(error)?.status;
    return new AppforgeError({ code: 'function_error', message: 'The server function failed.', status, cause: error });
  }
  if (error instanceof PostgrestError) return fromPostgrest(error);
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return networkError(error);
  if (!(error instanceof Error)) {
    const shaped = postgrestShape.safeParse(error);
    if (shaped.success) return fromPostgrest(shaped.data);
  }
  return new AppforgeError({
    code: 'unknown_error',
    message: error instanceof Error && error.message !== '' ? error.message : 'Something went wrong.',
    cause: error,
  });
}
