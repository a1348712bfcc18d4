import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { callerFromAuthorization, createEdgeHandler, edgeEnv } from './edge.ts';
import type { FunctionContext } from './types.ts';

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature-checked-by-the-gateway`;
}

// The handlers below never touch the client; the Edge entry points pass a real service-role one.
const unusedClient = {} as SupabaseClient;
const env = { accessPolicy: 'open' as const, accessAllowList: [], intercomSecret: undefined, runRateLimitPerMinute: 30 };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('Edge Function adapter', () => {
  it('reads the signed-in caller from the bearer token', () => {
    expect(
      callerFromAuthorization(`Bearer ${token({ sub: 'u-1', role: 'authenticated', email: 'ada@example.org' })}`),
    ).toMatchObject({ id: 'u-1', email: 'ada@example.org', role: 'authenticated' });
    expect(callerFromAuthorization(`Bearer ${token({ role: 'service_role' })}`)).toMatchObject({
      id: null,
      role: 'service_role',
    });
  });

  it('treats anon keys, new-style keys and garbage as no caller', () => {
    expect(callerFromAuthorization(`Bearer ${token({ role: 'anon' })}`)).toBeNull();
    expect(callerFromAuthorization('Bearer sb_publishable_abc123')).toBeNull();
    expect(callerFromAuthorization('Bearer a.%%%.c')).toBeNull();
    expect(callerFromAuthorization(`Bearer x.${Buffer.from('"just a string"').toString('base64url')}.y`)).toBeNull();
    expect(callerFromAuthorization(null)).toBeNull();
    expect(callerFromAuthorization(`Bearer ${token({ role: 'authenticated' })}`)).toBeNull();
  });

  it('answers preflight, adds CORS to every answer and hides a thrown error', async () => {
    let seen: FunctionContext | undefined;
    const ok = createEdgeHandler(
      (_req, ctx) => {
        seen = ctx;
        return Promise.resolve(Response.json({ fine: true }, { status: 202 }));
      },
      { supabase: unusedClient, env, log: quiet },
    );
    const preflight = await ok(new Request('https://x.supabase.co/add-user', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info');

    const answered = await ok(
      new Request('https://x.supabase.co/add-user', {
        method: 'POST',
        headers: { authorization: `Bearer ${token({ sub: 'u-2', role: 'authenticated' })}` },
      }),
    );
    expect(answered.status).toBe(202);
    expect(answered.headers.get('access-control-allow-origin')).toBe('*');
    expect(seen?.caller?.id).toBe('u-2');

    const failing = createEdgeHandler(() => Promise.reject(new Error('secret stack detail')), {
      supabase: unusedClient,
      env,
      log: quiet,
    });
    const failed = await failing(new Request('https://x.supabase.co/add-user', { method: 'POST' }));
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({ code: 'function_error', message: 'The function failed' });
    expect(text).not.toContain('secret');
  });

  it('reads the access settings from function secrets', () => {
    const secrets: Record<string, string> = { ACCESS_POLICY: 'invite', ACCESS_ALLOW_LIST: ' @School.test ,a@b.c,', INTERCOM_SECRET: '' };
    const { domains, ...rest } = edgeEnv((name) => secrets[name]);
    // Without SECRETS_KEY and SITE_URL there are no API calls and nothing can be bought.
    expect(rest).toEqual({
      accessPolicy: 'invite',
      accessAllowList: ['@school.test', 'a@b.c'],
      intercomSecret: undefined,
      runRateLimitPerMinute: 30,
    });
    // Hosted functions are production: no *.localhost shortcut for custom domains.
    expect(domains?.platform.development).toBe(false);
    expect(edgeEnv(() => undefined).accessPolicy).toBe('open');
  });

  it('reads TEACHER_EMAIL_DOMAINS as lower-case domains, dropping what is not a domain (issue 19)', () => {
    const env = edgeEnv((name) => ({ TEACHER_EMAIL_DOMAINS: ' School.EDU, @staff.example ,not a domain,,x@y.z' })[name]);
    expect(env.teacherEmailDomains).toEqual(['school.edu', 'staff.example']);
    expect(edgeEnv(() => undefined).teacherEmailDomains).toBeUndefined();
  });

  it('reads the payment and API-call settings from function secrets, each on its own', () => {
    const payments = edgeEnv((name) => ({ SITE_URL: 'https://appforge.example/', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })[name]);
    expect(payments.payments).toEqual({ siteUrl: 'https://appforge.example', testCheckout: false, stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1' } });
    expect(payments.apis).toBeUndefined();
    const apis = edgeEnv((name) => ({ SECRETS_KEY: 'k'.repeat(32) })[name]);
    expect(apis.apis?.secretKeys.current).toBe('k'.repeat(32));
    expect(apis.apis?.outbound.allowLoopbackForTests).toBe(false);
    expect(apis.payments).toBeUndefined();
  });
});
