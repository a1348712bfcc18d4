import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the per-process row cache of the public API', () => {
  it('shares one read among concurrent misses and answers from the copy afterwards', async () => {
    const cache = createTtlCache<string>(60_000);
    let reads = 0;
    const gate = deferred<string>();
    const load = () => {
      reads += 1;
      return gate.promise;
    };
    const waiting = Array.from({ length: 64 }, () => cache.get('app', load));
    gate.resolve('row v1');
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 64 }, () => 'row v1'));
    expect(await cache.get('app', load)).toBe('row v1');
    expect(reads).toBe(1);
  });

  it('reads again once an entry is older than its lifetime', async () => {
    const cache = createTtlCache<number>(0);
    let reads = 0;
    const load = () => Promise.resolve((reads += 1));
    expect(await cache.get('app', load)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await cache.get('app', load)).toBe(2);
  });

  it('forgetting drops the copy at once, and a read already in flight is answered but not kept', async () => {
    const cache = createTtlCache<string>(60_000);
    expect(await cache.get('app', () => Promise.resolve('before deploy'))).toBe('before deploy');
    const slow = deferred<string>();
    cache.forget('app');
    const inFlight = cache.get('app', () => slow.promise);
    cache.forget('app');
    slow.resolve('read before the second deploy');
    expect(await inFlight).toBe('read before the second deploy');
    expect(await cache.get('app', () => Promise.resolve('after deploy'))).toBe('after deploy');
  });

  it('keeps only what `keep` accepts (an unknown key is read again next time)', async () => {
    const cache = createTtlCache<string | null>(60_000, { keep: (value) => value !== null });
    let reads = 0;
    const load = () => {
      reads += 1;
      return Promise.resolve(reads === 1 ? null : 'key row');
    };
    expect(await cache.get('hash', load)).toBeNull();
    expect(await cache.get('hash', load)).toBe('key row');
    expect(await cache.get('hash', load)).toBe('key row');
    expect(reads).toBe(2);
    cache.forgetWhere((row) => row === 'key row');
    expect(await cache.get('hash', () => Promise.resolve('rotated'))).toBe('rotated');
  });
});
