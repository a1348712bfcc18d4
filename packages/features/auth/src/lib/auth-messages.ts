// The only user-facing words for e-mail code failures. The seed asks for silence on most of
// them (reported and logged only); a wrong or expired code, rate limiting and a server that
// cannot be reached get a message because a person cannot recover from them without knowing
// (see README).

/** What the SDK's AppforgeError carries, structurally (no import needed for a type test). */
export interface ErrorLike {
  readonly code?: unknown;
  readonly status?: unknown;
}

function codeOf(error: unknown): { code: string; status: number | undefined } {
  if (typeof error !== 'object' || error === null) return { code: '', status: undefined };
  const { code, status } = error as ErrorLike;
  return { code: typeof code === 'string' ? code : '', status: typeof status === 'number' ? status : undefined };
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute, then try again.';
export const WRONG_CODE_MESSAGE =
  'That code is not right or has expired. Check the newest e-mail from us, or go back to get a new code.';

export const UNREACHABLE_MESSAGE = 'Can’t reach Appforge right now. Check your connection and try again.';

/** The request never got an answer: no network, or the server is down or restarting. */
export function isUnreachable(error: unknown): boolean {
  const { code, status } = codeOf(error);
  return code === 'network_error' || status === 0 || status === 502 || status === 503 || status === 504;
}

export function isRateLimited(error: unknown): boolean {
  const { code, status } = codeOf(error);
  return status === 429 || code === 'over_request_rate_limit' || code === 'over_email_send_rate_limit';
}

/** Message for a failed code request (step 1): only rate limiting and an unreachable server are shown. */
export function codeRequestMessage(error: unknown): string | null {
  if (isUnreachable(error)) return UNREACHABLE_MESSAGE;
  return isRateLimited(error) ? RATE_LIMIT_MESSAGE : null;
}

/** Message for a failed code check (step 2): an unreachable server, rate limiting, or a wrong/expired code. */
export function codeCheckMessage(error: unknown): string | null {
  if (isUnreachable(error)) return UNREACHABLE_MESSAGE;
  if (isRateLimited(error)) return RATE_LIMIT_MESSAGE;
  const { code, status } = codeOf(error);
  if (code === 'otp_expired' || code === 'invalid_otp' || code === 'validation_failed' || status === 403) {
    return WRONG_CODE_MESSAGE;
  }
  return null;
}
