import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  PostgrestError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { AppforgeError, fromFunctionsError, fromPostgrest, toAppforgeError } from './errors';

describe('toAppforgeError', () => {
  it("keeps the code of auth-js's WebAuthnError (a cancelled or refused browser ceremony, #20)", () => {
    // auth-js's WebAuthnError as it wraps the browser's NotAllowedError.
    const refused = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      __isWebAuthnError: true,
    });
    const mapped = toAppforgeError(refused);
    expect(mapped).toMatchObject({ code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', message: 'The operation either timed out or was not allowed.' });
    expect(mapped.cause).toBe(refused);
    expect(toAppforgeError(new Error('plain')).code).toBe('unknown_error');
  });

  it('keeps an AppforgeError as it is', () => {
    const error = new AppforgeError({ code: 'not_found', message: 'Gone', status: 404 });
    expect(toAppforgeError(error)).toBe(error);
  });

  it('takes code, status and message from an AuthError', () => {
    const cause = new AuthApiError('Token has expired or is invalid', 403, 'otp_expired');
    expect(toAppforgeError(cause)).toMatchObject({
      code: 'otp_expired',
      status: 403,
      message: 'Token has expired or is invalid',
      cause,
    });
    expect(toAppforgeError(new AuthSessionMissingError()).code).toBe('session_missing');
  });

  it('calls an auth request that never reached the server a network error, but a 503 a server error', () => {
    expect(toAppforgeError(new AuthRetryableFetchError('fetch failed', 0))).toMatchObject({ code: 'network_error', status: 0 });
    expect(toAppforgeError(new AuthRetryableFetchError('Service Unavailable', 503)).status).toBe(503);
  });

  it('maps PostgREST and Postgres codes to readable ones and keeps unknown codes', () => {
    const single = new PostgrestError({ message: 'Cannot coerce the result to a single JSON object', details: '', hint: '', code: 'PGRST116' });
    expect(toAppforgeError(single).code).toBe('not_found');
    expect(fromPostgrest({ code: '42501', message: 'permission denied for table App' }, 401)).toMatchObject({
      code: 'permission_denied',
      status: 401,
    });
    expect(fromPostgrest({ code: 'PGRST999', message: 'odd' }).code).toBe('PGRST999');
    // Issue 26: the database refuses giving someone else's paid app to a class with PT402.
    expect(fromPostgrest({ code: 'PT402', message: 'Tax quiz is paid and not yours: buy it first to give it to your class, or pick a free app.' }, 402)).toMatchObject({
      code: 'payment_required',
      status: 402,
      message: 'Tax quiz is paid and not yours: buy it first to give it to your class, or pick a free app.',
    });
    // A plain PostgREST error object (as postgrest-js returns it) is recognised too.
    expect(toAppforgeError({ code: '23505', message: 'duplicate key', details: null, hint: null }).code).toBe('conflict');
  });

  it('treats postgrest-js\'s status-0 fetch failure and a bare fetch TypeError as network errors', () => {
    expect(fromPostgrest({ code: '', message: 'TypeError: fetch failed' }, 0).code).toBe('network_error');
    expect(toAppforgeError(new TypeError('fetch failed')).code).toBe('network_error');
    expect(toAppforgeError(new TypeError('Failed to fetch')).code).toBe('network_error');
  });

  it('names functions-js failures: fetch, relay and HTTP', () => {
    expect(toAppforgeError(new FunctionsFetchError(new TypeError('fetch failed'))).code).toBe('network_error');
    expect(toAppforgeError(new FunctionsRelayError(new Response('', { status: 502 })))).toMatchObject({
      code: 'relay_error',
      status: 502,
    });
    expect(toAppforgeError(new FunctionsHttpError(new Response('', { status: 500 })))).toMatchObject({
      code: 'function_error',
      status: 500,
    });
  });

  it('falls back to unknown_error with the original message, or a generic one', () => {
    expect(toAppforgeError(new Error('boom'))).toMatchObject({ code: 'unknown_error', message: 'boom' });
    expect(toAppforgeError('a string')).toMatchObject({ code: 'unknown_error', message: 'Something went wrong.' });
    expect(toAppforgeError(null).code).toBe('unknown_error');
  });
});

describe('fromFunctionsError', () => {
  it('reads { code, message } from a function\'s JSON error body', async () => {
    const response = Response.json({ code: 'invalid_body', message: 'referral_app_id must be a UUID' }, { status: 400 });
    expect(await fromFunctionsError(new FunctionsHttpError(response))).toMatchObject({
      code: 'invalid_body',
      message: 'referral_app_id must be a UUID',
      status: 400,
    });
  });

  it('keeps a generic function_error when the body is not that shape', async () => {
    const html = new Response('<h1>Bad gateway</h1>', { status: 502 });
    expect(await fromFunctionsError(new FunctionsHttpError(html))).toMatchObject({ code: 'function_error', status: 502 });
    const wrongShape = Response.json({ error: 'nope' }, { status: 418 });
    expect(await fromFunctionsError(new FunctionsHttpError(wrongShape))).toMatchObject({ code: 'function_error', status: 418 });
  });
});
