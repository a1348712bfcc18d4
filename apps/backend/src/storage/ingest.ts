import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { z } from 'zod';
import { storageErrors } from './errors.js';
import type { StagedFile } from './object-store.js';
import { SNIFF_BYTES } from './sniff.js';

/** An upload written to a staging file, with what was learnt while streaming it. */
export interface StagedUpload extends StagedFile {
  /** Hex MD5 of the bytes (the object's ETag, as S3 computes it for a single part). */
  md5: string;
  /** The first bytes, for content sniffing. */
  head: Uint8Array;
  /** The declared content type: the file part's type (multipart) or the Content-Type header. */
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

// After the limit is passed the rest of the body is read and thrown away, so the client gets the
// 413 answer instead of a reset connection; past this much more, the connection is cut.
const DRAIN_ALLOWANCE = 64 * 1024 * 1024;
// Multipart framing and fields on top of the file itself.
const MULTIPART_OVERHEAD = 1024 * 1024;

const userMetadataSchema = z.record(z.string(), z.unknown());

class TooLargeError extends Error {}

/** Counts, hashes and keeps the head of what passes; past maxBytes it stops passing bytes on. */
class Meter extends Transform {
  bytes = 0;
  exceeded = false;
  private readonly hash = createHash('md5');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(this.bytes > this.maxBytes + DRAIN_ALLOWANCE ? new TooLargeError() : undefined);
      return;
    }
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  get head(): Uint8Array {
    return Buffer.concat(this.headChunks);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

function cacheControlFrom(value: string | undefined, fromForm: boolean): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return 'no-cache';
  if (/^[0-9]{1,10}$/.test(trimmed)) return fromForm ? `max-age=${trimmed}` : trimmed;
  return /^[\x20-\x7e]{1,256}$/.test(trimmed) ? trimmed : 'no-cache';
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw storageErrors.invalidParameter('Invalid Parameter metadata: not valid JSON');
  }
  const parsed = userMetadataSchema.safeParse(value);
  if (!parsed.success) throw storageErrors.invalidParameter('Invalid Parameter metadata: must be a JSON object');
  return parsed.data;
}

function decodeMetadataHeader(header: string | undefined): Record<string, unknown> | null {
  if (!header) return null;
  if (header.length > 64 * 1024 || !/^[A-Za-z0-9+/=_-]*$/.test(header)) {
    throw storageErrors.invalidParameter('Invalid Parameter x-metadata: must be base64-encoded JSON');
  }
  return parseUserMetadata(Buffer.from(header, 'base64').toString('utf8'));
}

function bodyStream(request: Request): Readable {
  return request.body ? Readable.fromWeb(request.body as WebReadableStream<Uint8Array>) : Readable.from([]);
}

/**
 * Streams an upload (multipart/form-data as storage-js sends Blobs, or a raw body) into a staging
 * file, never holding it in memory. Past maxBytes nothing more is written and the staging file
 * is removed: the caller gets EntityTooLarge and nothing is left behind.
 */
export async function stageUpload(
  request: Request,
  options: { stagingDir: string; maxBytes: number },
): Promise<StagedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data\b/i.test(contentType);
  const declaredLength = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declaredLength) && declaredLength > options.maxBytes + (multipart ? MULTIPART_OVERHEAD : 0)) {
    throw storageErrors.entityTooLarge();
  }
  await mkdir(options.stagingDir, { recursive: true });
  const path = join(options.stagingDir, randomUUID());
  const meter = new Meter(options.maxBytes);
  try {
    let declaredType: string;
    let cacheControl: string;
    let userMetadata: Record<string, unknown> | null;
    if (multipart) {
      const form = await receiveMultipart(request, contentType, meter, path);
      declaredType = form.fileType;
      cacheControl = cacheControlFrom(form.fields.get('cacheControl'), true);
      userMetadata = parseUserMetadata(form.fields.get('metadata'));
    } else {
      await pipeline(bodyStream(request), meter, createWriteStream(path, { flags: 'wx' }));
      declaredType = contentType || 'application/octet-stream';
      cacheControl = cacheControlFrom(request.headers.get('cache-control') ?? undefined, false);
      userMetadata = decodeMetadataHeader(request.headers.get('x-metadata') ?? undefined);
    }
    if (meter.exceeded) throw storageErrors.entityTooLarge();
    return { path, size: meter.bytes, md5: meter.digest(), head: meter.head, contentType: declaredType, cacheControl, userMetadata };
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof TooLargeError || meter.exceeded) throw storageErrors.entityTooLarge();
    throw error;
  }
}

async function receiveMultipart(
  request: Request,
  contentType: string,
  meter: Meter,
  path: string,
): Promise<{ fileType: string; fields: Map<string, string> }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 16, parts: 32, fieldSize: 256 * 1024, fieldNameSize: 200 },
    });
  } catch {
    throw storageErrors.invalidRequest('Malformed multipart/form-data request');
  }
  const fields = new Map<string, string>();
  let fileType: string | undefined;
  let written: Promise<void> | undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (_name, file, info) => {
      if (written) {
        file.resume();
        return;
      }
      fileType = info.mimeType || 'application/octet-stream';
      written = pipeline(file, meter, createWriteStream(path, { flags: 'wx' }));
      // Surface a failure now so the parser is not left waiting on a dead pipeline.
      written.catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
    });
    parser.on('error', () => reject(storageErrors.invalidRequest('Malformed multipart/form-data request')));
    parser.on('close', () => resolve());
  });
  const source = bodyStream(request);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  await parsed;
  if (!written || fileType === undefined) throw storageErrors.invalidRequest('No content provided');
  await written;
  return { fileType, fields };
}

/**
 * Removes staging files left by a process that stopped mid-upload. Only files older than maxAgeMs
 * go, so an upload another process is writing right now is never touched.
 */
export async function removeStaleStagingFiles(stagingDir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(stagingDir, name);
    try {
      if (now - (await stat(path)).mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    } catch {
      // Gone already (finished or removed by another process).
    }
  }
  return removed;
}
