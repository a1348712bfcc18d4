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
    expect(development.resolve('http://school.localhost:5173/')).toBe('http://school.localhost:5173/');
    expect(production.resolve('http://localhost:3000/cb')).toBe('https://app.example.com');
  });
});

describe('redirect_to policy and custom domains (issue 18)', () => {
  const verified = new Set(['quiz.example.org']);
  const production = createRedirectPolicy(
    { siteUrl: 'https://app.example.com', additionalRedirectUrls: [], mode: 'production' },
    { has: (host) => verified.has(host) },
  );

  it('accepts a verified custom domain over https, and nothing else', () => {
    expect(production.resolve('https://quiz.example.org/deployed-app/1')).toBe('https://quiz.example.org/deployed-app/1');
    expect(production.resolve('http://quiz.example.org/')).toBe('https://app.example.com');
    expect(production.resolve('https://quiz.example.org:8443/')).toBe('https://app.example.com');
    expect(production.resolve('https://pending.example.org/')).toBe('https://app.example.com');
    expect(production.resolve('https://x.quiz.example.org/')).toBe('https://app.example.com');
  });

  it('stops accepting a domain as soon as it is no longer verified', () => {
    verified.delete('quiz.example.org');
    expect(production.resolve('https://quiz.example.org/')).toBe('https://app.example.com');
  });
});
