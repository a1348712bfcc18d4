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

export interface AppforgeErrorInit {
  code: string;
  message: string;
  status?: number | undefined;
  cause?: unknown;
  /** Structured detail the UI may show, e.g. `{ problems }` of a refused deploy. */
  details?: unknown;
}

export class AppforgeError extends Error {
  override readonly name = 'AppforgeError';
  readonly code: string;
  readonly status?: number;
  override readonly cause?: unknown;
  readonly details?: unknown;

  constructor(init: AppforgeErrorInit) {
    super(init.message, { cause: init.cause });
    this.code = init.code;
    if (init.status !== undefined) this.status = init.status;
    this.cause = init.cause;
    if (init.details !== undefined) this.details = init.details;
  }
}

export function isAppforgeError(error: unknown): error is AppforgeError {
  return error instanceof AppforgeError;
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

function networkError(cause: unknown): AppforgeError {
  return new AppforgeError({ code: 'network_error', message: NETWORK_MESSAGE, status: 0, cause });
}

/** PostgREST / Postgres codes the product branches on, under names a reader understands. */
const POSTGREST_CODES: Readonly<Record<string, string>> = {
  PGRST116: 'not_found',
  PGRST301: 'invalid_jwt',
  PGRST303: 'jwt_expired',
  '42501': 'permission_denied',
  '22P02': 'invalid_input',
  '23505': 'conflict',
  '23502': 'constraint_violation',
  '23503': 'constraint_violation',
  '23514': 'constraint_violation',
};

const postgrestShape = z.object({
  message: z.string(),
  code: z.string(),
  details: z.string().nullable().optional(),
  hint: z.string().nullable().optional(),
});

/** A PostgREST failure (`{ error, status }` of a query result) as an AppforgeError. */
export function fromPostgrest(error: { message: string; code: string }, status?: number): AppforgeError {
  // postgrest-js reports a failed fetch as status 0 with a "TypeError: fetch failed" message.
  if (status === 0 || (error.code === '' && /^(TypeError|FetchError)\b/.test(error.message))) {
    return networkError(error);
  }
  const code = POSTGREST_CODES[error.code] ?? (error.code === '' ? 'unknown_error' : error.code);
  return new AppforgeError({ code, message: error.message, status, cause: error });
}

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
      const { code, message, problems } = parsed.data;
      return new AppforgeError({
        code,
        message,
        status: response.status,
        cause: error,
        ...(problems === undefined ? {} : { details: { problems } }),
      });
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
