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

  it('saves changes to an API that already has endpoints (the update sends only the columns a person may change)', async () => {
    const api = await owner.client.apis.create({ name: 'Books', base_url: 'https://books.example.com', endpoints: endpoints(2, 'b') });
    const [first, second] = api.endpoints;
    if (!first || !second) throw new Error('the API was created without its endpoints');
    const saved = await owner.client.apis.saveEndpoints(api.id, [
      { id: first.id, name: 'Find a book', method: 'GET', path: '/books/latest' },
      { id: second.id, name: second.name, method: 'POST', path: second.path, body_template: '{"title":"{{title}}"}' },
      { name: 'Delete a book', method: 'DELETE', path: '/books/latest' },
    ]);
    expect(saved.endpoints.map((endpoint) => [endpoint.name, endpoint.method, endpoint.path])).toEqual([
      ['Find a book', 'GET', '/books/latest'],
      [second.name, 'POST', second.path],
      ['Delete a book', 'DELETE', '/books/latest'],
    ]);
    expect(saved.endpoints.slice(0, 2).map((endpoint) => endpoint.id)).toEqual([first.id, second.id]);
    expect((await owner.client.apis.get(api.id)).endpoints).toHaveLength(3);
  });

  it("refuses another person's endpoint ids without moving them (and in words, not the database's)", async () => {
    const mine = await owner.client.apis.create({ name: 'Mine', base_url: 'https://mine.example.com', endpoints: endpoints(1, 'm') });
    const theirs = await other.client.apis.create({ name: 'Theirs', base_url: 'https://theirs.example.com' });
    const [endpoint] = mine.endpoints;
    if (!endpoint) throw new Error('the API was created without its endpoint');
    await expect(other.client.apis.saveEndpoints(theirs.id, [{ id: endpoint.id, name: 'Stolen', method: 'GET', path: '/x' }])).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect((await owner.client.apis.get(mine.id)).endpoints.map((e) => e.name)).toEqual([endpoint.name]);
  });
});
