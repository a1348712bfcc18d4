import { describe, expect, it } from 'vitest';
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

  it('refuses production without JWT_SECRET and SITE_URL, naming both', () => {
    expect(problems({ NODE_ENV: 'production' }).map((p) => p.name).sort()).toEqual(['JWT_SECRET', 'SITE_URL']);
  });

  it('refuses a short or public JWT_SECRET in production', () => {
    expect(problems({ NODE_ENV: 'production', SITE_URL: 'https://app.example', JWT_SECRET: 'short' })).toEqual([
      { name: 'JWT_SECRET', message: 'must be at least 32 characters' },
    ]);
    expect(
      problems({ NODE_ENV: 'production', SITE_URL: 'https://app.example', JWT_SECRET: DEV_JWT_SECRET })[0]?.message,
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
    const config = loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://app.example/', JWT_SECRET: goodSecret });
    expect(config.mode).toBe('production');
    expect(config.siteUrl).toBe('https://app.example');
  });
});
