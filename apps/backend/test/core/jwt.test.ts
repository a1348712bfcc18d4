import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtError, createJwtService } from '../../src/jwt.js';

describe('JWT verification (with its cache of verified tokens)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a token again from the cache until it expires, then refuses it as expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const jwt = await createJwtService('a-test-secret-that-is-long-enough-0123', 'http://localhost/auth/v1');
    const token = await jwt.sign({ role: 'authenticated', sub: 'user-1' }, 60);
    expect(await jwt.verify(token)).toMatchObject({ role: 'authenticated', sub: 'user-1' });
    expect(await jwt.verify(token)).toMatchObject({ sub: 'user-1' });
    // 60 s of validity plus 30 s of clock tolerance.
    vi.setSystemTime(new Date('2026-11-21T12:01:29Z'));
    expect(await jwt.verify(token)).toMatchObject({ sub: 'user-1' });
    vi.setSystemTime(new Date('2026-11-21T12:01:31Z'));
    await expect(jwt.verify(token)).rejects.toMatchObject({ reason: 'expired' });
    await expect(jwt.verify(token)).rejects.toBeInstanceOf(JwtError);
  });

  it('refuses a not-yet-valid token until its time, even once it was seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const jwt = await createJwtService('a-test-secret-that-is-long-enough-0123', 'http://localhost/auth/v1');
    const nbf = Math.floor(new Date('2026-11-21T13:00:00Z').getTime() / 1000);
    const token = await jwt.sign({ role: 'authenticated', sub: 'user-2', nbf }, 7200);
    await expect(jwt.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    vi.setSystemTime(new Date('2026-11-21T13:00:05Z'));
    expect(await jwt.verify(token)).toMatchObject({ sub: 'user-2' });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    await expect(jwt.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('never caches a refusal: a tampered token stays refused and the real one still passes', async () => {
    const jwt = await createJwtService('a-test-secret-that-is-long-enough-0123', 'http://localhost/auth/v1');
    const token = await jwt.sign({ role: 'authenticated', sub: 'user-3' }, 60);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ role: 'service_role', sub: 'user-3' })).toString('base64url')}.${signature}`;
    await expect(jwt.verify(forged)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(jwt.verify(forged)).rejects.toMatchObject({ reason: 'invalid' });
    expect(await jwt.verify(`${header}.${payload}.${signature}`)).toMatchObject({ role: 'authenticated' });
    const other = await createJwtService('another-secret-that-is-long-enough-0123', 'http://localhost/auth/v1');
    await expect(other.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('hands out claims nobody can change for the next request', async () => {
    const jwt = await createJwtService('a-test-secret-that-is-long-enough-0123', 'http://localhost/auth/v1');
    const token = await jwt.sign({ role: 'authenticated', sub: 'user-4' }, 60);
    const claims = await jwt.verify(token);
    expect(() => {
      (claims as Record<string, unknown>).role = 'service_role';
    }).toThrow(TypeError);
    expect(await jwt.verify(token)).toMatchObject({ role: 'authenticated' });
  });
});
