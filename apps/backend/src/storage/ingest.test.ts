import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageError } from './errors.js';
import { stageUpload } from './ingest.js';

describe('stageUpload', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'appforge-ingest-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const post = (body: RequestInit['body'], headers: Record<string, string> = {}): Request =>
    new Request('http://storage.test/object/b/k', { method: 'POST', body, headers, duplex: 'half' });

  it('writes a raw body to a staging file with its size, MD5, type, cache control and metadata', async () => {
    const metadata = Buffer.from(JSON.stringify({ album: 'summer' })).toString('base64');
    const staged = await stageUpload(
      post('hello world', { 'content-type': 'text/plain', 'cache-control': 'max-age=60', 'x-metadata': metadata }),
      { stagingDir: dir, maxBytes: 100 },
    );
    expect(readFileSync(staged.path, 'utf8')).toBe('hello world');
    expect(staged).toMatchObject({
      size: 11,
      md5: '5eb63bbbe01eeed093cb22bb8f5acdc3',
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
      userMetadata: { album: 'summer' },
    });
  });

  it('reads the file part of a multipart body with its cacheControl and metadata fields', async () => {
    const form = new FormData();
    form.append('cacheControl', '120');
    form.append('metadata', JSON.stringify({ owner: 'me' }));
    form.append('', new Blob(['<svg></svg>'], { type: 'image/svg+xml' }), 'logo.svg');
    const staged = await stageUpload(post(form), { stagingDir: dir, maxBytes: 100 });
    expect(readFileSync(staged.path, 'utf8')).toBe('<svg></svg>');
    expect(staged).toMatchObject({ contentType: 'image/svg+xml', cacheControl: 'max-age=120', userMetadata: { owner: 'me' } });
  });

  it('refuses a body past the limit, streamed or declared, and leaves no staging file', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new Uint8Array(100));
        controller.close();
      },
    });
    await expect(stageUpload(post(stream), { stagingDir: dir, maxBytes: 500 })).rejects.toMatchObject({
      statusCode: 413,
      code: 'EntityTooLarge',
    });
    await expect(
      stageUpload(post('x'.repeat(600), { 'content-type': 'text/plain' }), { stagingDir: dir, maxBytes: 500 }),
    ).rejects.toBeInstanceOf(StorageError);
    const form = new FormData();
    form.append('', new Blob(['y'.repeat(700)]), 'big.bin');
    await expect(stageUpload(post(form), { stagingDir: dir, maxBytes: 500 })).rejects.toMatchObject({ statusCode: 413 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses multipart without a file, and metadata that is not a JSON object', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    await expect(stageUpload(post(form), { stagingDir: dir, maxBytes: 100 })).rejects.toMatchObject({
      message: 'No content provided',
    });
    const bad = Buffer.from('[1,2]').toString('base64');
    await expect(
      stageUpload(post('x', { 'content-type': 'text/plain', 'x-metadata': bad }), { stagingDir: dir, maxBytes: 100 }),
    ).rejects.toMatchObject({ code: 'InvalidParameter' });
    expect(readdirSync(dir)).toEqual([]);
  });
});
