import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.js';

/** Request headers any of the services accept from a browser (supabase-wire §0.4, union). */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
  'authorization',
  'apikey',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-supabase-api-version',
  'x-retry-count',
  'x-use-cookie',
  'x-upsert',
  'x-metadata',
  'cache-control',
  'x-region',
  'x-request-id',
  'traceparent',
  'tracestate',
  'baggage',
];

/** Response headers the browser clients must be able to read. */
export const CORS_EXPOSED_HEADERS: readonly string[] = [
  'Content-Range',
  'Content-Location',
  'Location',
  'Range-Unit',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'x-relay-error',
  'Preference-Applied',
  'x-request-id',
];

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** The CORS headers every answer carries, for routes that write them themselves. */
export const CORS_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', '),
};

/**
 * Permissive CORS like the Supabase gateway: any origin, the union of every service's request
 * headers plus whatever the preflight asks for (apps send their own headers to functions).
 */
export function cors(): MiddlewareHandler<AppEnv> {
  const allowed = CORS_ALLOWED_HEADERS.join(', ');
  const exposed = CORS_EXPOSED_HEADERS.join(', ');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const requested = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== '' && TOKEN.test(name) && !CORS_ALLOWED_HEADERS.includes(name));
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': [allowed, ...requested].join(', '),
          'Access-Control-Expose-Headers': exposed,
          'Access-Control-Max-Age': '86400',
          'x-request-id': c.get('requestId'),
        },
      });
    }
    await next();
    if (c.get('gatewayHeadersSet') === true) return;
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', exposed);
  };
}
