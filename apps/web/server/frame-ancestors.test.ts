import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deployedAppIdOf, frameAncestorsLookup } from './frame-ancestors';

const APP = '0b7f3c1e-8a4d-4f2b-9c6e-1d2a3b4c5d6e';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 1;
}

describe('which sites may frame a deployed app (issue 28)', () => {
  it('finds the app of a deployed-app address, with or without a query or a sub-path', () => {
    expect(deployedAppIdOf(`/deployed-app/${APP}`)).toBe(APP);
    expect(deployedAppIdOf(`/deployed-app/${APP}?embed=1`)).toBe(APP);
    expect(deployedAppIdOf(`/deployed-app/${APP.toUpperCase()}/run`)).toBe(APP);
    expect(deployedAppIdOf('/deployed-app/not-an-id')).toBeUndefined();
    expect(deployedAppIdOf(`/deployed-app/${APP}x`)).toBeUndefined();
    expect(deployedAppIdOf(`/settings?next=/deployed-app/${APP}`)).toBeUndefined();
  });

  it('a backend that cannot be reached leaves the app unframeable (the empty list)', async () => {
    const lookup = frameAncestorsLookup({ apiUrl: `http://127.0.0.1:${await closedPort()}`, anonKey: 'anon' });
    expect(await lookup(APP)).toEqual([]);
  });
});
