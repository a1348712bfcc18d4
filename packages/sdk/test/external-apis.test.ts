// "Your APIs" through the SDK against the real embedded backend (real supabase-js, in-memory
// PGlite): the list's endpoint counts are counted by the database, so they stay right past the 1000
// rows one REST read returns, and another person's list shows none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../src/external-apis';
import type { AppforgeClient } from '../src/types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

const endpoints = (count: number, prefix: string): EndpointInput[] =>
  Array.from({ length: count }, (_, n) => ({ name: `${prefix} ${String(n)}`, method: 'GET', path: `/${prefix}/${String(n)}` }));

describe('your APIs through the SDK on the embedded backend', () => {
  let backend: SdkTestBackend;
  let owner: { client: AppforgeClient; id: string };
  let other: { client: AppforgeClient; id: string };

  beforeAll(async () => {
    backend = await startBackend();
    owner = await backend.signedInUser('apis-owner');
    other = await backend.signedInUser('apis-other');
  });
  afterAll(() => backend.stop());

  it('lists each API with its endpoint count, right past 1000 endpoints in all', async () => {
    // Six APIs of 200 endpoints (the most one API has): 1,200 endpoints, plus a small and an empty one.
    const full = [];
    for (let n = 0; n < 6; n += 1) {
      full.push(await owner.client.apis.create({ name: `Catalogue ${String(n)}`, base_url: 'https://api.example.com', endpoints: endpoints(200, `c${String(n)}`) }));
    }
    const small = await owner.client.apis.create({ name: 'Weather', base_url: 'https://weather.example.com', endpoints: endpoints(3, 'w') });
    const empty = await owner.client.apis.create({ name: 'Empty', base_url: 'https://empty.example.com' });

    const listed = await owner.client.apis.listMine();
    const countOf = (id: string) => listed.find((api) => api.id === id)?.endpoint_count;
    expect(full.map((api) => countOf(api.id))).toEqual([200, 200, 200, 200, 200, 200]);
    expect(countOf(small.id)).toBe(3);
    expect(countOf(empty.id)).toBe(0);
    expect(listed).toHaveLength(8);
    // Another person sees none of them.
    expect(await other.client.apis.listMine()).toEqual([]);
  });
});
