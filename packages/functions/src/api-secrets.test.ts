import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, lastFour, SecretUnreadableError } from './api-secrets.ts';
import { MASK, prepareCall, scrub, selectJsonPath } from './api-call.ts';
import type { ApiRow, EndpointRow } from './api-call.ts';

const KEY = 'current-key-0123456789-0123456789-abc';
const OLD = 'previous-key-0123456789-0123456789-xyz';
const API = '6f1c1d2e-0000-4000-8000-000000000001';

describe('secrets at rest (AES-256-GCM)', () => {
  it('round-trips, and the ciphertext shows nothing of the secret', () => {
    const sealed = encryptSecret('hunter2-secret-value', API, { current: KEY, previous: [] });
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('hunter2');
    expect(decryptSecret(sealed, API, { current: KEY, previous: [] })).toEqual({ plain: 'hunter2-secret-value', stale: false });
    expect(encryptSecret('hunter2-secret-value', API, { current: KEY, previous: [] })).not.toBe(sealed);
  });

  it('a ciphertext moved onto another API, tampered with, or under an unknown key does not decrypt', () => {
    const sealed = encryptSecret('hunter2-secret-value', API, { current: KEY, previous: [] });
    expect(() => decryptSecret(sealed, '6f1c1d2e-0000-4000-8000-000000000002', { current: KEY, previous: [] })).toThrow(SecretUnreadableError);
    const parts = sealed.split('.');
    const flipped = [...parts.slice(0, 4), `${parts[4]?.startsWith('A') ? 'B' : 'A'}${parts[4]?.slice(1) ?? ''}`].join('.');
    expect(() => decryptSecret(flipped, API, { current: KEY, previous: [] })).toThrow(/could not be decrypted/);
    expect(() => decryptSecret(sealed, API, { current: OLD, previous: [] })).toThrow(/no longer has/);
  });

  it('rotation: a secret sealed under a previous key still opens and is reported stale', () => {
    const sealed = encryptSecret('rotate-me-please', API, { current: OLD, previous: [] });
    expect(decryptSecret(sealed, API, { current: KEY, previous: [OLD] })).toEqual({ plain: 'rotate-me-please', stale: true });
  });

  it('shows at most the last 4 characters, and none of a short secret', () => {
    expect(lastFour('sk-live-abcdefgh1234')).toBe('1234');
    expect(lastFour('abcdefgh')).toBe('gh');
    expect(lastFour('abc')).toBe('');
  });
});

const api: ApiRow = { id: API, owner_id: 'o', name: 'Weather', base_url: 'https://api.weather.test/v1/', auth_kind: 'query', auth_name: 'key', timeout_ms: 5000 };
const endpoint: EndpointRow = {
  id: 'e',
  api_id: API,
  name: 'Forecast',
  method: 'POST',
  path: '/forecast/{city}',
  parameters: [
    { name: 'city', in: 'path', required: true },
    { name: 'days', in: 'query', type: 'integer' },
    { name: 'note', in: 'body', type: 'string' },
  ],
  body_template: '',
  response_path: '$.days[0].max',
};

