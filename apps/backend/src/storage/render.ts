import type { Hono } from 'hono';
import type { AppEnv, BackendDeps } from '../http/types.js';
import { storageErrors } from './errors.js';
import { asCaller, errorResponse, requireCaller } from './http.js';
import type { StorageContext } from './http.js';
import {
  OUTPUT_CONTENT_TYPES,
  RenderCache,
  assertSourceSize,
  chooseOutputFormat,
  parseTransformQuery,
  parseTransformationsString,
  renderImage,
  sourceFormat,
  transformationsString,
} from './image-transform.js';
import type { TransformOptions } from './image-transform.js';
import { assertBucketName, normaliseObjectKey } from './keys.js';
import { baseMimeType, isActiveContentType } from './mime.js';
import type { ObjectStore } from './object-store.js';
import type { UrlSigner } from './signing.js';

export interface RenderRouteOptions {
  store: ObjectStore;
  signer: UrlSigner;
  /** Bytes of rendered images kept in memory. */
  cacheBytes?: number;
}

interface RenderRow {
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  updated_at: Date | string;
}

const ROW_COLUMNS = 'bucket_id, name, version, metadata, updated_at';
const KEY = ':path{[\\s\\S]+}';
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Supabase Storage's image transformations: `/render/image/{public|authenticated|sign}/<bucket>/<key>`
 * answer a resized, re-encoded image. Access is decided exactly as for the matching `/object/…`
 * download (public bucket; the caller's RLS on storage.objects; a signed token, whose
 * `transformations` replace any query options).
 */
export function registerRenderRoutes(app: Hono<AppEnv>, deps: BackendDeps, options: RenderRouteOptions): RenderCache {
  const { store, signer } = options;
  const cache = new RenderCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);

  function target(c: StorageContext): { bucket: string; key: string } {
    return { bucket: assertBucketName(c.req.param('bucket')), key: normaliseObjectKey(c.req.param('path') ?? '') };
  }

  async function rowAsServer(bucket: string, key: string): Promise<RenderRow> {
    const result = await deps.db.query<RenderRow>(
      `select ${ROW_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, key],
    );
    const row = result.rows[0];
    if (!row) throw storageErrors.noSuchKey();
    return row;
  }

  async function send(c: StorageContext, row: RenderRow, transform: TransformOptions): Promise<Response> {
    const metadata = row.metadata ?? {};
    const mimetype = typeof metadata.mimetype === 'string' ? metadata.mimetype : 'application/octet-stream';
    if (!row.version) throw storageErrors.noSuchKey();
    const base = baseMimeType(mimetype);
    // Markup is never handed to the decoder (SVG may reference other files).
    if (isActiveContentType(base)) {
      throw storageErrors.invalidMimeType(`mime type ${base ?? mimetype} cannot be transformed`);
    }
    const object = await store.get({ bucket: row.bucket_id, version: row.version });
    if (!object) throw storageErrors.noSuchKey();
    try {
      assertSourceSize(object.size);
    } catch (error) {
      await object.close();
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of object.read()) chunks.push(chunk as Buffer);
    const input = Buffer.concat(chunks);
    assertSourceSize(input.length);

    const source = await sourceFormat(input);
    const format = chooseOutputFormat(transform.format, source, c.req.header('accept'));
    const transformations = transformationsString(transform);
    const cacheKey = `${row.bucket_id}/${row.version}|${transformations}|${format}`;
    const { image, hit } = await cache.get(cacheKey, () => renderImage(input, transform, format));

    const headers = new Headers({
      'content-type': OUTPUT_CONTENT_TYPES[image.format],
      'cache-control': typeof metadata.cacheControl === 'string' ? metadata.cacheControl : 'no-cache',
      'last-modified': new Date(row.updated_at instanceof Date ? row.updated_at : String(row.updated_at)).toUTCString(),
      etag: image.etag,
      'x-content-type-options': 'nosniff',
      'x-transform-cache': hit ? 'hit' : 'miss',
    });
    if (transformations) headers.set('x-transformations', transformations);
    // Without an explicit format the answer depends on the Accept header.
    if (transform.format === undefined) headers.set('vary', 'Accept');
    if (c.req.header('if-none-match') === image.etag) return new Response(null, { status: 304, headers });
    headers.set('content-length', String(image.bytes.length));
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(new Uint8Array(image.bytes), { status: 200, headers });
  }

  app.get(`/render/image/public/:bucket/${KEY}`, async (c) => {
    try {
      const { bucket, key } = target(c);
      const transform = parseTransformQuery(c.req.query());
      const found = await deps.db.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucket]);
      if (!found.rows[0]?.public) throw storageErrors.noSuchBucket();
      return await send(c, await rowAsServer(bucket, key), transform);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.get(`/render/image/authenticated/:bucket/${KEY}`, async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      const transform = parseTransformQuery(c.req.query());
      const row = await asCaller(deps, c, caller, true, async (tx) =>
        (
          await tx.query<RenderRow>(`select ${ROW_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
            bucket,
            key,
          ])
        ).rows[0],
      );
      if (!row) throw storageErrors.noSuchKey();
      return await send(c, row, transform);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.get(`/render/image/sign/:bucket/${KEY}`, async (c) => {
    try {
      const { bucket, key } = target(c);
      const claims = await signer.verify(c.req.query('token'), `${bucket}/${key}`, 'download');
      // The signer fixed the options: the query cannot change them.
      const transform = parseTransformationsString(claims.transformations ?? '');
      return await send(c, await rowAsServer(bucket, key), transform);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  return cache;
}
