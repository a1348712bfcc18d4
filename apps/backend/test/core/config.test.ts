import { describe, expect, it } from 'vitest';
import { DEV_SECRETS_KEY } from '@appforge/functions';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from '../../src/env.js';

function problems(source: Record<string, string>): { name: string; message: string }[] {
  try {
    loadConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected a ConfigError');
}

const goodSecret = 'a-production-secret-that-is-long-enough-123';
const goodSecretsKey = 'a-production-secrets-key-that-is-long-enough-456';

describe('configuration', () => {
  it('starts in development with documented defaults and the dev secret', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'development',
      port: 54321,
      mailboxPort: 54324,
      dataDir: '.appforge/data',
      jwtSecret: DEV_JWT_SECRET,
      usingDevSecret: true,
      apiExternalUrl: 'http://127.0.0.1:54321',
      accessPolicy: 'open',
    });
  });

  it('lets JWT_SECRET win over the dev secret', () => {
    const config = loadConfig({ JWT_SECRET: goodSecret });
    expect(config.jwtSecret).toBe(goodSecret);
    expect(config.usingDevSecret).toBe(false);
  });

  it('refuses production without JWT_SECRET, SITE_URL and SECRETS_KEY, naming each', () => {
    expect(problems({ NODE_ENV: 'production' }).map((p) => p.name).sort()).toEqual(['JWT_SECRET', 'SECRETS_KEY', 'SITE_URL']);
  });

  it('refuses a short or public JWT_SECRET in production', () => {
    expect(problems({ NODE_ENV: 'production', SITE_URL: 'https://app.example', JWT_SECRET: 'short', SECRETS_KEY: goodSecretsKey })).toEqual([
      { name: 'JWT_SECRET', message: 'must be at least 32 characters' },
    ]);
    expect(
      problems({ NODE_ENV: 'production', SITE_URL: 'https://app.example', JWT_SECRET: DEV_JWT_SECRET, SECRETS_KEY: goodSecretsKey })[0]?.message,
    ).toContain('development secret');
  });

  it('names each malformed variable', () => {
    const found = problems({ BACKEND_PORT: 'eighty', DATABASE_URL: 'not a url', ACCESS_POLICY: 'everyone', GOOGLE_CLIENT_ID: 'id' });
    expect(found.map((p) => p.name).sort()).toEqual(['ACCESS_POLICY', 'BACKEND_PORT', 'DATABASE_URL']);
    expect(problems({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      { name: 'GOOGLE_CLIENT_SECRET', message: 'is required when GOOGLE_CLIENT_ID is set' },
    ]);
  });

  it('refuses allow-list entries that are neither an address nor an @domain', () => {
    expect(problems({ ACCESS_ALLOW_LIST: '@school.test, school.test, a@b.c, @' })).toEqual([
      { name: 'ACCESS_ALLOW_LIST', message: 'entries must be e-mail addresses or @domains; not: school.test, @' },
    ]);
    expect(loadConfig({ ACCESS_ALLOW_LIST: ' @School.test , A@B.c ' }).accessAllowList).toEqual(['@school.test', 'a@b.c']);
  });

  it('starts in production with a proper secret and site URL', () => {
    const config = loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://app.example/', JWT_SECRET: goodSecret, SECRETS_KEY: goodSecretsKey });
    expect(config.mode).toBe('production');
    expect(config.siteUrl).toBe('https://app.example');
  });

  // ── Your APIs (issue 15) ──
  it('refuses the public development secrets key and the loopback test hatch in production', () => {
    const production = { NODE_ENV: 'production', SITE_URL: 'https://app.example', JWT_SECRET: goodSecret };
    expect(problems({ ...production, SECRETS_KEY: DEV_SECRETS_KEY })).toEqual([{ name: 'SECRETS_KEY', message: 'is the public development key; set your own' }]);
    expect(problems({ ...production, SECRETS_KEY: goodSecretsKey, OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true' })).toEqual([
      { name: 'OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS', message: 'is for tests only and cannot be enabled in production' },
    ]);
    expect(problems({ SECRETS_KEY: 'short' })).toEqual([{ name: 'SECRETS_KEY', message: 'must be at least 32 characters' }]);
    expect(problems({ OUTBOUND_PORTS: '443,http' })[0]?.name).toBe('OUTBOUND_PORTS');
  });

  it('uses the documented development secrets key and the default ports outside production', () => {
    const config = loadConfig({ OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
    expect(config.apis.secretKeys.current).toBe(DEV_SECRETS_KEY);
    expect(config.apis.usingDevSecretsKey).toBe(true);
    expect(config.apis.outbound.allowedPorts).toEqual([80, 443, 8080, 8443]);
    expect(config.apis.outbound.allowLoopbackForTests).toBe(true);
    expect(loadConfig({ OUTBOUND_PORTS: '443, 9443', SECRETS_KEY_PREVIOUS: 'old-key-1,old-key-2' }).apis).toMatchObject({
      secretKeys: { previous: ['old-key-1', 'old-key-2'] },
      outbound: { allowedPorts: [443, 9443], allowLoopbackForTests: false },
    });
  });
});
