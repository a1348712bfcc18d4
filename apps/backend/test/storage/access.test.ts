import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { OWN_FOLDER_POLICIES, PNG_BYTES, countRows, newUserId, startStorageBackend } from './helpers.js';
import type { StorageTestBackend } from './helpers.js';

describe.each(DATABASES)('storage access rules on %s', (database) => {
  let t: StorageTestBackend;
  const aliceId = newUserId();
  const bobId = newUserId();
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  const aliceFile = `${aliceId}/diary.txt`;

  beforeAll(async () => {
    t = await startStorageBackend(database);
    const service = t.serviceClient().storage;
    expect((await service.createBucket('private', { public: false })).error).toBeNull();
    expect((await service.createBucket('tiny', { public: false, fileSizeLimit: 1024 })).error).toBeNull();
    expect((await service.createBucket('pictures', { public: false, allowedMimeTypes: ['image/png', 'image/jpeg'] })).error).toBeNull();
    expect((await service.createBucket('anything', { public: false })).error).toBeNull();
    await t.db.exec(OWN_FOLDER_POLICIES);
    alice = await t.userClient(aliceId);
    bob = await t.userClient(bobId);
    const uploaded = await alice.storage.from('private').upload(aliceFile, 'dear diary', { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
  });
  afterAll(() => t.stop());

  it('lets a user read, list, sign and replace objects in their own folder', async () => {
    const files = alice.storage.from('private');
    expect(await (await files.download(aliceFile)).data?.text()).toBe('dear diary');
    expect((await files.list(aliceId)).data?.map((entry) => entry.name)).toEqual(['diary.txt']);
    expect((await files.createSignedUrl(aliceFile, 60)).error).toBeNull();
    expect((await files.upload(aliceFile, 'dear diary, again', { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect((await files.copy(aliceFile, `${aliceId}/copy.txt`)).error).toBeNull();
    expect((await files.move(`${aliceId}/copy.txt`, `${aliceId}/moved.txt`)).error).toBeNull();
    const owner = await t.db.query<{ owner: string; owner_id: string }>(
      'select owner::text as owner, owner_id from storage.objects where bucket_id = $1 and name = $2',
      ['private', `${aliceId}/moved.txt`],
    );
    expect(owner.rows[0]).toEqual({ owner: aliceId, owner_id: aliceId });
    expect((await files.remove([`${aliceId}/moved.txt`])).data).toHaveLength(1);
  });

  it("does not let another user read, list, sign, overwrite, move, copy or delete a user's private object", async () => {
    const files = bob.storage.from('private');
    expect((await files.download(aliceFile)).error).toMatchObject({ statusCode: '404' });
    expect((await files.info(aliceFile)).error).toMatchObject({ statusCode: '404' });
    expect((await files.list(aliceId)).data).toEqual([]);
    expect((await files.list()).data).toEqual([]);
    expect((await files.createSignedUrl(aliceFile, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await files.createSignedUrls([aliceFile], 60)).data?.[0]).toMatchObject({ signedUrl: null });

    const overwrite = await files.upload(aliceFile, 'bob was here', { contentType: 'text/plain', upsert: true });
    expect(overwrite.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const plainWrite = await files.upload(aliceFile, 'bob was here', { contentType: 'text/plain' });
    expect(plainWrite.error?.statusCode).toMatch(/^(403|409)$/);
    expect((await files.update(aliceFile, 'bob was here', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await files.upload(`${aliceId}/planted.txt`, 'planted', { contentType: 'text/plain' })).error).toMatchObject({
      statusCode: '403',
    });
    expect((await files.move(aliceFile, `${bobId}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await files.copy(aliceFile, `${bobId}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await files.remove([aliceFile])).data).toEqual([]);
    expect((await files.createSignedUploadUrl(`${aliceId}/drop.txt`)).error).toMatchObject({ statusCode: '403' });
    // Nor can Bob push his own file into Alice's folder by moving or copying it there.
    expect((await files.upload(`${bobId}/mine.txt`, 'bob', { contentType: 'text/plain' })).error).toBeNull();
    expect((await files.move(`${bobId}/mine.txt`, `${aliceId}/mine.txt`)).error).toMatchObject({ statusCode: '403' });
    expect((await files.copy(`${bobId}/mine.txt`, `${aliceId}/mine.txt`)).error).toMatchObject({ statusCode: '403' });
    expect(await countRows(t, 'private', `${aliceId}/mine.txt`)).toBe(0);

    // Nothing changed for Alice; nothing was left behind by the refused writes.
    expect(await (await alice.storage.from('private').download(aliceFile)).data?.text()).toMatch(/^dear diary/);
    expect(await countRows(t, 'private', `${aliceId}/planted.txt`)).toBe(0);
    expect(t.filesOnDisk().filter((file) => file.startsWith('.staging/'))).toEqual([]);

    const anon = t.client().storage.from('private');
    expect((await anon.download(aliceFile)).error).toMatchObject({ statusCode: '404' });
    expect((await anon.upload(`${aliceId}/anon.txt`, 'x', { contentType: 'text/plain' })).error).toMatchObject({
      statusCode: '403',
    });
    // Without policies for a bucket, only the service role reaches its objects.
    expect((await alice.storage.from('anything').upload('a.txt', 'a', { contentType: 'text/plain' })).error).toMatchObject({
      statusCode: '403',
    });
    expect(await (await t.serviceClient().storage.from('private').download(aliceFile)).data?.text()).toMatch(/^dear diary/);
  });

  it('refuses uploads over the bucket limit and leaves no bytes and no row behind', async () => {
    const files = t.serviceClient().storage.from('tiny');
    const before = t.filesOnDisk();
    const multipart = await files.upload('big.txt', new Blob(['x'.repeat(2048)], { type: 'text/plain' }));
    expect(multipart.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const raw = await files.upload('big.bin', Buffer.alloc(5000, 1), { contentType: 'application/octet-stream' });
    expect(raw.error).toMatchObject({ statusCode: '413' });
    // Streamed without a Content-Length, the limit still holds.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i += 1) controller.enqueue(new Uint8Array(512).fill(65));
        controller.close();
      },
    });
    const streamed = await files.upload('streamed.txt', stream, { contentType: 'text/plain' });
    expect(streamed.error).toMatchObject({ statusCode: '413' });
    expect(await countRows(t, 'tiny')).toBe(0);
    expect(t.filesOnDisk()).toEqual(before);

    expect((await files.upload('fits.txt', 'y'.repeat(1024), { contentType: 'text/plain' })).error).toBeNull();
    expect(await countRows(t, 'tiny')).toBe(1);
  });

  it('refuses types the bucket does not allow and files whose content contradicts their type', async () => {
    const pictures = t.serviceClient().storage.from('pictures');
    const text = await pictures.upload('note.txt', 'just text', { contentType: 'text/plain' });
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    const html = await pictures.upload('fake.png', '<html><script>alert(1)</script></html>', { contentType: 'image/png' });
    expect(html.error).toMatchObject({ statusCode: '415' });
    expect((await pictures.upload('real.png', PNG_BYTES, { contentType: 'image/png' })).error).toBeNull();
    expect((await pictures.upload('jpeg-claim.jpg', PNG_BYTES, { contentType: 'image/jpeg' })).error).toMatchObject({
      statusCode: '415',
    });

    const anything = t.serviceClient().storage.from('anything');
    const disguised = await anything.upload('pixel.txt', PNG_BYTES, { contentType: 'text/plain' });
    expect(disguised.error).toMatchObject({ statusCode: '415' });
    const svgAsPng = await anything.upload(
      'logo.png',
      new Blob(['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'], { type: 'image/png' }),
    );
    expect(svgAsPng.error).toMatchObject({ statusCode: '415' });
    const svg = await anything.upload(
      'logo.svg',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'], { type: 'image/svg+xml' }),
    );
    expect(svg.error).toBeNull();
    const served = await t.serviceClient().storage.from('anything').download('logo.svg');
    expect(served.data?.type).toBe('image/svg+xml');

    expect(await countRows(t, 'pictures')).toBe(1);
    expect(await countRows(t, 'anything', 'pixel.txt')).toBe(0);
    expect(t.filesOnDisk().filter((file) => file.startsWith('.staging/'))).toEqual([]);
  });

  it('refuses path traversal, control characters, backslashes and over-long keys', async () => {
    const auth = { authorization: `Bearer ${t.serviceRoleKey}`, apikey: t.serviceRoleKey, 'content-type': 'text/plain' };
    const base = `${t.url}/storage/v1/object/anything`;
    for (const path of ['..%2F..%2Fetc%2Fpasswd', 'a%2F..%2Fb.txt', 'a%00b.txt', 'a%5Cb.txt', 'a%0Ab.txt', 'a%2F%2Fb.txt', `${'k'.repeat(1025)}`]) {
      const response = await fetch(`${base}/${path}`, { method: 'POST', headers: auth, body: 'x' });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const files = t.serviceClient().storage.from('anything');
    expect((await files.upload('safe/file.txt', 'safe', { contentType: 'text/plain' })).error).toBeNull();
    expect((await files.move('safe/file.txt', '../../escaped.txt')).error).toMatchObject({ statusCode: '400' });
    expect((await files.copy('safe/file.txt', 'safe/../../escaped.txt')).error).toMatchObject({ statusCode: '400' });
    expect((await files.remove(['../safe/file.txt'])).error).toMatchObject({ statusCode: '400' });
    expect((await files.list('../')).error).toMatchObject({ statusCode: '400' });
    expect((await files.download('safe/file.txt')).error).toBeNull();
    expect(t.filesOnDisk().every((file) => !file.includes('escaped'))).toBe(true);
  });
});
