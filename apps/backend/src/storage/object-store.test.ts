import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { ByteRange, ObjectLocation, ObjectStore } from './object-store.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleStagingFiles } from './ingest.js';
import { bucketDirectory, createFsObjectStore } from './object-store.js';

describe('file-system object store', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'appforge-store-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Opens and reads an object; fails the test when nothing is stored there. */
  const readAll = async (store: ObjectStore, where: ObjectLocation, range?: ByteRange): Promise<string> => {
    const opened = await store.get(where);
    if (!opened) throw new Error('object missing');
    return text(opened.read(range));
  };

  const stage = (content: string): { path: string; size: number } => {
    const path = join(root, `staged-${randomUUID()}`);
    writeFileSync(path, content);
    return { path, size: content.length };
  };

  it('stores, reads (whole and ranges), copies, moves and deletes bytes', async () => {
    const store = createFsObjectStore(join(root, 'storage'));
    const a = { bucket: 'docs', version: randomUUID() };
    await store.put(a, stage('hello world'));
    expect(await store.stat(a)).toEqual({ size: 11 });
    expect((await store.get(a))?.size).toBe(11);
    expect(await readAll(store, a)).toBe('hello world');
    expect(await readAll(store, a, { start: 6, end: 10 })).toBe('world');

    const b = { bucket: 'other bucket', version: randomUUID() };
    await store.copy(a, b);
    const c = { bucket: 'docs', version: randomUUID() };
    await store.move(b, c);
    expect(await store.stat(b)).toBeUndefined();
    expect(await readAll(store, c)).toBe('hello world');
    await store.delete(a);
    await store.delete(a);
    expect(await store.get(a)).toBeUndefined();
  });

  it('keeps a download going when the object is deleted after it was opened', async () => {
    const store = createFsObjectStore(join(root, 'storage'));
    const where = { bucket: 'docs', version: randomUUID() };
    await store.put(where, stage('still readable'));
    const opened = await store.get(where);
    if (!opened) throw new Error('object missing');
    await store.delete(where);
    expect(await text(opened.read())).toBe('still readable');
  });

  it('never lets a bucket id or version choose a path outside the store', async () => {
    expect(bucketDirectory('avatars')).toBe('avatars');
    for (const hostile of ['..', '.staging', '../etc', 'a/b', 'a\\b', 'x'.repeat(101)]) {
      expect(bucketDirectory(hostile)).toMatch(/^~[0-9a-f]+$/);
    }
    const store = createFsObjectStore(join(root, 'storage'));
    await store.put({ bucket: '../escape', version: randomUUID() }, stage('contained'));
    expect(readdirSync(root).filter((name) => !name.startsWith('staged-'))).toEqual(['storage']);
    await expect(store.stat({ bucket: 'docs', version: '../../etc/passwd' })).rejects.toThrow(/Invalid object version/);
  });

  it('clears staging files left by a crashed upload, but not ones being written now', async () => {
    const staging = join(root, '.staging');
    mkdirSync(staging);
    writeFileSync(join(staging, 'old'), 'x');
    writeFileSync(join(staging, 'fresh'), 'y');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(staging, 'old'), hourAgo, hourAgo);
    expect(await removeStaleStagingFiles(staging, 60 * 60 * 1000)).toBe(1);
    expect(readdirSync(staging)).toEqual(['fresh']);
    expect(await removeStaleStagingFiles(join(root, 'missing'), 1)).toBe(0);
  });
});
