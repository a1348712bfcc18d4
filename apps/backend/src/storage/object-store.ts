import { copyFile, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/** Where an object's bytes live: its bucket and the object version's id. */
export interface ObjectLocation {
  bucket: string;
  /** The object version (a uuid): a new upload never overwrites the bytes a reader may be streaming. */
  version: string;
}

/** A file already written to local disk by the upload pipeline, ready to be handed to the store. */
export interface StagedFile {
  path: string;
  size: number;
}

export interface ByteRange {
  /** Inclusive first and last byte. */
  start: number;
  end: number;
}

/** An object opened for reading: its size is known, and the bytes stay readable even if the
 * object is replaced or deleted meanwhile (a download in flight is never cut short). */
export interface StoredObject {
  size: number;
  /** Streams the bytes, or a range of them; closes the object at the end. Call at most once. */
  read(range?: ByteRange): Readable;
  /** Releases the object without reading it (HEAD, 416). */
  close(): Promise<void>;
}

/**
 * The byte store behind /storage/v1. Metadata and access rules stay in Postgres; a store only
 * keeps bytes, so an S3-compatible adapter can replace the file-system one.
 */
export interface ObjectStore {
  /** Takes ownership of a staged file and stores it at location. */
  put(location: ObjectLocation, staged: StagedFile): Promise<void>;
  /** Opens the object for reading, or undefined when nothing is stored there. */
  get(location: ObjectLocation): Promise<StoredObject | undefined>;
  stat(location: ObjectLocation): Promise<{ size: number } | undefined>;
  /** Idempotent: deleting what is not there is not an error. */
  delete(location: ObjectLocation): Promise<void>;
  copy(from: ObjectLocation, to: ObjectLocation): Promise<void>;
  move(from: ObjectLocation, to: ObjectLocation): Promise<void>;
}

const SAFE_DIR = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Bucket ids come from the database (an app may insert buckets with SQL), so a directory name is
 * derived, never trusted: plain names are used as they are, anything else is hex-encoded behind
 * a `~` that no plain name starts with.
 */
export function bucketDirectory(bucket: string): string {
  return SAFE_DIR.test(bucket) && bucket.length <= 100 ? bucket : `~${Buffer.from(bucket, 'utf8').toString('hex')}`;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Bytes under `<root>/<bucket>/<version>` on the local disk. */
export function createFsObjectStore(root: string): ObjectStore {
  const pathOf = (location: ObjectLocation): string => {
    if (!VERSION.test(location.version)) throw new Error(`Invalid object version ${location.version}`);
    return join(root, bucketDirectory(location.bucket), location.version);
  };
  const moveFile = async (from: string, to: string): Promise<void> => {
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(from, to);
      await unlink(from);
    }
  };
  return {
    async put(location, staged) {
      await moveFile(staged.path, pathOf(location));
    },
    async get(location) {
      let handle;
      try {
        handle = await open(pathOf(location), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      const opened = handle;
      try {
        const { size } = await opened.stat();
        return {
          size,
          read: (range) => opened.createReadStream(range ? { start: range.start, end: range.end } : {}),
          close: () => opened.close(),
        };
      } catch (error) {
        await opened.close();
        throw error;
      }
    },
    async stat(location) {
      try {
        return { size: (await stat(pathOf(location))).size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(location) {
      await rm(pathOf(location), { force: true });
    },
    async copy(from, to) {
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(pathOf(from), target);
    },
    async move(from, to) {
      await moveFile(pathOf(from), pathOf(to));
    },
  };
}
