import { describe, expect, it } from 'vitest';
import { createRedirectPolicy } from './redirects.js';

describe('redirect_to policy', () => {
  const development = createRedirectPolicy({
    siteUrl: 'https://app.example.com',
    additionalRedirectUrls: ['https://preview-*.example.net/**', 'https://partner.example.org/auth'],
    mode: 'development',
  });
  const production = createRedirectPolicy({
    siteUrl: 'https://app.example.com',
    additionalRedirectUrls: [],
    mode: 'production',
  });

  it('keeps targets on the site origin and on allow-listed URLs', () => {
    expect(development.resolve('https://app.example.com/welcome?x=1')).toBe('https://app.example.com/welcome?x=1');
    expect(development.resolve('https://preview-42.example.net/a/b')).toBe('https://preview-42.example.net/a/b');
    expect(development.resolve('https://partner.example.org/auth/callback')).toBe('https://partner.example.org/auth/callback');
  });

  it('falls back to the site URL for foreign, malformed and look-alike targets', () => {
    for (const target of [
      'https://evil.example.com/',
      'https://app.example.com.evil.com/',
      'https://app.example.com@evil.com/',
      'javascript:alert(1)',
      '//evil.example.com',
      'not a url',
      'https://partner.example.org/other',
      'https://preview-1.example.net.evil.com/',
    ]) {
      expect(development.resolve(target)).toBe('https://app.example.com');
    }
    expect(development.resolve(undefined)).toBe('https://app.example.com');
  });

  it('allows any localhost port only outside production', () => {
    expect(development.resolve('http://localhost:3000/cb')).toBe('http://localhost:3000/cb');
    expect(development.resolve('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173/');
    expect(production.resolve('http://localhost:3000/cb')).toBe('https://app.example.com');
  });

  it('does not trust other *.localhost names in development: locally those are custom domains (issue 26)', () => {
    expect(development.resolve('http://quiz.localhost:5173/')).toBe('https://app.example.com');
    expect(development.resolve('http://localhost.evil.com/')).toBe('https://app.example.com');
  });
});

describe('redirect_to policy and the platform hosts', () => {
  const platform = { platform: { appHost: 'appforge.example.com', schoolsHost: 'schools.example.com' } };
  const production = createRedirectPolicy({ siteUrl: 'https://appforge.example.com', additionalRedirectUrls: [], mode: 'production', domains: platform });
  const development = createRedirectPolicy({
    siteUrl: 'http://localhost:4173',
    additionalRedirectUrls: [],
    mode: 'development',
    domains: { platform: { appHost: 'localhost', schoolsHost: 'schools.localhost' } },
  });

  it('keeps APP_HOST and SCHOOLS_HOST targets (https in production, any port locally)', () => {
    expect(production.resolve('https://schools.example.com/my-classes')).toBe('https://schools.example.com/my-classes');
    expect(production.resolve('http://schools.example.com/my-classes')).toBe('https://appforge.example.com');
    expect(production.resolve('https://schools.example.com:8443/')).toBe('https://appforge.example.com');
    expect(development.resolve('http://schools.localhost:4173/my-classes')).toBe('http://schools.localhost:4173/my-classes');
  });
});

describe('redirect_to policy and custom domains (issues 18 and 26)', () => {
  const verified = new Set(['quiz.example.org', 'shop.partners.example.net']);
  const production = createRedirectPolicy(
    { siteUrl: 'https://app.example.com', additionalRedirectUrls: ['https://*.partners.example.net/**'], mode: 'production' },
    { has: (host) => verified.has(host) },
  );
  const handOver = (target: string) => `https://app.example.com/hand-over?to=${encodeURIComponent(target)}`;

  it('sends a verified custom domain (https only) through the platform’s hand-over page, never straight to it', () => {
    expect(production.resolve('https://quiz.example.org/deployed-app/1')).toBe(handOver('https://quiz.example.org/deployed-app/1'));
    expect(production.isHandOver(production.resolve('https://quiz.example.org/deployed-app/1'))).toBe(true);
    expect(production.isHandOverTarget('https://quiz.example.org/x')).toBe(true);
    expect(production.isHandOverTarget('https://app.example.com/x')).toBe(false);
    expect(production.isHandOver('https://app.example.com/deployed-app/1')).toBe(false);
    expect(production.resolve('http://quiz.example.org/')).toBe('https://app.example.com');
    expect(production.resolve('https://quiz.example.org:8443/')).toBe('https://app.example.com');
    expect(production.resolve('https://pending.example.org/')).toBe('https://app.example.com');
    expect(production.resolve('https://x.quiz.example.org/')).toBe('https://app.example.com');
  });

  it('an operator glob that happens to match a user’s verified domain does not make it trusted', () => {
    expect(production.resolve('https://shop.partners.example.net/cb')).toBe(handOver('https://shop.partners.example.net/cb'));
    expect(production.resolve('https://preview.partners.example.net/cb')).toBe('https://preview.partners.example.net/cb');
  });

  it('stops accepting a domain as soon as it is no longer verified', () => {
    verified.delete('quiz.example.org');
    expect(production.resolve('https://quiz.example.org/')).toBe('https://app.example.com');
  });
});
