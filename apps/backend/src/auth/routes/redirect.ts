import type { Context } from 'hono';
import type { AuthApiError } from '../errors.js';

const OAUTH_ERROR: Record<string, string> = {
  otp_expired: 'access_denied',
  flow_state_not_found: 'invalid_request',
  flow_state_expired: 'invalid_request',
  identity_already_exists: 'invalid_request',
  user_banned: 'access_denied',
  signup_disabled: 'access_denied',
};

/** 302/303 to the redirect target with the session in the fragment (implicit flow). */
export function redirectWithSession(c: Context, target: string, fragment: string, status: 302 | 303): Response {
  const url = new URL(target);
  url.hash = fragment;
  return c.redirect(url.href, status);
}

/**
 * Errors of browser-redirect endpoints go into the redirect URL (supabase-wire §1.3): always in
 * the fragment, and in the query too for PKCE flows.
 */
export function redirectWithError(c: Context, target: string, error: AuthApiError, pkce: boolean, status: 302 | 303): Response {
  const url = new URL(target);
  const params = new URLSearchParams({
    error: OAUTH_ERROR[error.code] ?? (error.status >= 500 ? 'server_error' : 'invalid_request'),
    error_code: error.code,
    error_description: error.message,
  });
  if (pkce) for (const [key, value] of params) url.searchParams.set(key, value);
  params.set('sb', '');
  url.hash = params.toString();
  return c.redirect(url.href, status);
}
