// api-base-url-check on the real backend: the SDK asks it before saving an API, so a base URL the
// outbound guard would refuse (private, loopback, link-local, metadata, in any spelling) is
// refused at save time with the guard's own words, and the development switch
// OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS lets an API on this computer be saved as it lets it be called.
// One database is enough: the function reads no table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

async function check(backend: TestBackend, user: TestUser | undefined, body: unknown): Promise<{ status: number; body: { code?: string; message?: string; field?: string; ok?: boolean } }> {
  const response = await callFunction(backend, 'api-base-url-check', body, user?.token);
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string; field?: string; ok?: boolean } };
}

describe('api-base-url-check', () => {
  let strict: TestBackend;
  let local: TestBackend;
  let owner: TestUser;
  let developer: TestUser;

  beforeAll(async () => {
    strict = await startTestBackend({ database: 'pglite' });
    local = await startTestBackend({ database: 'pglite', env: { OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true', OUTBOUND_PORTS: '80,443,3000' } });
    owner = await signedIn(strict);
    developer = await signedIn(local);
  });

  afterAll(async () => {
    await strict.stop();
    await local.stop();
  });

  it('refuses loopback, private, link-local, metadata and other non-public hosts, in every spelling', async () => {
    const refused: [string, RegExp][] = [
      ['http://127.0.0.1/api', /127\.0\.0\.1 is this server itself \(loopback\)/],
      ['http://localhost:8080', /localhost resolves to .*, which is this server itself \(loopback\)/],
      ['http://[::1]/', /::1 is this server itself \(loopback\)/],
      ['https://10.1.2.3/v1', /10\.1\.2\.3 is a private network address/],
      ['http://192.168.0.10', /is a private network address/],
      ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254 is a link-local address \(cloud metadata lives there\)/],
      ['http://[fd00:ec2::254]', /is a private network address/],
      ['http://100.64.0.1', /carrier-grade NAT/],
      ['http://0.0.0.0', /unspecified address/],
      // WHATWG URL turns these into 127.0.0.1 / 10.0.0.1, which is what a call would connect to.
      ['http://2130706433/', /127\.0\.0\.1 is this server itself/],
      ['http://0x7f000001/', /127\.0\.0\.1 is this server itself/],
      ['http://0177.0.0.1/', /127\.0\.0\.1 is this server itself/],
      ['http://0x0a000001/', /10\.0\.0\.1 is a private network address/],
      ['http://[::ffff:127.0.0.1]/', /is this server itself \(loopback\)/],
    ];
    for (const [baseUrl, words] of refused) {
      const answer = await check(strict, owner, { base_url: baseUrl });
      expect({ baseUrl, status: answer.status, code: answer.body.code, field: answer.body.field }).toEqual({ baseUrl, status: 422, code: 'blocked_address', field: 'base_url' });
      expect(answer.body.message).toMatch(words);
      expect(answer.body.message).toMatch(/only public internet addresses can be called\.$/);
    }
  });

  it('refuses a port calls may not use, and accepts a public address or a name that does not resolve yet', async () => {
    expect((await check(strict, owner, { base_url: 'https://93.184.215.14:22' })).body).toMatchObject({ code: 'blocked_port', message: 'Port 22 cannot be called; allowed ports: 80, 443, 8080, 8443.' });
    expect(await check(strict, owner, { base_url: 'https://93.184.215.14/v1' })).toEqual({ status: 200, body: { ok: true } });
    expect(await check(strict, owner, { base_url: 'https://grades.school.test/api' })).toEqual({ status: 200, body: { ok: true } });
  });

  it('refuses a signed-out caller and a malformed body', async () => {
    expect((await check(strict, undefined, { base_url: 'https://93.184.215.14' })).status).toBe(401);
    expect((await check(strict, owner, { base_url: 42 })).body).toMatchObject({ code: 'invalid_body' });
    expect((await check(strict, owner, {})).status).toBe(400);
  });

  it('with OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS (development), accepts an API on this computer, and still nothing else private', async () => {
    expect(await check(local, developer, { base_url: 'http://127.0.0.1:3000/api' })).toEqual({ status: 200, body: { ok: true } });
    expect(await check(local, developer, { base_url: 'http://localhost:3000' })).toEqual({ status: 200, body: { ok: true } });
    expect(await check(local, developer, { base_url: 'http://[::1]:3000' })).toEqual({ status: 200, body: { ok: true } });
    for (const baseUrl of ['http://10.0.0.1:3000', 'http://169.254.169.254', 'http://[::ffff:10.0.0.1]']) {
      expect((await check(local, developer, { base_url: baseUrl })).body).toMatchObject({ code: 'blocked_address', field: 'base_url' });
    }
  });
});
