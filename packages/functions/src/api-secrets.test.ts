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
