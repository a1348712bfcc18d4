import { describe, expect, it } from 'vitest';
import { isEmbedOrigin, parseEmbedOriginLines } from './embed';

describe('sites allowed to embed an app (issue 28)', () => {
  it('accepts https origins, wildcard subdomains and loopback http; normalises case and a trailing slash', () => {
    expect(parseEmbedOriginLines(' https://Blog.Example.com/ \n\nhttps://*.school.example\nhttp://embedder.localhost:4173\nhttps://blog.example.com')).toEqual({
      ok: true,
      origins: ['https://blog.example.com', 'https://*.school.example', 'http://embedder.localhost:4173'],
    });
  });

  it.each([
    ['https://a.com; script-src *', /no spaces, commas, semicolons or quotes/],
    ["'self'", /no spaces, commas, semicolons or quotes/],
    ['javascript:alert(1)', /Start the address with https:\/\//],
    ['http://evil.com', /Use https:\/\//],
    ['https://a.com/page', /without a path/],
    ['*', /Start the address with https:\/\//],
  ])('refuses %s with a message that says what to do', (line, message) => {
    const result = parseEmbedOriginLines(`https://ok.example\n${line}`);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(/^Line 2: /);
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('refuses more than 20 sites', () => {
    const lines = Array.from({ length: 21 }, (_, index) => `https://s${index}.example`).join('\n');
    expect(parseEmbedOriginLines(lines)).toEqual({ ok: false, message: 'At most 20 sites; this list has 21.' });
  });

  it('agrees with the database on what a bare origin is', () => {
    expect(isEmbedOrigin('https://a.com')).toBe(true);
    expect(isEmbedOrigin('https://A.com')).toBe(false);
    expect(isEmbedOrigin('https://a.com https://b.com')).toBe(false);
    expect(isEmbedOrigin('http://127.0.0.1:4173')).toBe(true);
  });
});
