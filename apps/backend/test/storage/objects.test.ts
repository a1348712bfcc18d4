import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { PNG_BYTES, countRows, startStorageBackend } from './helpers.js';
import type { StorageTestBackend } from './helpers.js';

describe.each(DATABASES)('storage objects through supabase-js on %s', (database) => {
  let t: StorageTestBackend;
  beforeAll(async () => {
    t = await startStorageBackend(database);
    const service = t.serviceClient();
    expect((await service.storage.createBucket('docs', { public: false })).error).toBeNull();
    expect((await service.storage.createBucket('media', { public: true })).error).toBeNull();
  });
  afterAll(() => t.stop());

  it('uploads a Blob (multipart) and a Buffer (raw body) and downloads the same bytes', async () => {
    const files = t.serviceClient().storage.from('docs');
    const blob = new Blob(['hello from a blob'], { type: 'text/plain' });
    const first = await files.upload('notes/blob.txt', blob, { metadata: { topic: 'greeting' } });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ id: expect.any(String), path: 'notes/blob.txt', fullPath: 'docs/notes/blob.txt' });

    const second = await files.upload('images/pixel.png', PNG_BYTES, { contentType: 'image/png', cacheControl: '60' });
    expect(second.error).toBeNull();

    const text = await files.download('notes/blob.txt');
    expect(text.error).toBeNull();
    expect(await text.data?.text()).toBe('hello from a blob');

    const image = await files.download('images/pixel.png');
    expect(Buffer.from(await (image.data as Blob).arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    expect(image.data?.type).toBe('image/png');

    const info = await files.info('notes/blob.txt');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      id: first.data?.id,
      name: 'notes/blob.txt',
      bucketId: 'docs',
      size: 17,
      contentType: 'text/plain',
      cacheControl: 'max-age=3600',
      metadata: { topic: 'greeting' },
    });
    const pngInfo = await files.info('images/pixel.png');
    expect(pngInfo.data).toMatchObject({ size: PNG_BYTES.length, contentType: 'image/png', cacheControl: 'max-age=60' });
    expect(await files.exists('images/pixel.png')).toEqual({ data: true, error: null });
    expect((await files.exists('images/none.png')).data).toBe(false);
  });

  it('refuses a second upload to the same path unless upsert is set, then replaces the bytes', async () => {
    const files = t.serviceClient().storage.from('docs');
    expect((await files.upload('dup.txt', 'version one', { contentType: 'text/plain' })).error).toBeNull();
    const again = await files.upload('dup.txt', 'version two', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await files.download('dup.txt')).data?.text()).toBe('version one');

    const upserted = await files.upload('dup.txt', 'version three', { contentType: 'text/plain', upsert: true });
    expect(upserted.error).toBeNull();
    expect(await (await files.download('dup.txt')).data?.text()).toBe('version three');

    const updated = await files.update('dup.txt', new Blob(['version four'], { type: 'text/plain' }));
    expect(updated.error).toBeNull();
    expect(await (await files.download('dup.txt')).data?.text()).toBe('version four');
    expect(await countRows(t, 'docs', 'dup.txt')).toBe(1);
    // Only the current version's bytes stay on disk.
    const { data } = await t.serviceClient().storage.from('docs').info('dup.txt');
    expect(t.filesOnDisk().filter((file) => file.startsWith('docs/'))).toContain(`docs/${data?.version}`);
  });

  it('answers a missing object as Storage does: 404 in the body, NoSuchKey', async () => {
    const result = await t.serviceClient().storage.from('docs').download('missing/file.txt');
    expect(result.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
    const raw = await fetch(`${t.url}/storage/v1/object/docs/missing/file.txt`, {
      headers: { authorization: `Bearer ${t.serviceRoleKey}`, apikey: t.serviceRoleKey },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('lists folders and files under a prefix with search, sort, limit and offset', async () => {
    const files = t.serviceClient().storage.from('media');
    for (const name of ['album/b.txt', 'album/a.txt', 'album/Cover.txt', 'album/sub/one.txt', 'album/sub2/two.txt', 'top.txt']) {
      expect((await files.upload(name, `content of ${name}`, { contentType: 'text/plain' })).error).toBeNull();
    }
    const root = await files.list();
    expect(root.error).toBeNull();
    expect(root.data?.map((entry) => entry.name)).toEqual(['album', 'top.txt']);
    expect(root.data?.[0]).toMatchObject({ name: 'album', id: null, metadata: null });
    expect(root.data?.[1]).toMatchObject({ id: expect.any(String), metadata: { size: 18, mimetype: 'text/plain' } });

    const album = await files.list('album');
    expect(album.data?.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt', 'Cover.txt', 'sub', 'sub2']);
    const withSlash = await files.list('album/');
    expect(withSlash.data?.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt', 'Cover.txt', 'sub', 'sub2']);

    const searched = await files.list('album', { search: 'sub' });
    expect(searched.data?.map((entry) => entry.name)).toEqual(['sub', 'sub2']);
    const caseInsensitive = await files.list('album', { search: 'cov' });
    expect(caseInsensitive.data?.map((entry) => entry.name)).toEqual(['Cover.txt']);

    const page = await files.list('album', { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data?.map((entry) => entry.name)).toEqual(['sub', 'Cover.txt']);

    const byCreated = await files.list('album', { sortBy: { column: 'created_at', order: 'desc' } });
    // Folders first (in the requested order), then files by the column, as Storage's search() does.
    expect(byCreated.data?.map((entry) => entry.name)).toEqual(['sub2', 'sub', 'Cover.txt', 'a.txt', 'b.txt']);

    expect((await files.list('nothing-here')).data).toEqual([]);
  });

  it('moves and copies objects, also into another bucket, and removes them with their bytes', async () => {
    const docs = t.serviceClient().storage.from('docs');
    expect((await docs.upload('move/src.txt', 'movable', { contentType: 'text/plain' })).error).toBeNull();
    expect((await docs.move('move/src.txt', 'move/dst.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await docs.download('move/src.txt')).error).toMatchObject({ statusCode: '404' });
    expect(await (await docs.download('move/dst.txt')).data?.text()).toBe('movable');

    const copied = await docs.copy('move/dst.txt', 'move/copy.txt');
    expect(copied).toEqual({ data: { path: 'docs/move/copy.txt' }, error: null });
    expect(await (await docs.download('move/copy.txt')).data?.text()).toBe('movable');

    const across = await docs.copy('move/copy.txt', 'from-docs/copy.txt', { destinationBucket: 'media' });
    expect(across.data).toEqual({ path: 'media/from-docs/copy.txt' });
    expect((await docs.move('move/copy.txt', 'moved-in.txt', { destinationBucket: 'media' })).error).toBeNull();
    const media = t.serviceClient().storage.from('media');
    expect(await (await media.download('moved-in.txt')).data?.text()).toBe('movable');
    expect(await (await media.download('from-docs/copy.txt')).data?.text()).toBe('movable');

    const clash = await docs.copy('move/dst.txt', 'dup.txt');
    expect(clash.error).toMatchObject({ statusCode: '409' });

    const before = t.filesOnDisk().length;
    const removed = await media.remove(['moved-in.txt', 'from-docs/copy.txt', 'never-existed.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name).sort()).toEqual(['from-docs/copy.txt', 'moved-in.txt']);
    expect(t.filesOnDisk().length).toBe(before - 2);
    expect((await media.download('moved-in.txt')).error).toMatchObject({ statusCode: '404' });
    expect((await media.move('nope.txt', 'still-nope.txt')).error).toMatchObject({ statusCode: '404' });
  });

  it('serves public buckets by URL without a token and refuses private ones', async () => {
    const media = t.serviceClient().storage.from('media');
    expect((await media.upload('public/pixel.png', PNG_BYTES, { contentType: 'image/png' })).error).toBeNull();
    const { publicUrl } = media.getPublicUrl('public/pixel.png').data;
    const publicInfo = await fetch(`${t.url}/storage/v1/object/info/public/media/public/pixel.png`);
    expect(await publicInfo.json()).toMatchObject({ name: 'public/pixel.png', size: PNG_BYTES.length, content_type: 'image/png' });
    expect(publicUrl).toBe(`${t.url}/storage/v1/object/public/media/public/pixel.png`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(PNG_BYTES.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const download = await fetch(media.getPublicUrl('public/pixel.png', { download: 'my pixel.png' }).data.publicUrl);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="my pixel.png"');
    await download.arrayBuffer();

    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG_BYTES.length));
    expect(head.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const notModified = await fetch(publicUrl, { headers: { 'if-none-match': head.headers.get('etag') ?? '' } });
    expect(notModified.status).toBe(304);

    const ranged = await fetch(publicUrl, { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(PNG_BYTES.subarray(0, 4))).toBe(true);

    expect((await t.serviceClient().storage.from('docs').upload('secret.txt', 'private', { contentType: 'text/plain' })).error).toBeNull();
    const privateUrl = t.serviceClient().storage.from('docs').getPublicUrl('secret.txt').data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('makes signed download URLs that work without a key, expire, and cannot be altered', async () => {
    const docs = t.serviceClient().storage.from('docs');
    expect((await docs.upload('signed/report.txt', 'signed content', { contentType: 'text/plain' })).error).toBeNull();
    const signed = await docs.createSignedUrl('signed/report.txt', 60);
    expect(signed.error).toBeNull();
    const url = signed.data?.signedUrl ?? '';
    expect(url.startsWith(`${t.url}/storage/v1/object/sign/docs/signed/report.txt?token=`)).toBe(true);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('signed content');

    const token = new URL(url).searchParams.get('token') ?? '';
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    forged.url = 'docs/secret.txt';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const refused = await fetch(`${t.url}/storage/v1/object/sign/docs/secret.txt?token=${tampered}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
    // A genuine token only opens the object it was made for.
    const otherPath = await fetch(`${t.url}/storage/v1/object/sign/docs/secret.txt?token=${token}`);
    expect(await otherPath.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
    // And it is not an API key.
    const asKey = await fetch(`${t.url}/storage/v1/object/docs/signed/report.txt`, {
      headers: { authorization: `Bearer ${token}`, apikey: t.anonKey },
    });
    expect(await asKey.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const short = await docs.createSignedUrl('signed/report.txt', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data?.signedUrl ?? '');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' });

    const many = await docs.createSignedUrls(['signed/report.txt', 'signed/missing.txt'], 60);
    expect(many.error).toBeNull();
    expect(many.data?.[0]).toMatchObject({ error: null, path: 'signed/report.txt', signedUrl: expect.stringContaining('token=') });
    expect(many.data?.[1]).toMatchObject({
      error: 'Either the object does not exist or you do not have access to it',
      path: 'signed/missing.txt',
      signedUrl: null,
    });
    expect(await (await fetch(many.data?.[0]?.signedUrl ?? '')).text()).toBe('signed content');

    expect((await docs.createSignedUrl('signed/missing.txt', 60)).error).toMatchObject({ statusCode: '404' });
  });

  it('accepts an upload through a signed upload URL, once, for that path only', async () => {
    const docs = t.serviceClient().storage.from('docs');
    const signed = await docs.createSignedUploadUrl('inbox/drop.png');
    expect(signed.error).toBeNull();
    const token = signed.data?.token ?? '';
    expect(signed.data?.signedUrl).toBe(`${t.url}/storage/v1/object/upload/sign/docs/inbox/drop.png?token=${token}`);

    const anonymous = t.client().storage.from('docs');
    const uploaded = await anonymous.uploadToSignedUrl('inbox/drop.png', token, new Blob([PNG_BYTES], { type: 'image/png' }));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: 'inbox/drop.png', fullPath: 'docs/inbox/drop.png' });
    const back = await docs.download('inbox/drop.png');
    expect(Buffer.from(await (back.data as Blob).arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const again = await anonymous.uploadToSignedUrl('inbox/drop.png', token, new Blob([PNG_BYTES], { type: 'image/png' }));
    expect(again.error).toMatchObject({ statusCode: '409' });
    const elsewhere = await anonymous.uploadToSignedUrl('inbox/other.png', token, new Blob([PNG_BYTES], { type: 'image/png' }));
    expect(elsewhere.error).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    // A download link for a path cannot be used to upload there.
    const download = await docs.createSignedUrl('inbox/drop.png', 60);
    const downloadToken = new URL(download.data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const misuse = await anonymous.uploadToSignedUrl('inbox/drop.png', downloadToken, 'x', { upsert: true });
    expect(misuse.error).toMatchObject({ statusCode: '400' });
  });
});
