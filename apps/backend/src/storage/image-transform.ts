import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { z } from 'zod';
import { StorageError, storageErrors } from './errors.js';

/** Supabase's documented limits: 1–2500 px a side, sources up to 25 MB and 50 megapixels. */
export const MAX_DIMENSION = 2500;
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
export const MAX_SOURCE_PIXELS = 50_000_000;
const DEFAULT_QUALITY = 80;

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type RequestedFormat = 'origin' | 'avif' | 'webp';
export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface TransformOptions {
  width?: number | undefined;
  height?: number | undefined;
  resize?: ResizeMode | undefined;
  quality?: number | undefined;
  format?: RequestedFormat | undefined;
}

/** What can be given as a query parameter or inside a signed URL's `transform`. */
const integer = (name: string, min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = String(value).trim();
    const parsed = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(parsed)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be integer` });
      return z.NEVER;
    }
    if (parsed < min) ctx.addIssue({ code: 'custom', message: `${name} must be >= ${min}` });
    if (parsed > max) ctx.addIssue({ code: 'custom', message: `${name} must be <= ${max}` });
    return parsed;
  });

const enumOf = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z.string().refine((value): value is T => (values as readonly string[]).includes(value), {
    message: `${name} must be equal to one of the allowed values (${values.join(', ')})`,
  }) as unknown as z.ZodType<T>;

const transformSchema = z.object({
  width: integer('width', 1, MAX_DIMENSION).optional(),
  height: integer('height', 1, MAX_DIMENSION).optional(),
  resize: enumOf<ResizeMode>('resize', ['cover', 'contain', 'fill']).optional(),
  quality: integer('quality', 20, 100).optional(),
  format: enumOf<RequestedFormat>('format', ['origin', 'avif', 'webp']).optional(),
});

/** A bad option is Storage's request-validation error: HTTP 400, `querystring/<name> must …`. */
function validationError(where: 'querystring' | 'body/transform', error: z.ZodError): StorageError {
  const issue = error.issues[0];
  const message = issue?.message ?? 'is invalid';
  return new StorageError(400, 'InvalidRequest', `${where}/${message}`, 'Bad Request', false);
}

/** Parses the render routes' query (unknown parameters such as `token` or `cacheNonce` are ignored). */
export function parseTransformQuery(query: Record<string, string>): TransformOptions {
  const picked: Record<string, string> = {};
  for (const name of ['width', 'height', 'resize', 'quality', 'format'] as const) {
    const value = query[name];
    // storage-js leaves out a 0 or an empty value; so does Storage's renderer.
    if (value !== undefined && value !== '') picked[name] = value;
  }
  const parsed = transformSchema.safeParse(picked);
  if (!parsed.success) throw validationError('querystring', parsed.error);
  return parsed.data;
}

/** The `transform` of `createSignedUrl(path, expiresIn, { transform })`. */
export const signTransformSchema = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const picked: Record<string, unknown> = {};
  for (const name of ['width', 'height', 'resize', 'quality', 'format'] as const) {
    const value = raw[name];
    if (value !== undefined && value !== null && value !== '' && value !== 0) picked[name] = value;
  }
  const parsed = transformSchema.safeParse(picked);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'is invalid' });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * The options as one canonical string, `width:200,height:100,resize:cover,quality:80,format:webp`
 * (only what was given, always in that order). It is what a signed URL's token carries, the
 * `x-transformations` header, and part of the cache key.
 */
export function transformationsString(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.width) parts.push(`width:${options.width}`);
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width || options.height) parts.push(`resize:${options.resize ?? 'cover'}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format) parts.push(`format:${options.format}`);
  return parts.join(',');
}

/** Reads a token's `transformations` back; anything that does not parse is refused. */
export function parseTransformationsString(text: string): TransformOptions {
  const query: Record<string, string> = {};
  if (text !== '') {
    for (const part of text.split(',')) {
      const [name, value, extra] = part.split(':');
      if (!name || value === undefined || extra !== undefined) throw storageErrors.invalidSignature();
      query[name] = value;
    }
  }
  try {
    return parseTransformQuery(query);
  } catch {
    throw storageErrors.invalidSignature();
  }
}

const SOURCE_FORMATS: Record<string, OutputFormat> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  heif: 'avif',
};

export const OUTPUT_CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

