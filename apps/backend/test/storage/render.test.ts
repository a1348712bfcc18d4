// Storage image transformations (/storage/v1/render/image/…) through the unchanged supabase-js
// client: the URLs it builds (getPublicUrl, createSignedUrl, download with `transform`), what
// comes back (read with sharp), the limits, and who may render what.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { OWN_FOLDER_POLICIES, newUserId, startStorageBackend } from './helpers.js';
import type { StorageTestBackend } from './helpers.js';

/** A 400×300 picture with a red left half and a blue right half. */
async function picture(format: 'png' | 'jpeg', width = 400, height = 300): Promise<Buffer> {
  const half = await sharp({ create: { width: Math.ceil(width / 2), height, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: half, left: Math.floor(width / 2), top: 0 }])
    .toFormat(format)
    .toBuffer();
}

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

async function shape(bytes: ArrayBuffer | Buffer): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined }> {
  const metadata = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height };
}

describe.each(DATABASES)('storage image transformations on %s', (database) => {
  let t: StorageTestBackend;
  let service: SupabaseClient;
  const aliceId = newUserId();
  const bobId = newUserId();
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  const alicePhoto = `${aliceId}/photo.png`;
  let png: Buffer;

  beforeAll(async () => {
    t = await startStorageBackend(database);
    service = t.serviceClient();
    expect((await service.storage.createBucket('pub', { public: true })).error).toBeNull();
    expect((await service.storage.createBucket('private', { public: false })).error).toBeNull();
    await t.db.exec(OWN_FOLDER_POLICIES);
    png = await picture('png');
    const files = service.storage.from('pub');
    expect((await files.upload('photo.png', png, { contentType: 'image/png' })).error).toBeNull();
    expect((await files.upload('photo.jpg', await picture('jpeg'), { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await files.upload('notes.txt', 'not a picture at all', { contentType: 'text/plain' })).error).toBeNull();
    alice = await t.userClient(aliceId);
    bob = await t.userClient(bobId);
    expect((await alice.storage.from('private').upload(alicePhoto, png, { contentType: 'image/png' })).error).toBeNull();
  });
  afterAll(() => t.stop());

  const publicUrl = (path: string, transform: Parameters<ReturnType<SupabaseClient['storage']['from']>['getPublicUrl']>[1]): string =>
    service.storage.from('pub').getPublicUrl(path, transform).data.publicUrl;

  it('serves a public image resized as getPublicUrl asks, as WebP when the browser accepts it', async () => {
    const url = publicUrl('photo.png', { transform: { width: 100, height: 50 } });
    expect(url).toBe(`${t.url}/storage/v1/render/image/public/pub/photo.png?width=100&height=50`);
    const response = await fetch(url, { headers: { accept: 'image/avif;q=0,image/webp,*/*' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-transformations')).toBe('width:100,height:50,resize:cover');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(await shape(await response.arrayBuffer())).toEqual({ format: 'webp', width: 100, height: 50 });
  });

  it('picks AVIF, WebP or the original format from Accept, and keeps the original with format=origin', async () => {
    const url = publicUrl('photo.jpg', { transform: { width: 40 } });
    const as = async (accept: string | undefined, target = url) => {
      const response = await fetch(target, accept ? { headers: { accept } } : {});
      expect(response.status).toBe(200);
      return { type: response.headers.get('content-type'), ...(await shape(await response.arrayBuffer())) };
    };
    expect(await as('image/avif,image/webp,*/*')).toEqual({ type: 'image/avif', format: 'heif', width: 40, height: 30 });
    expect(await as('image/webp,*/*')).toEqual({ type: 'image/webp', format: 'webp', width: 40, height: 30 });
    expect(await as('*/*')).toEqual({ type: 'image/jpeg', format: 'jpeg', width: 40, height: 30 });
    expect(await as(undefined)).toEqual({ type: 'image/jpeg', format: 'jpeg', width: 40, height: 30 });
    const origin = publicUrl('photo.png', { transform: { width: 40, format: 'origin' } });
    expect(await as('image/avif,image/webp,*/*', origin)).toEqual({ type: 'image/png', format: 'png', width: 40, height: 30 });
  });

  it('resizes with cover, contain and fill, never enlarging past the source', async () => {
    const sized = async (transform: Record<string, unknown>) => {
      const { data, error } = await service.storage.from('pub').download('photo.png', { transform: { format: 'origin', ...transform } });
      expect(error).toBeNull();
      return shape(await must(data).arrayBuffer());
    };
    expect(await sized({ width: 100, height: 100, resize: 'cover' })).toMatchObject({ width: 100, height: 100 });
    expect(await sized({ width: 100, height: 100, resize: 'contain' })).toMatchObject({ width: 100, height: 75 });
    expect(await sized({ width: 100, height: 20, resize: 'fill' })).toMatchObject({ width: 100, height: 20 });
    expect(await sized({ height: 150 })).toMatchObject({ width: 200, height: 150 });
    // The largest sizes allowed on a 400×300 source: no upscaling.
    expect(await sized({ width: 2500, height: 2500, resize: 'contain' })).toMatchObject({ width: 400, height: 300 });

    // cover crops to the centre: the red left half and the blue right half both stay.
    const { data } = await service.storage.from('pub').download('photo.png', { transform: { width: 10, height: 10, format: 'origin' } });
    const { data: pixels } = await sharp(Buffer.from(await must(data).arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([pixels[0], pixels[2]]).toEqual([255, 0]);
    expect([pixels[27], pixels[29]]).toEqual([0, 255]);
  });

  it('encodes with the quality asked for', async () => {
    const sizeAt = async (quality: number) => {
      const response = await fetch(publicUrl('photo.jpg', { transform: { width: 300, quality, format: 'origin' } }));
      expect(response.status).toBe(200);
      return (await response.arrayBuffer()).byteLength;
    };
    expect(await sizeAt(20)).toBeLessThan(await sizeAt(100));
  });

  it('refuses bad options with Storage’s validation error and renders nothing', async () => {
    const bad = async (query: string) => {
      const response = await fetch(`${t.url}/storage/v1/render/image/public/pub/photo.png?${query}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await bad('width=2501')).toEqual({
      status: 400,
      body: { statusCode: '400', error: 'Bad Request', message: 'querystring/width must be <= 2500' },
    });
    expect((await bad('height=-5')).body.message).toBe('querystring/height must be integer');
    expect((await bad('width=abc')).body.message).toBe('querystring/width must be integer');
    expect((await bad('width=1e3')).body.message).toBe('querystring/width must be integer');
    expect((await bad('width=100000000000')).body.message).toBe('querystring/width must be integer');
    expect((await bad('quality=10')).body.message).toBe('querystring/quality must be >= 20');
    expect((await bad('quality=101')).body.message).toBe('querystring/quality must be <= 100');
    expect((await bad('resize=stretch')).body.message).toMatch(/^querystring\/resize must be equal to one of the allowed values/);
    expect((await bad('format=gif')).body.message).toMatch(/^querystring\/format must be equal to one of the allowed values/);

    // Through the client: a download with a too-large width is an error, not a picture.
    const { data, error } = await service.storage.from('pub').download('photo.png', { transform: { width: 99999 } });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('answers a clear error for what is not an image, is missing, or is not in a public bucket', async () => {
    const response = await fetch(publicUrl('notes.txt', { transform: { width: 10 } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });

    const missing = await fetch(publicUrl('nope.png', { transform: { width: 10 } }));
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });

    // A private bucket is not served by the public route, whatever the object.
    const privateUrl = `${t.url}/storage/v1/render/image/public/private/${alicePhoto}?width=10`;
    expect(await (await fetch(privateUrl)).json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('refuses a path that climbs out of the bucket', async () => {
    for (const path of [`..%2Fprivate%2F${aliceId}%2Fphoto.png`, `x%2F..%2F..%2Fprivate%2F${aliceId}%2Fphoto.png`, '%2Fetc%2Fpasswd']) {
      const response = await fetch(`${t.url}/storage/v1/render/image/public/pub/${path}?width=10`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'InvalidKey' });
    }
  });

  it('refuses sources over 25 MB or 50 megapixels before decoding them', async () => {
    const files = service.storage.from('pub');
    // 7100×7100 ≈ 50.4 MP, a few kilobytes as a PNG: a decompression bomb.
    const bomb = await sharp({ create: { width: 7100, height: 7100, channels: 3, background: '#000000' } }).png().toBuffer();
    expect((await files.upload('bomb.png', bomb, { contentType: 'image/png' })).error).toBeNull();
    const bombResponse = await fetch(publicUrl('bomb.png', { transform: { width: 10 } }));
    expect(await bombResponse.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });

    const huge = Buffer.concat([await picture('jpeg'), Buffer.alloc(25 * 1024 * 1024)]);
    expect((await files.upload('huge.jpg', huge, { contentType: 'image/jpeg' })).error).toBeNull();
    const hugeResponse = await fetch(publicUrl('huge.jpg', { transform: { width: 10 } }));
    expect(await hugeResponse.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('renders a private image for its owner through /authenticated, and for nobody else', async () => {
    const mine = await alice.storage.from('private').download(alicePhoto, { transform: { width: 80, height: 60, format: 'origin' } });
    expect(mine.error).toBeNull();
    expect(await shape(await must(mine.data).arrayBuffer())).toEqual({ format: 'png', width: 80, height: 60 });

    const theirs = await bob.storage.from('private').download(alicePhoto, { transform: { width: 80 } });
    expect(theirs.data).toBeNull();
    expect(theirs.error).toMatchObject({ statusCode: '404' });

    const anon = await t.client().storage.from('private').download(alicePhoto, { transform: { width: 80 } });
    expect(anon.data).toBeNull();
    expect(anon.error).not.toBeNull();

    const noToken = await fetch(`${t.url}/storage/v1/render/image/authenticated/private/${alicePhoto}?width=80`);
    expect(noToken.status).toBe(400);
    expect(noToken.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('signs a transformed URL whose token fixes the options, and refuses expired or tampered tokens', async () => {
    const signed = await alice.storage.from('private').createSignedUrl(alicePhoto, 120, {
      transform: { width: 64, height: 64, resize: 'contain', format: 'origin' },
    });
    expect(signed.error).toBeNull();
    const url = must(signed.data).signedUrl;
    expect(url.startsWith(`${t.url}/storage/v1/render/image/sign/private/${alicePhoto}?token=`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-transformations')).toBe('width:64,height:64,resize:contain,format:origin');
    expect(await shape(await response.arrayBuffer())).toEqual({ format: 'png', width: 64, height: 48 });

    // Query options cannot override what was signed.
    const overridden = await fetch(`${url}&width=400&height=300&resize=fill`);
    expect(await shape(await overridden.arrayBuffer())).toEqual({ format: 'png', width: 64, height: 48 });

    // A plain signed URL still points at the original object.
    const plain = await alice.storage.from('private').createSignedUrl(alicePhoto, 120);
    expect(must(plain.data).signedUrl).toContain('/storage/v1/object/sign/private/');

    // A bad transform is refused when signing.
    const badSign = await alice.storage.from('private').createSignedUrl(alicePhoto, 120, { transform: { width: 9000 } });
    expect(badSign.error).toMatchObject({ statusCode: '400' });

    // Tampered: the payload changed (a bigger size), the signature kept.
    const token = must(new URL(url).searchParams.get('token'));
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(must(payload), 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, transformations: 'width:2500' })).toString('base64url');
    const tampered = await fetch(`${t.url}/storage/v1/render/image/sign/private/${alicePhoto}?token=${header}.${forged}.${signature}`);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ code: 'InvalidJWT' });

    // Expired: signed with the right secret, an hour ago.
    const key = new TextEncoder().encode(t.deps.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ url: `private/${alicePhoto}`, transformations: 'width:10' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 1800)
      .sign(key);
    const old = await fetch(`${t.url}/storage/v1/render/image/sign/private/${alicePhoto}?token=${expired}`);
    expect(await old.json()).toMatchObject({ code: 'InvalidJWT', message: 'jwt expired' });

    // A valid token for another object does not open this one.
    const other = await service.storage.from('pub').createSignedUrl('photo.png', 120, { transform: { width: 10 } });
    const otherToken = must(new URL(must(other.data).signedUrl).searchParams.get('token'));
    const reused = await fetch(`${t.url}/storage/v1/render/image/sign/private/${alicePhoto}?token=${otherToken}`);
    expect(await reused.json()).toMatchObject({ code: 'InvalidSignature' });

    // A token whose transformations are not valid options (signed with the secret) is refused.
    const odd = await new SignJWT({ url: `private/${alicePhoto}`, transformations: 'width:99999' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(now + 600)
      .sign(key);
    const oddResponse = await fetch(`${t.url}/storage/v1/render/image/sign/private/${alicePhoto}?token=${odd}`);
    expect(await oddResponse.json()).toMatchObject({ code: 'InvalidSignature' });
  });

  it('answers a repeat from the cache, and renders again once the object is replaced', async () => {
    const files = service.storage.from('pub');
    expect((await files.upload('cached.png', png, { contentType: 'image/png' })).error).toBeNull();
    const url = publicUrl('cached.png', { transform: { width: 120, format: 'origin' } });
    const first = await fetch(url);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('x-transform-cache')).toBe('miss');
    const second = await fetch(url);
    expect(second.headers.get('x-transform-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);

    const revalidated = await fetch(url, { headers: { 'if-none-match': must(first.headers.get('etag')) } });
    expect(revalidated.status).toBe(304);

    // Other options are another rendering.
    const other = await fetch(publicUrl('cached.png', { transform: { width: 60, format: 'origin' } }));
    expect(other.headers.get('x-transform-cache')).toBe('miss');
    await other.arrayBuffer();

    // A new upload is a new object version: the old rendering is never served for it.
    const square = await picture('png', 200, 200);
    expect((await files.upload('cached.png', square, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const after = await fetch(url);
    expect(after.headers.get('x-transform-cache')).toBe('miss');
    expect(await shape(await after.arrayBuffer())).toEqual({ format: 'png', width: 120, height: 120 });
  });
});
