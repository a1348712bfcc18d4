// #17 "Bad input": an allowed-user list of 10,000 lines through the allowed-users function itself
// (not only the page's parser): saved in full with its duplicates and invalid lines reported;
// 10,001 lines refused with nothing saved; someone else's bundle refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, signedIn } from './helpers.js';

let backend: TestBackend;

async function listed(bundleId: string): Promise<number> {
  return Number((await backend.db.query<{ n: string }>('select count(*) as n from public."AllowedUser" where bundle_id = $1', [bundleId])).rows[0]?.n);
}

describe.each(DATABASES)('allowed-user lists of 10,000 lines on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  it('takes 10,000 lines (reporting duplicates and invalid ones), refuses 10,001 and other people’s bundles, changing nothing', async () => {
    const owner = await signedIn(backend);
    const bundle = await backend.db.query<{ id: string }>('insert into public."Bundle" (owner_id, name) values ($1, $2) returning id', [owner.id, 'Big class']);
    const bundleId = bundle.rows[0]?.id ?? '';
    // 9,000 distinct @domains (no invitation e-mails), 500 repeats of them in other case, 500 invalid lines.
    const lines = [
      ...Array.from({ length: 9000 }, (_, i) => `@school-${i}.example.org`),
      ...Array.from({ length: 500 }, (_, i) => `@SCHOOL-${i}.example.org`),
      ...Array.from({ length: 500 }, (_, i) => `not an address ${i}`),
    ];
    expect(lines).toHaveLength(10_000);

    const tooMany = await callFunction(backend, 'allowed-users', { item_kind: 'bundle', item_id: bundleId, entries: [...lines, '@one-more.example.org'] }, owner.token);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('At most 10000 addresses at once') });
    expect(await listed(bundleId)).toBe(0);

    const stranger = await signedIn(backend);
    const foreign = await callFunction(backend, 'allowed-users', { item_kind: 'bundle', item_id: bundleId, entries: ['@evil.example.org'] }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(await listed(bundleId)).toBe(0);

    const saved = await callFunction(backend, 'allowed-users', { item_kind: 'bundle', item_id: bundleId, entries: lines }, owner.token);
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { added: string[]; duplicates: string[]; invalid: { line: number }[]; invited: number; already_listed: string[] };
    expect(body.added).toHaveLength(9000);
    expect(body.duplicates).toHaveLength(500);
    expect(body.invalid).toHaveLength(500);
    expect(body.invalid[0]).toMatchObject({ line: 9501 });
    expect(body.invited).toBe(0);
    expect(await listed(bundleId)).toBe(9000);

    // The same list again adds nothing twice.
    const again = (await (await callFunction(backend, 'allowed-users', { item_kind: 'bundle', item_id: bundleId, entries: lines.slice(0, 9000) }, owner.token)).json()) as {
      added: string[];
      already_listed: string[];
    };
    expect(again.added).toHaveLength(0);
    expect(again.already_listed).toHaveLength(9000);
    expect(await listed(bundleId)).toBe(9000);
  });
});