function accepts(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  return accept.split(',').some((entry) => {
    const [media, ...params] = entry.trim().toLowerCase().split(';');
    if (media?.trim() !== type) return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The format to send: the source's own for `format=origin`; the one asked for by name; otherwise
 * (no format) AVIF when the client accepts it, else WebP when it does, else the source's own.
 */
export function chooseOutputFormat(requested: RequestedFormat | undefined, source: OutputFormat, accept: string | undefined): OutputFormat {
  if (requested === 'origin') return source;
  if (requested === 'avif' || requested === 'webp') return requested;
  if (accepts(accept, 'image/avif')) return 'avif';
  if (accepts(accept, 'image/webp')) return 'webp';
  return source;
}

export interface RenderedImage {
  bytes: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
  etag: string;
}

const notAnImage = (): StorageError =>
  new StorageError(415, 'InvalidMimeType', 'The object is not an image that can be transformed (JPEG, PNG, WebP, GIF or AVIF)', 'invalid_mime_type');
const sourceTooLarge = (): StorageError =>
  new StorageError(
    413,
    'EntityTooLarge',
    `The image is too large to transform (at most ${MAX_SOURCE_BYTES / 1024 / 1024} MB and ${MAX_SOURCE_PIXELS / 1_000_000} megapixels)`,
    'Payload too large',
  );

/** Checked before a byte is read: the object's stored size. */
export function assertSourceSize(size: number): void {
  if (size > MAX_SOURCE_BYTES) throw sourceTooLarge();
}

/** The source's format, or 415 for anything that is not one of the raster formats we render. */
export async function sourceFormat(input: Buffer): Promise<OutputFormat> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const format = metadata.format ? SOURCE_FORMATS[metadata.format] : undefined;
  if (!format) throw notAnImage();
  if (format === 'avif' && metadata.compression !== 'av1') throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_SOURCE_PIXELS) throw sourceTooLarge();
  return format;
}

/**
 * Resizes and re-encodes. Never enlarges: an output side is at most the asked size and at most
 * the source's (so the output is bounded by the 2500 px option limit and the source's pixels).
 * EXIF orientation is applied; metadata (EXIF, GPS, ICC beyond sRGB) is not copied.
 */
export async function renderImage(input: Buffer, options: TransformOptions, format: OutputFormat): Promise<RenderedImage> {
  let pipeline = sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' }).rotate();
  if (options.width || options.height) {
    pipeline = pipeline.resize({
      width: options.width,
      height: options.height,
      // cover: fill the box, crop the overflow (centred); contain: fit inside the box, keep the
      // aspect ratio, no padding; fill: stretch to the box.
      fit: options.resize === 'contain' ? 'inside' : (options.resize ?? 'cover'),
      withoutEnlargement: true,
    });
  }
  const quality = options.quality ?? DEFAULT_QUALITY;
  switch (format) {
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality });
      break;
    case 'png':
      pipeline = pipeline.png();
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality });
      break;
    case 'gif':
      pipeline = pipeline.gif();
      break;
    case 'avif':
      pipeline = pipeline.avif({ quality, effort: 2 });
      break;
  }
  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw sourceTooLarge();
    throw notAnImage();
  }
  const etag = `"${createHash('sha256').update(result.data).digest('base64url').slice(0, 27)}"`;
  return { bytes: result.data, format, width: result.info.width, height: result.info.height, etag };
}

/**
 * Rendered images by `<bucket>/<object version>|<options>|<format>`, least recently used first
 * out, within a byte budget. An upload makes a new object version, so a replaced image is never
 * answered from the cache; entries of deleted versions age out. Concurrent requests for the same
 * key share one encode.
 */
export class RenderCache {
  private readonly entries = new Map<string, RenderedImage>();
  private readonly inFlight = new Map<string, Promise<RenderedImage>>();
  private bytes = 0;
  /** How many times an image was actually encoded (not served from the cache). */
  encodes = 0;

  constructor(private readonly budgetBytes: number) {}

  async get(key: string, render: () => Promise<RenderedImage>): Promise<{ image: RenderedImage; hit: boolean }> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return { image: cached, hit: true };
    }
    const pending = this.inFlight.get(key);
    if (pending) return { image: await pending, hit: true };
    const started = (async () => {
      this.encodes += 1;
      return render();
    })();
    this.inFlight.set(key, started);
    try {
      const image = await started;
      this.remember(key, image);
      return { image, hit: false };
    } finally {
      this.inFlight.delete(key);
    }
  }

  private remember(key: string, image: RenderedImage): void {
    if (image.bytes.length > this.budgetBytes) return;
    this.entries.set(key, image);
    this.bytes += image.bytes.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes.length;
    }
  }
}
