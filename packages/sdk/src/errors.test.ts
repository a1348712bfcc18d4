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
import { AppforgeError, fromFunctionsError, fromPostgrest, isNotFound, messageOf, toAppforgeError } from './errors';

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

  it('never shows the database\'s own wording: permission, RLS, constraint and JWT errors read as sentences', () => {
    const raw = [
      { code: '42501', message: 'permission denied for table ApiEndpoint' },
      { code: '42501', message: 'new row violates row-level security policy for table "App"' },
      { code: '42501', message: 'permission denied for schema private' },
      { code: '23505', message: 'duplicate key value violates unique constraint "App_name_key"' },
      { code: '23503', message: 'insert or update on table "BundleApp" violates foreign key constraint "BundleApp_app_id_fkey"' },
      { code: '23502', message: 'null value in column "name" of relation "Api" violates not-null constraint' },
      { code: '23514', message: 'new row for relation "Api" violates check constraint "Api_name_check"' },
      { code: '22P02', message: 'invalid input syntax for type uuid: "x\'; drop table App;--"' },
      { code: 'PGRST303', message: 'JWT expired' },
      { code: 'PGRST204', message: "Could not find the 'nope' column of 'App' in the schema cache" },
    ];
    for (const error of raw) {
      const mapped = fromPostgrest(error, 403);
      expect(mapped.message).not.toMatch(/permission denied|violates|constraint|relation|syntax|JWT|schema cache|ApiEndpoint|"App"/i);
      expect(mapped.message).toMatch(/^[A-Z].*\.$/);
      expect(mapped.cause).toBe(error);
    }
    expect(fromPostgrest({ code: '42501', message: 'permission denied for table ApiEndpoint' }, 403)).toMatchObject({
      code: 'permission_denied',
      message: expect.stringMatching(/don’t have permission/),
    });
    expect(toAppforgeError(new PostgrestError({ message: 'permission denied for table Api', details: '', hint: '', code: '42501' })).message).toMatch(
      /don’t have permission/,
    );
  });

  it('keeps the sentences our own database rules raise, even under a permission or constraint code', () => {
    expect(fromPostgrest({ code: '42501', message: 'Only the class\'s teacher can renew its join code.' }).message).toBe(
      'Only the class\'s teacher can renew its join code.',
    );
    expect(fromPostgrest({ code: '23514', message: 'A bundle holds at most 50 apps.' }).message).toBe('A bundle holds at most 50 apps.');
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

describe('messageOf and isNotFound: one wording for every screen', () => {
  it('shows an error’s own words, and a general line when it has none', () => {
    expect(messageOf(new AppforgeError({ code: 'quota', message: 'You have used all your runs this month.' }))).toBe('You have used all your runs this month.');
    expect(messageOf(new Error('The file is too large.'))).toBe('The file is too large.');
    expect(messageOf('No network.')).toBe('No network.');
    expect(messageOf(new Error('   '))).toBe('Something went wrong. Please try again.');
    expect(messageOf(undefined)).toBe('Something went wrong. Please try again.');
    expect(messageOf({ message: 'not an error' })).toBe('Something went wrong. Please try again.');
  });

  it('treats a 404, not_found and any *_not_found code as not found, and nothing else', () => {
    expect(isNotFound(new AppforgeError({ code: 'not_found', message: 'Gone.' }))).toBe(true);
    expect(isNotFound(new AppforgeError({ code: 'app_not_found', message: 'Gone.' }))).toBe(true);
    expect(isNotFound(new AppforgeError({ code: 'function_error', message: 'x', status: 404 }))).toBe(true);
    expect(isNotFound(new AppforgeError({ code: 'network_error', message: 'Offline.', status: 0 }))).toBe(false);
    expect(isNotFound(new Error('not_found'))).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});
