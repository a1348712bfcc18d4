// The dependency-free core of the SDK's one error type. It lives here, away from errors.ts,
// because errors.ts imports supabase-js (for its error classes) and zod (for response shapes),
// and the sign-in path must load neither. errors.ts re-exports the class and the PostgREST
// mapping from here, so both clients throw the very same AppforgeError.

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

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export function networkError(cause: unknown): AppforgeError {
  return new AppforgeError({ code: 'network_error', message: NETWORK_MESSAGE, status: 0, cause });
}

/** PostgREST / Postgres codes the product branches on, under names a reader understands. */
export const POSTGREST_CODES: Readonly<Record<string, string>> = {
  PGRST116: 'not_found',
  PGRST301: 'invalid_jwt',
  PGRST303: 'jwt_expired',
  '42501': 'permission_denied',
  '22P02': 'invalid_input',
  '23505': 'conflict',
  '23502': 'constraint_violation',
  '23503': 'constraint_violation',
  '23514': 'constraint_violation',
  // Raised by the database for a paid item the caller has no right to (e.g. assigning another
  // creator's paid app to a class, issue 26): the same code run-app answers with.
  PT402: 'payment_required',
};

/**
 * Sentences for Postgres' and PostgREST's own wording ("permission denied for table ApiEndpoint",
 * "duplicate key value violates unique constraint …"), which names tables and constraints and tells
 * a person nothing they can act on. Each entry matches the code AND the server's wording, so the
 * sentences our migrations raise themselves (`raise exception 'Only the class''s teacher can renew
 * its join code.' using errcode = '42501'`) are already written for people and pass through.
 */
const RAW_WORDING: readonly { codes: readonly string[]; raw: RegExp; words: string }[] = [
  {
    codes: ['42501'],
    raw: /^permission denied\b|row-level security/i,
    words: 'You don’t have permission to make this change. Reload the page and try again; if it keeps happening, contact support.',
  },
  { codes: ['PGRST301', 'PGRST302', 'PGRST303'], raw: /./, words: 'Your session has ended. Sign in again to continue.' },
  { codes: ['PGRST116'], raw: /^(JSON object requested|Cannot coerce)/i, words: 'This could not be found. It may have been deleted.' },
  { codes: ['23505'], raw: /^duplicate key value/i, words: 'Something with this name or value already exists. Choose another and try again.' },
  { codes: ['23503'], raw: /foreign key constraint/i, words: 'This refers to something that no longer exists. Reload the page and try again.' },
  { codes: ['23502'], raw: /not-null constraint/i, words: 'A required value is missing. Fill it in and try again.' },
  { codes: ['23514'], raw: /violates check constraint/i, words: 'A value you entered is not allowed here. Check it and try again.' },
  { codes: ['22P02', '22007', '22008', '22003'], raw: /invalid input|out of range|date\/time/i, words: 'A value you entered is not in the expected format. Check it and try again.' },
  { codes: ['22001'], raw: /^value too long/i, words: 'A value you entered is too long. Shorten it and try again.' },
  { codes: ['57014'], raw: /statement timeout|canceling statement/i, words: 'The server took too long to answer. Try again in a moment.' },
  {
    codes: ['42P01', '42703', '42883', 'PGRST200', 'PGRST202', 'PGRST204', 'PGRST205'],
    raw: /./,
    words: 'The server did not understand this request; this page may be out of date. Reload the page and try again.',
  },
];

/** The message a person sees for a PostgREST / Postgres error: its own words, or ours for the server's raw wording. */
export function wordsForPostgrest(error: { message: string; code: string }): string {
  const known = RAW_WORDING.find((entry) => entry.codes.includes(error.code) && entry.raw.test(error.message));
  if (known) return known.words;
  return error.message === '' ? 'Something went wrong. Try again in a moment.' : error.message;
}

/** A PostgREST failure (`{ error, status }` of a query result) as an AppforgeError. */
export function fromPostgrest(error: { message: string; code: string }, status?: number): AppforgeError {
  // postgrest-js reports a failed fetch as status 0 with a "TypeError: fetch failed" message.
  if (status === 0 || (error.code === '' && /^(TypeError|FetchError)\b/.test(error.message))) {
    return networkError(error);
  }
  const code = POSTGREST_CODES[error.code] ?? (error.code === '' ? 'unknown_error' : error.code);
  // The server's own wording stays in `cause` for logs and error reports.
  return new AppforgeError({ code, message: wordsForPostgrest(error), status, cause: error });
}

/** Host names are case-insensitive and stored lower-case without a port or trailing dot. */
export function normaliseHost(host: string): string {
  const trimmed = host.trim().toLowerCase().replace(/\.$/, '');
  return trimmed.startsWith('[') ? trimmed : trimmed.replace(/:\d+$/, '');
}

/** The seed: social sign-in redirects back to the current address without a trailing '#'. */
export function withoutTrailingHash(url: string): string {
  return url.replace(/#$/, '');
}

/**
 * auth-js's WebAuthnError (the browser refused or the person cancelled, #20) as an AppforgeError
 * that keeps its code (e.g. ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY for NotAllowedError); undefined
 * for anything else.
 */
export function fromWebAuthnError(error: unknown): AppforgeError | undefined {
  if (!(error instanceof Error) || (error as { __isWebAuthnError?: unknown }).__isWebAuthnError !== true) return undefined;
  const code = (error as { code?: unknown }).code;
  return new AppforgeError({ code: typeof code === 'string' ? code : 'webauthn_error', message: error.message, cause: error });
}

/** What a screen says when a failure carries no words of its own. */
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The words to show for a failure: an AppforgeError's message (written for people), another
 * error's message, a thrown string, or a general line. The one copy every screen uses (issue 29).
 */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return FALLBACK_MESSAGE;
}

/** True when the thing asked for does not exist, or is hidden from this person (RLS looks the same). */
export function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return status === 404 || code === 'not_found' || (typeof code === 'string' && code.endsWith('_not_found'));
}
