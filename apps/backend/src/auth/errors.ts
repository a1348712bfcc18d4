import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A GoTrue API error: HTTP status, machine-readable `error_code` (supabase-wire §1.4) and a
 * message a person can act on. Rendered by {@link renderAuthError} in the shape the caller's
 * `X-Supabase-Api-Version` asks for.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthApiError';
  }
}

/** OAuth2-style error body `{error, error_description}` (e.g. refresh grant without a token). */
export class OAuthStyleError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthStyleError';
  }
}

export const API_VERSION = '2024-01-01';
const API_VERSION_DATE = Date.parse(`${API_VERSION}T00:00:00Z`);

/** True when the request asked for the 2024-01-01 (or newer) error format, as auth-js always does. */
export function wantsModernErrors(header: string | undefined): boolean {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header.trim())) return false;
  const parsed = Date.parse(`${header.trim()}T00:00:00Z`);
  return Number.isFinite(parsed) && parsed >= API_VERSION_DATE;
}

export function renderAuthError(c: Context, error: AuthApiError | OAuthStyleError, requestId?: string): Response {
  if (error instanceof OAuthStyleError) {
    return c.json({ error: error.error, error_description: error.description }, error.status);
  }
  c.header('x-sb-error-code', error.code);
  if (wantsModernErrors(c.req.header('x-supabase-api-version'))) {
    c.header('X-Supabase-Api-Version', API_VERSION);
    return c.json({ code: error.code, message: error.message, ...error.extra }, error.status);
  }
  const body: Record<string, unknown> = { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  if (error.status >= 500 && requestId) body.error_id = requestId;
  return c.json(body, error.status);
}

// The errors every route needs, worded as GoTrue words them.
export const errors = {
  badJson: (detail: string) => new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: (message: string, status: ContentfulStatusCode = 400) =>
    new AuthApiError(status, 'validation_failed', message),
  invalidCredentials: () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed'),
  userAlreadyExists: () => new AuthApiError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (minLength: number) =>
    new AuthApiError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  passwordTooLong: () => new AuthApiError(422, 'validation_failed', 'Password cannot be longer than 72 characters'),
  samePassword: () =>
    new AuthApiError(422, 'same_password', 'New password should be different from the old password.'),
  signupDisabled: () => new AuthApiError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  otpDisabled: () => new AuthApiError(422, 'otp_disabled', 'Signups not allowed for otp'),
  otpExpired: (link = false) =>
    new AuthApiError(403, 'otp_expired', link ? 'Email link is invalid or has expired' : 'Token has expired or is invalid'),
  noAuthorization: () => new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string, status: ContentfulStatusCode = 403) =>
    new AuthApiError(status, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  missingSub: () => new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  sessionNotFound: () =>
    new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: (status: ContentfulStatusCode = 403) => new AuthApiError(status, 'user_not_found', 'User not found'),
  userBanned: () => new AuthApiError(400, 'user_banned', 'User is banned'),
  notAdmin: () => new AuthApiError(403, 'not_admin', 'User not allowed'),
  refreshTokenNotFound: () =>
    new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshSessionNotFound: () =>
    new AuthApiError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
  sessionExpired: () => new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  flowStateNotFound: () =>
    new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () =>
    new AuthApiError(
      422,
      'flow_state_expired',
      'invalid flow state, flow state has expired',
    ),
  badCodeVerifier: () =>
    new AuthApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  requestRateLimit: () => new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailRateLimit: () => new AuthApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded'),
  emailFrequency: (seconds: number) =>
    new AuthApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  providerDisabled: (provider: string) =>
    new AuthApiError(400, 'provider_disabled', `Unsupported provider: provider ${provider} is not enabled`),
  unsupportedProvider: () => new AuthApiError(400, 'validation_failed', 'Unsupported provider: provider is not supported'),
  anonymousDisabled: () =>
    new AuthApiError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  insufficientAal: (message = 'AAL2 session is required to update email or password when MFA is enabled.') =>
    new AuthApiError(401, 'insufficient_aal', message),
  unexpected: () =>
    new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
} as const;