describe('building a call', () => {
  it('puts each parameter where it goes and masks the secret in the URL and curl', () => {
    const call = prepareCall(api, endpoint, { city: 'São Paulo', days: '3', note: 'say "hi"' }, 'SECRET-KEY-1234');
    expect(call.url).toBe('https://api.weather.test/v1/forecast/S%C3%A3o%20Paulo?days=3&key=SECRET-KEY-1234');
    expect(call.body).toBe('{"note":"say \\"hi\\""}');
    expect(call.maskedUrl).not.toContain('SECRET');
    expect(call.curl).not.toContain('SECRET');
    expect(call.curl).toContain(`key=${encodeURIComponent(MASK)}`);
  });

  it('refuses an unknown parameter, a missing one, a wrong type and a missing secret', () => {
    expect(() => prepareCall(api, endpoint, { city: 'x', town: 'y' }, 's')).toThrow('Forecast has no parameter town.');
    expect(() => prepareCall(api, endpoint, {}, 's')).toThrow('Forecast needs the parameter city.');
    expect(() => prepareCall(api, endpoint, { city: 'x', days: '2.5' }, 's')).toThrow('must be a whole number');
    expect(() => prepareCall(api, endpoint, { city: 'x' }, null)).toThrow('Weather needs its secret');
  });

  it('a body template gets JSON-escaped values, so a quote cannot break out of its string', () => {
    const templated = { ...endpoint, body_template: '{"text": "{{note}}", "admin": false}' };
    const call = prepareCall(api, templated, { city: 'x', note: '", "admin": true, "x": "' }, 's');
    expect(JSON.parse(call.body ?? '')).toEqual({ text: '", "admin": true, "x": "', admin: false });
  });

  describe('scrub covers every way a secret is sent or echoed back', () => {
    const secret = 'Sk_live 9/+=é"\\&?x~*(q)';
    const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
    const b64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
    const form = (text: string): string => new URLSearchParams({ k: text }).toString().slice(2);
    const asciiJson = (text: string): string => JSON.stringify(text).slice(1, -1).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const forms: [string, string][] = [
      ['raw', secret],
      ['percent-encoded', encodeURIComponent(secret)],
      ['percent-encoded, lower-case hex', encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())],
      ['percent-encoded twice', encodeURIComponent(encodeURIComponent(secret))],
      ['encodeURI (fewer characters escaped)', encodeURI(secret)],
      ['form-encoded (spaces as +)', form(secret)],
      ['JSON string', JSON.stringify(secret).slice(1, -1)],
      ['JSON string with \\u escapes', asciiJson(secret)],
      ['base64', b64(secret)],
      ['base64url, unpadded', b64url(secret)],
      ['Basic auth base64(user:secret)', b64(`api-user:${secret}`)],
      ['Basic auth base64url(user:secret)', b64url(`me:${secret}`)],
      ['base64 of a JSON body holding it', b64(JSON.stringify({ token: secret }))],
    ];

    it.each(forms)('%s', (_name, encoded) => {
      const echoed = `before ${encoded} after`;
      const out = scrub(echoed, secret);
      expect(out).not.toContain(encoded);
      expect(out).toContain(MASK);
      expect(out.startsWith('before ')).toBe(true);
      expect(out.endsWith(' after')).toBe(true);
    });

    it('in the shapes an echo service sends back: header, query string, form body, JSON body', () => {
      const echoed = JSON.stringify({
        headers: { Authorization: `Basic ${b64(`api-user:${secret}`)}`, 'X-Api-Key': secret },
        url: `https://echo.example/get?units=metric&api_key=${form(secret)}&page=2`,
        form: `grant_type=client_credentials&client_secret=${form(secret)}`,
        json: { client_secret: secret },
      });
      const out = scrub(echoed, secret);
      for (const [, encoded] of forms) expect(out).not.toContain(encoded);
      // Nothing left decodes back to it either.
      for (const token of out.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) expect(Buffer.from(token, 'base64').toString('utf8')).not.toContain(secret);
      expect(JSON.parse(out)).toMatchObject({
        headers: { Authorization: `Basic ${MASK}`, 'X-Api-Key': MASK },
        url: `https://echo.example/get?units=metric&api_key=${MASK}&page=2`,
        form: `grant_type=client_credentials&client_secret=${MASK}`,
        json: { client_secret: MASK },
      });
    });

    it('leaves text without the secret alone, and ignores secrets too short to mask safely', () => {
      const text = 'temperature=21 units=metric dXNlcjpwYXNz café %41';
      expect(scrub(text, secret)).toBe(text);
      expect(scrub('abc abc', 'abc')).toBe('abc abc');
      expect(scrub(text, null)).toBe(text);
    });
  });

  it('scrubs the secret and its encoded forms; selects a JSON path', () => {
    const secret = 'abc/def+ghi';
    expect(scrub(`a ${secret} b ${encodeURIComponent(secret)} c ${Buffer.from(secret).toString('base64')}`, secret)).toBe(`a ${MASK} b ${MASK} c ${MASK}`);
    const data = { days: [{ max: 25 }, { max: 30 }], 'a-b': { c: true } };
    expect(selectJsonPath(data, '$.days[1].max')).toEqual({ found: true, value: 30 });
    expect(selectJsonPath(data, '$.a-b.c')).toEqual({ found: true, value: true });
    expect(selectJsonPath(data, '')).toEqual({ found: true, value: data });
    expect(selectJsonPath(data, '$.nope.x').found).toBe(false);
    expect(selectJsonPath(data, '$.__proto__').found).toBe(false);
  });
});
