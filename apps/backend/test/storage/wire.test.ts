// Storage behaviour the upstream storage-js suite relies on: uploads with the client's default
// content type, active content served inert, list-v2, and Supabase's messages and error shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { PNG_BYTES, countRows, newUserId, startStorageBackend } from './helpers.js';
import type { StorageTestBackend } from './helpers.js';

/** The first bytes of a JFIF JPEG (enough for any sniffer), then filler. */
const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(200, 0x11),
  Buffer.from([0xff, 0xd9]),
]);
const ZIP_BYTES = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00]);
const HTML = '<!doctype html><html><body><script>document.title = "pwned"</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describe.each(DATABASES)('storage wire compatibility on %s', (database) => {
  let t: StorageTestBackend;

  beforeAll(async () => {
    t = await startStorageBackend(database);
    const storage = t.serviceClient().storage;
    expect((await storage.createBucket('site', { public: true })).error).toBeNull();
    expect((await storage.createBucket('images', { public: false, allowedMimeTypes: ['image/*'] })).error).toBeNull();
    expect((await storage.createBucket('png-only', { public: false, allowedMimeTypes: ['image/png'] })).error).toBeNull();
    expect((await storage.createBucket('small', { public: false, fileSizeLimit: 100 })).error).toBeNull();
    expect((await storage.createBucket('tree', { public: false })).error).toBeNull();
  });

  afterAll(async () => {
    await t.stop();
  });

  it("accepts uploads sent with the client's default type, storing what the bytes clearly are", async () => {
    const site = t.serviceClient().storage.from('site');
    // No contentType: storage-js sends the raw body as text/plain;charset=UTF-8.
    const photo = await site.upload('photos/cat.jpg', JPEG_BYTES);
    expect(photo.error).toBeNull();
    expect((await site.info('photos/cat.jpg')).data).toMatchObject({ contentType: 'image/jpeg', size: JPEG_BYTES.length });
    const downloaded = await site.download('photos/cat.jpg');
    expect(downloaded.data?.type).toBe('image/jpeg');
    expect(Buffer.from((await downloaded.data?.arrayBuffer()) ?? new ArrayBuffer(0)).equals(JPEG_BYTES)).toBe(true);

    expect((await site.upload('archive.bin', ZIP_BYTES)).error).toBeNull();
    expect((await site.info('archive.bin')).data?.contentType).toBe('application/octet-stream');

    // Text keeps the declared type, as Supabase stores it.
    expect((await site.upload('notes/readme.txt', 'hello there')).error).toBeNull();
    expect((await site.info('notes/readme.txt')).data?.contentType).toBe('text/plain;charset=UTF-8');

    // A type the caller names is stored as named.
    expect((await site.upload('photos/named.png', PNG_BYTES, { contentType: 'image/png' })).error).toBeNull();
    expect((await site.info('photos/named.png')).data?.contentType).toBe('image/png');
  });

  it("keeps the bucket's allowed types and size limit as the gate for default-typed uploads", async () => {
    const storage = t.serviceClient().storage;
    const before = t.filesOnDisk();
    expect((await storage.from('images').upload('pixel.png', PNG_BYTES)).error).toBeNull();
    expect((await storage.from('images').info('pixel.png')).data?.contentType).toBe('image/png');
    expect((await storage.from('images').upload('note.txt', 'only text')).error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });
    expect((await storage.from('png-only').upload('cat.jpg', JPEG_BYTES)).error).toMatchObject({
      statusCode: '415',
      message: 'mime type image/jpeg is not supported',
    });
    expect((await storage.from('small').upload('cat.jpg', JPEG_BYTES)).error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    // A named type that contradicts the bytes is still refused.
    expect((await storage.from('images').upload('fake.png', HTML, { contentType: 'image/png' })).error).toMatchObject({
      statusCode: '415',
    });
    expect(await countRows(t, 'png-only')).toBe(0);
    expect(await countRows(t, 'small')).toBe(0);
    expect(t.filesOnDisk().length).toBe(before.length + 1);
    expect(t.filesOnDisk().filter((file) => file.startsWith('.staging/'))).toEqual([]);
  });

  it('serves HTML, SVG and XML from a public bucket as inert downloads, never inline', async () => {
    const site = t.serviceClient().storage.from('site');
    expect((await site.upload('page.html', HTML, { contentType: 'text/html' })).error).toBeNull();
    expect((await site.upload('logo.svg', SVG, { contentType: 'image/svg+xml' })).error).toBeNull();
    expect((await site.upload('feed.xml', '<?xml version="1.0"?><feed/>', { contentType: 'application/xml' })).error).toBeNull();
    for (const [path, name] of [['page.html', 'page.html'], ['logo.svg', 'logo.svg'], ['feed.xml', 'feed.xml']] as const) {
      const response = await fetch(site.getPublicUrl(path).data.publicUrl);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-disposition'), path).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain('sandbox');
      await response.arrayBuffer();
    }
    // The same through a signed URL.
    const signed = await site.createSignedUrl('page.html', 60);
    const viaSigned = await fetch(signed.data?.signedUrl ?? 'http://127.0.0.1:9/missing');
    expect(viaSigned.headers.get('content-disposition')).toMatch(/^attachment;/);
    await viaSigned.arrayBuffer();

    // HTML sent with the default type stays text/plain and is never sniffed into HTML.
    expect((await site.upload('sneaky.txt', HTML)).error).toBeNull();
    const sneaky = await fetch(site.getPublicUrl('sneaky.txt').data.publicUrl);
    expect(sneaky.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(sneaky.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sneaky.text()).toBe(HTML);

    // Images still display inline.
    const image = await fetch(site.getPublicUrl('photos/cat.jpg').data.publicUrl);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('content-disposition')).toBeNull();
    await image.arrayBuffer();
  });

  it('lists with list-v2: folders at the delimiter, cursors, and RLS deciding what is seen', async () => {
    const tree = t.serviceClient().storage.from('tree');
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'docs/one.txt', 'docs/two.txt', 'docs/deep/three.txt', 'pics/p.png']) {
      expect((await tree.upload(name, `content of ${name}`, { contentType: 'text/plain' })).error).toBeNull();
    }
    const grouped = await tree.listV2({ with_delimiter: true });
    expect(grouped.error).toBeNull();
    expect(grouped.data).toMatchObject({
      hasNext: false,
      folders: [
        { name: 'docs/', key: 'docs' },
        { name: 'pics/', key: 'pics' },
      ],
    });
    expect(grouped.data?.nextCursor).toBeUndefined();
    expect(grouped.data?.objects.map((object) => object.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(grouped.data?.objects[0]).toMatchObject({
      id: expect.any(String),
      key: 'a.txt',
      metadata: { size: 16, mimetype: 'text/plain' },
      created_at: expect.any(String),
    });

    const inDocs = await tree.listV2({ prefix: 'docs/', with_delimiter: true });
    // Names are full paths, as Supabase Storage answers; a folder's key has no trailing slash.
    expect(inDocs.data?.folders).toEqual([{ name: 'docs/deep/', key: 'docs/deep' }]);
    expect(inDocs.data?.objects.map((object) => [object.name, object.key])).toEqual([
      ['docs/one.txt', 'docs/one.txt'],
      ['docs/two.txt', 'docs/two.txt'],
    ]);
    const partial = await tree.listV2({ prefix: 'docs/o', with_delimiter: true });
    expect(partial.data?.objects.map((object) => object.name)).toEqual(['docs/one.txt']);

    // Flat, two at a time: every object once, in order, then no cursor.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await tree.listV2({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(result.error).toBeNull();
      seen.push(...(result.data?.objects.map((object) => object.key ?? '') ?? []));
      cursor = result.data?.nextCursor;
      expect(result.data?.hasNext).toBe(cursor !== undefined);
      if (!cursor) break;
    }
    expect(seen).toEqual(['a.txt', 'b.txt', 'c.txt', 'docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt', 'pics/p.png']);

    const newestFirst = await tree.listV2({ prefix: 'docs/', sortBy: { column: 'created_at', order: 'desc' }, limit: 1 });
    const next = await tree.listV2({
      prefix: 'docs/',
      sortBy: { column: 'created_at', order: 'desc' },
      limit: 1,
      cursor: newestFirst.data?.nextCursor,
    });
    expect([newestFirst.data?.objects[0]?.key, next.data?.objects[0]?.key]).toEqual(['docs/deep/three.txt', 'docs/two.txt']);

    // A user with no policy sees nothing.
    const stranger = await t.userClient(newUserId());
    expect((await stranger.storage.from('tree').listV2({ with_delimiter: true })).data).toEqual({
      hasNext: false,
      folders: [],
      objects: [],
    });
  });

  it('refuses bad list-v2 input: forged or foreign cursors, bad prefixes, bad sorts', async () => {
    const tree = t.serviceClient().storage.from('tree');
    const first = await tree.listV2({ limit: 1 });
    const cursor = first.data?.nextCursor ?? '';
    for (const [options, message] of [
      [{ cursor: 'not a cursor!' }, 'Invalid cursor'],
      [{ cursor: Buffer.from('{"k":1}').toString('base64url') }, 'Invalid cursor'],
      [{ cursor, prefix: 'docs/' }, 'Invalid cursor'],
      [{ cursor, with_delimiter: true }, 'Invalid cursor'],
      [{ with_delimiter: true, sortBy: { column: 'created_at' as const } }, 'sortBy column must be name when with_delimiter is true'],
    ] as const) {
      const result = await tree.listV2(options);
      expect(result.error, JSON.stringify(options)).toMatchObject({ statusCode: '400', message });
    }
    const bad = await fetch(`${t.url}/storage/v1/object/list-v2/tree`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'a\u0000b', limit: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400' });
    const injected = await tree.listV2({ prefix: "%' or 1=1 --" });
    expect(injected.data).toEqual({ hasNext: false, folders: [], objects: [] });
  });

  it("answers with Supabase's messages and shapes", async () => {
    const storage = t.serviceClient().storage;
    // `type` comes with listBuckets, not getBucket, as Supabase Storage selects them.
    const bucket = (await storage.getBucket('tree')).data;
    expect(bucket).toMatchObject({ id: 'tree', name: 'tree', public: false, allowed_mime_types: null });
    expect(bucket).not.toHaveProperty('type');
    expect((await storage.listBuckets()).data?.find((entry) => entry.id === 'tree')).toMatchObject({ id: 'tree', type: 'STANDARD' });
    expect((await storage.emptyBucket('tree')).data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect(await countRows(t, 'tree')).toBe(0);
    const missing = await fetch(`${t.url}/storage/v1/object/list-v2/tree`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '400',
      error: 'Error',
      message: "headers must have required property 'authorization'",
    });
    // listBuckets has no header schema: the missing token fails Storage's JWT check, and nothing is listed.
    const noToken = await fetch(`${t.url}/storage/v1/bucket`);
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' });
  });
});
